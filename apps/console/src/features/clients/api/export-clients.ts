import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

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

/** Saves a blob through a temporary link, the way a download button does. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Downloads the CSV export. */
export function useExportClients() {
  return useMutation({
    mutationFn: async (search: string) => {
      saveBlob(await exportClients(search), clientsExportFileName(new Date()));
    },
  });
}
