import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import type { ClientListParams } from '@/lib/query-keys';

/** The file name of spec 1 section 7: clients_export_{YYYY-MM-DD}.csv. */
export function clientsExportFileName(now: Date): string {
  return `clients_export_${now.toISOString().slice(0, 10)}.csv`;
}

/** What the export covers: the list's search and status filter. */
export type ClientExportFilter = Pick<ClientListParams, 'search' | 'status'>;

/** GET /api/clients?exportCsv=1: every client matching the filter, as a CSV blob. */
export function exportClients({ search, status }: ClientExportFilter): Promise<Blob> {
  return api.get<Blob>('/api/clients', {
    query: {
      exportCsv: 1,
      search: search || undefined,
      active: status ? status === 'active' : undefined,
    },
    responseType: 'blob',
  });
}

/** Downloads the CSV export. */
export function useExportClients() {
  return useMutation({
    mutationFn: (filter: ClientExportFilter) =>
      downloadFile(() => exportClients(filter), clientsExportFileName(new Date())),
  });
}
