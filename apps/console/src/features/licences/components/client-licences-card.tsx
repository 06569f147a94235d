import type { Client, Licence } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { ChevronDownIcon, PlusIcon } from 'lucide-react';
import { useId } from 'react';
import { ClientLicenceList } from '@/components/client-licence-list';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { LicenceDialogKind } from '@/features/licences/components/licence-actions';
import { LicenceItem } from '@/features/licences/components/licence-item';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';

type ClientLicencesCardProps = {
  client: Client;
  expanded: boolean;
  onToggle: () => void;
  now: Date;
  onAddLicences: (companyId: string) => void;
  onLicenceAction: (kind: LicenceDialogKind, licence: Licence) => void;
};

/**
 * One client's collapsible card: company name, email, licence count; opened, its licences a page
 * at a time (a client may hold a thousand), filtered by status.
 */
export function ClientLicencesCard({
  client,
  expanded,
  onToggle,
  now,
  onAddLicences,
  onLicenceAction,
}: ClientLicencesCardProps) {
  const panelId = useId();
  const { user } = useAuth();
  const count = client.licenceCount;
  return (
    <Card className="gap-0 py-0">
      <div className="flex items-center gap-2 p-4">
        <button
          type="button"
          className="flex min-w-0 flex-1 items-center gap-3 rounded-md text-left outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <ChevronDownIcon
            aria-hidden="true"
            className={cn('size-4 shrink-0 transition-transform', !expanded && '-rotate-90')}
          />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{client.companyName}</span>
            <span className="block truncate text-sm text-muted-foreground">{client.email}</span>
          </span>
          <Badge variant="secondary" className="ml-auto tabular-nums">
            {count} {count === 1 ? 'licence' : 'licences'}
          </Badge>
        </button>
        {canPerform(user, 'addLicences') && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onAddLicences(client.companyId)}
            aria-label={`Add licences to ${client.companyName}`}
          >
            <PlusIcon aria-hidden="true" />
            <span className="hidden sm:inline">Add</span>
          </Button>
        )}
      </div>
      {expanded && (
        <div id={panelId} className="border-t px-4">
          {count === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              No licences yet. Use Add to issue keys to {client.companyName}.
            </p>
          ) : (
            <ClientLicenceList
              companyId={client.companyId}
              label={`${client.companyName} licences`}
              renderLicence={(licence) => (
                <LicenceItem
                  key={licence.id}
                  licence={licence}
                  now={now}
                  onAction={onLicenceAction}
                />
              )}
            />
          )}
        </div>
      )}
    </Card>
  );
}
