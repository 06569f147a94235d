import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';

/** The file name of spec 1 section 7: clients_export_{YYYY-MM-DD}.csv. */
export function clientsExportFileName(now: Date): string {
  return `clients_export_${now.toISOString().slice(0, 10)}.csv`;
}

/** GET /api/clients?exportCsv=1: every client matching `search`, as a CSV blob. */
export function exportClients(search: string): Promise<Blob> {
  return api.get<Blob>('/api/clients', {
    query: { exportCsv: 1, search: search || undefined },
    responseType: 'blob',
  });
}

/** Downloads the CSV export. */
export function useExportClients() {
  return useMutation({
    mutationFn: (search: string) =>
      downloadFile(() => exportClients(search), clientsExportFileName(new Date())),
  });
}
