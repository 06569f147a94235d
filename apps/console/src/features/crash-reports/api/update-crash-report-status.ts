import {
  crashReportMessages,
  type CrashReport,
  type CrashReportResponse,
  type CrashStatus,
} from '@patrol/contracts';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { CrashReportList } from '@/features/crash-reports/api/get-crash-reports';
import { crashReportScreenMessages } from '@/features/crash-reports/lib/crash-report-messages';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

type UpdateStatusInput = { id: string; status: CrashStatus };

/** PUT /api/crash-reports/{id} with the new status. */
export async function updateCrashReportStatus({
  id,
  status,
}: UpdateStatusInput): Promise<CrashReport> {
  const response = await api.put<CrashReportResponse>(
    `/api/crash-reports/${encodeURIComponent(id)}`,
    { status },
  );
  return response.data;
}

type Snapshot = {
  lists: [QueryKey, CrashReportList | undefined][];
  detail: CrashReport | undefined;
};

function withStatus(report: CrashReport, id: string, status: CrashStatus): CrashReport {
  return report.id === id ? { ...report, status } : report;
}

/**
 * Changes a report's status at once in every cached page and the details, puts it back with
 * 'Failed to update crash report' if the server refuses, and re-reads the lists afterwards (the
 * statistics cards count by status).
 */
export function useUpdateCrashReportStatus() {
  const queryClient = useQueryClient();
  return useMutation<CrashReport, Error, UpdateStatusInput, Snapshot>({
    mutationFn: updateCrashReportStatus,
    onMutate: async ({ id, status }) => {
      // A refresh under way would otherwise land the old status over the new one.
      await queryClient.cancelQueries({ queryKey: queryKeys.crashReports.lists() });
      const lists = queryClient.getQueriesData<CrashReportList>({
        queryKey: queryKeys.crashReports.lists(),
      });
      const detail = queryClient.getQueryData<CrashReport>(queryKeys.crashReports.detail(id));
      queryClient.setQueriesData<CrashReportList>(
        { queryKey: queryKeys.crashReports.lists() },
        (data) =>
          data && {
            ...data,
            reports: data.reports.map((report) => withStatus(report, id, status)),
          },
      );
      if (detail) {
        queryClient.setQueryData(queryKeys.crashReports.detail(id), { ...detail, status });
      }
      return { lists, detail };
    },
    onError: (_error, { id }, snapshot) => {
      for (const [key, data] of snapshot?.lists ?? []) queryClient.setQueryData(key, data);
      if (snapshot?.detail) {
        queryClient.setQueryData(queryKeys.crashReports.detail(id), snapshot.detail);
      }
      toast.error(crashReportScreenMessages.updateFailed);
    },
    onSuccess: (report) => {
      queryClient.setQueryData(queryKeys.crashReports.detail(report.id), report);
      toast.success(crashReportMessages.updated);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.crashReports.lists() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.crashReports.statistics() }),
      ]),
  });
}
