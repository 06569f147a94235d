import type { CrashStackVariantsResponse } from '@patrol/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type CrashStackVariants = CrashStackVariantsResponse['data'];

/** GET /api/crash-reports/groups/{fingerprint}/variants: the latest reports by whole stack. */
export function useCrashStackVariants(fingerprint: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.crashReports.variants(fingerprint),
    queryFn: async ({ signal }) =>
      (
        await api.get<CrashStackVariantsResponse>(
          `/api/crash-reports/groups/${encodeURIComponent(fingerprint)}/variants`,
          { signal },
        )
      ).data,
    enabled,
  });
}
