import type { Client, Licence } from '@patrol/contracts';
import { formatBusinessDate, licenceDisplayStatus } from '@patrol/domain';
import { ClientLicenceList } from '@/components/client-licence-list';
import { PaidByLink } from '@/components/paid-by-link';
import { licenceStatusTones, StatusBadge } from '@/components/status-badge';

function LicenceRow({ licence, now }: { licence: Licence; now: Date }) {
  const status = licenceDisplayStatus(licence, now);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-mono text-sm font-medium break-all">{licence.key}</p>
        {licence.bound && licence.deviceId ? (
          <p className="text-xs text-muted-foreground">
            Device {licence.deviceId} · Project {licence.projectName}
          </p>
        ) : (
          <p className="text-xs text-muted-foreground">Not bound to a device</p>
        )}
        {licence.paidBy && (
          <p className="text-xs">
            <PaidByLink paidBy={licence.paidBy} />
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {licence.boundAt && (
          <span className="text-xs text-muted-foreground tabular-nums">
            Bound {formatBusinessDate(licence.boundAt)}
          </span>
        )}
        <StatusBadge status={status} tones={licenceStatusTones} />
      </div>
    </li>
  );
}

/** The client's licences, a page at a time, filtered by status (read-only; /licences manages). */
export function ClientLicencesSection({ client }: { client: Client }) {
  if (client.licenceCount === 0) {
    return (
      <p className="py-6 text-center text-sm text-muted-foreground">
        No licences yet. Use Manage Licences to issue some.
      </p>
    );
  }
  const now = new Date();
  return (
    <ClientLicenceList
      companyId={client.companyId}
      label={`${client.companyName} licences`}
      renderLicence={(licence) => <LicenceRow key={licence.id} licence={licence} now={now} />}
    />
  );
}
