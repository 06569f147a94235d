import type { ListOtaVersionsResponse, OtaVersion } from '@patrol/contracts';
import { hasPermission } from '@patrol/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { queryKeys } from '@/lib/query-keys';

/** A release to distribute and the one devices are offered now (or, else, the one before it). */
export type ReleasePair = { release?: OtaVersion; previous?: OtaVersion };

/**
 * The app releases with their health (GET /api/ota/versions, ota.view), read while a Distribute
 * confirmation is open, so it can warn when the release crashes more than the one it replaces.
 */
export function useReleasePair(version: string, current: string | null, enabled: boolean) {
  const canView = hasPermission(useAuth().user, 'ota.view');
  const { data } = useQuery({
    queryKey: queryKeys.ota.versions(),
    queryFn: () =>
      api.get<ListOtaVersionsResponse>('/api/ota/versions', { query: { includeInactive: true } }),
    enabled: enabled && canView,
  });
  const android = data?.versions.filter((release) => release.platform === 'android') ?? [];
  const index = android.findIndex((release) => release.version === version);
  const replaced = android.find((release) => release.version === current);
  return {
    release: android[index],
    previous: replaced && replaced.version !== version ? replaced : android[index + 1],
  } satisfies ReleasePair;
}
