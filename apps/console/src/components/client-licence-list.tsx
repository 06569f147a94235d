import type { Licence, LicenceStatusFilter } from '@patrol/contracts';
import { useState, type ReactNode } from 'react';
import { LicenceListControls } from '@/components/licence-list-controls';
import { Skeleton } from '@/components/ui/skeleton';
import { useClientLicences } from '@/lib/client-licences';

type ClientLicenceListProps = {
  companyId: string;
  /** Names the list for screen readers, e.g. "Acme Sdn Bhd licences". */
  label: string;
  /** One row of the list (the licences page adds actions; the client detail is read-only). */
  renderLicence: (licence: Licence) => ReactNode;
};

/**
 * One client's licences a page at a time, filtered by status, with loading, error and empty
 * states: a client may hold a thousand, so they are never all loaded at once.
 */
export function ClientLicenceList({ companyId, label, renderLicence }: ClientLicenceListProps) {
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<LicenceStatusFilter | undefined>();
  const licences = useClientLicences(companyId, { page, status });
  return (
    <div>
      <LicenceListControls
        label={label}
        status={status}
        onStatusChange={(next) => {
          setStatus(next);
          setPage(1);
        }}
        pagination={licences.data?.pagination}
        onPageChange={setPage}
      />
      {licences.isPending ? (
        <div className="grid gap-2 pb-4" aria-label="Loading licences">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : licences.isError ? (
        <p role="alert" className="py-6 text-center text-sm text-destructive">
          {licences.error.message || 'Failed to load licences'}
        </p>
      ) : licences.data.licences.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          No licences match this status.
        </p>
      ) : (
        <ul className="divide-y">{licences.data.licences.map(renderLicence)}</ul>
      )}
    </div>
  );
}
