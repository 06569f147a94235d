import {
  licenceStatusFilters,
  type LicenceStatusFilter,
  type Pagination as PageInfo,
} from '@patrol/contracts';
import { Pagination } from '@/components/pagination';
import { NativeSelect } from '@/components/ui/native-select';

const statusLabels: Record<LicenceStatusFilter, string> = {
  available: 'Available',
  bound: 'Bound',
  expired: 'Expired',
};

type LicenceListControlsProps = {
  /** Names the list for screen readers, e.g. "Acme Sdn Bhd licences". */
  label: string;
  status: LicenceStatusFilter | undefined;
  onStatusChange: (status: LicenceStatusFilter | undefined) => void;
  pagination: PageInfo | undefined;
  onPageChange: (page: number) => void;
};

/** The status filter and the pages of one client's licence list. */
export function LicenceListControls({
  label,
  status,
  onStatusChange,
  pagination,
  onPageChange,
}: LicenceListControlsProps) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-3">
      <label className="flex items-center gap-2 text-sm text-muted-foreground">
        Status
        <NativeSelect
          aria-label={`Filter ${label} by status`}
          className="h-8 w-36"
          value={status ?? ''}
          onChange={(event) =>
            onStatusChange((event.target.value || undefined) as LicenceStatusFilter | undefined)
          }
        >
          <option value="">All</option>
          {licenceStatusFilters.map((value) => (
            <option key={value} value={value}>
              {statusLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </label>
      {pagination && (
        <span className="text-xs text-muted-foreground tabular-nums">
          {pagination.totalCount} {pagination.totalCount === 1 ? 'licence' : 'licences'}
        </span>
      )}
      {pagination && (
        <Pagination
          currentPage={pagination.currentPage}
          totalPages={pagination.totalPages}
          onPageChange={onPageChange}
          label={`${label} pages`}
        />
      )}
    </div>
  );
}
