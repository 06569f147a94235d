import type { CrashGroupActionResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const groupPath = (fingerprint: string, action: 'merge' | 'split' | 'split-reports') =>
  `/api/crash-reports/groups/${encodeURIComponent(fingerprint)}/${action}`;

/** Re-reads every group and report list: a merge or split moves reports between groups. */
function useRefreshCrashData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.crashReports.all });
}

/** POST /api/crash-reports/groups/{target}/merge: group `source` joins `target`. */
export function useMergeCrashGroups() {
  const refresh = useRefreshCrashData();
  return useMutation({
    mutationFn: ({ target, source }: { target: string; source: string }) =>
      api.post<CrashGroupActionResponse>(groupPath(target, 'merge'), { source }),
    onSuccess: refresh,
  });
}

/** POST /api/crash-reports/groups/{group}/split: a merged fingerprint leaves `group`. */
export function useSplitCrashGroup() {
  const refresh = useRefreshCrashData();
  return useMutation({
    mutationFn: ({ group, fingerprint }: { group: string; fingerprint: string }) =>
      api.post<CrashGroupActionResponse>(groupPath(group, 'split'), { fingerprint }),
    onSuccess: refresh,
  });
}

/** POST /api/crash-reports/groups/{group}/split-reports: chosen reports form a new group. */
export function useSplitCrashReports() {
  const refresh = useRefreshCrashData();
  return useMutation({
    mutationFn: ({ group, reportIds }: { group: string; reportIds: string[] }) =>
      api.post<CrashGroupActionResponse>(groupPath(group, 'split-reports'), { reportIds }),
    onSuccess: refresh,
  });
}
