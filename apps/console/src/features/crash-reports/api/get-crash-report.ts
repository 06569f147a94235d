import type { CrashReport, CrashReportResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/crash-reports/{id}: one report with everything the app sent. */
export async function getCrashReport(id: string, signal?: AbortSignal): Promise<CrashReport> {
  const response = await api.get<CrashReportResponse>(
    `/api/crash-reports/${encodeURIComponent(id)}`,
    { signal },
  );
  return response.data;
}

/**
 * The report shown in the details dialog: the list's row at once, then the server's copy.
 * `id` null keeps the query idle (the dialog is closed).
 */
export function useCrashReport(id: string | null, row?: CrashReport) {
  return useQuery({
    queryKey: queryKeys.crashReports.detail(id ?? ''),
    queryFn: ({ signal }) => getCrashReport(id!, signal),
    enabled: id !== null,
    placeholderData: row,
  });
}
