import { toast } from 'sonner';
import { useExportClients } from '@/features/clients/api/export-clients';
import type { ClientsListResult } from '@/features/clients/api/get-clients';
import type { ClientListParams } from '@/lib/query-keys';

const exportMessages = {
  empty: 'No clients to export',
  failed: 'Failed to export clients',
  done: 'Clients exported successfully',
};

/**
 * The clients list's Export: the CSV of every client matching the search and status filter, or
 * "No clients to export" when the list already shows none.
 */
export function useClientsExport(params: ClientListParams, listed: ClientsListResult | undefined) {
  const exportClients = useExportClients();
  const start = () => {
    if (listed?.success && listed.pagination.totalCount === 0) {
      toast.error(exportMessages.empty);
      return;
    }
    exportClients.mutate(
      { search: params.search, status: params.status },
      {
        onSuccess: () => toast.success(exportMessages.done),
        onError: () => toast.error(exportMessages.failed),
      },
    );
  };
  return { start, pending: exportClients.isPending };
}
