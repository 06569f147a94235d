import type { ListOtaVersionsResponse } from '@patrol/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { otaCall, otaRequestTimeoutMs } from '@/features/ota/api/ota-request';

/** Versions are retried twice, 3 s apart (spec 2 section 7). */
export const versionsRetry = { retries: 2, retryDelayMs: 3_000 } as const;

/** GET /api/ota/versions?includeInactive=true: every release, newest first. */
export function getOtaVersions(): Promise<ListOtaVersionsResponse> {
  return otaCall(
    () =>
      api.get<ListOtaVersionsResponse>('/api/ota/versions', {
        query: { includeInactive: true },
        timeoutMs: otaRequestTimeoutMs,
      }),
    versionsRetry,
  );
}

/** Query options for the version history; the call retries by itself, so the query does not. */
export function otaVersionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.ota.versions(),
    queryFn: getOtaVersions,
    retry: false,
  });
}

/** The version history with the current and latest versions. */
export function useOtaVersions() {
  return useQuery(otaVersionsQueryOptions());
}
