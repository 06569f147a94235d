import { dashboardLimits, type Client } from '@patrol/contracts';
import { formatBusinessDate } from '@/lib/company-time';
import { Building2Icon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ListCardEmpty, ListCardHeader } from '@/features/dashboard/components/list-card-parts';
import { ActiveBadge } from '@/components/status-badge';

type RecentClientsCardProps = {
  clients: Client[];
  canViewClients: boolean;
  canAddClient: boolean;
};

function licenceCount(count: number): string {
  return `${count.toLocaleString('en-MY')} ${count === 1 ? 'licence' : 'licences'}`;
}

/** Recent Clients: the five newest clients, each row opening the client's page. */
export function RecentClientsCard({
  clients,
  canViewClients,
  canAddClient,
}: RecentClientsCardProps) {
  return (
    <Card>
      <ListCardHeader
        icon={Building2Icon}
        title="Recent Clients"
        description="The newest client companies"
        link={canViewClients ? { to: '/clients', label: 'View All' } : undefined}
      />
      <CardContent>
        {clients.length === 0 ? (
          <ListCardEmpty
            icon={Building2Icon}
            title="No Clients Yet"
            text="Add your first client company to start issuing licences."
          >
            {canAddClient && (
              <Button asChild size="sm" className="mt-1">
                <Link to="/clients/add">
                  <PlusIcon aria-hidden="true" />
                  Add Client
                </Link>
              </Button>
            )}
          </ListCardEmpty>
        ) : (
          <ul className="-mx-2" aria-label="Recent clients">
            {clients.slice(0, dashboardLimits.recentClients).map((client) => (
              <li key={client.id}>
                <Link
                  to={`/clients/${encodeURIComponent(client.companyId)}`}
                  className="flex items-center gap-3 rounded-md px-2 py-2.5 outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{client.companyName}</p>
                    <p className="text-xs text-muted-foreground">
                      Created {formatBusinessDate(client.createdAt)}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <ActiveBadge active={client.active} />
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {licenceCount(client.licenceCount)}
                    </span>
                  </div>
                  <ChevronRightIcon aria-hidden="true" className="size-4 text-muted-foreground" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
