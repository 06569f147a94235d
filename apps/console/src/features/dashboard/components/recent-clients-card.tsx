import { dashboardLimits, type Client } from '@patrol/contracts';
import { formatBusinessDate } from '@patrol/domain';
import { ArrowRightIcon, Building2Icon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';

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
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Building2Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          Recent Clients
        </CardTitle>
        <CardDescription>The newest client companies</CardDescription>
        {canViewClients && (
          <CardAction>
            <Button asChild variant="ghost" size="sm">
              <Link to="/clients">
                View All
                <ArrowRightIcon aria-hidden="true" />
              </Link>
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {clients.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <Building2Icon aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">No Clients Yet</p>
            <p className="max-w-xs text-sm text-muted-foreground">
              Add your first client company to start issuing licences.
            </p>
            {canAddClient && (
              <Button asChild size="sm" className="mt-1">
                <Link to="/clients/add">
                  <PlusIcon aria-hidden="true" />
                  Add Client
                </Link>
              </Button>
            )}
          </div>
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
                    <Badge variant={client.active ? 'success' : 'inactive'}>
                      {client.active ? 'Active' : 'Inactive'}
                    </Badge>
                    <span className="text-xs text-muted-foreground tabular-nums">
                      {licenceCount(client.licences.length)}
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
