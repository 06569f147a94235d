import type { DashboardUpdateCheckResponse } from '@patrol/contracts';
import { api } from '@/lib/api-client';
import { callService, withRetry } from '@/lib/service-call';
import type { LoadedBuild } from '../lib/loaded-build';

/**
 * GET /api/ota/dashboard/check with the build this page runs, through the service breaker and the
 * retry helper (3 tries, 1 s then 2 s apart, with jitter).
 */
export function checkDashboardUpdate(
  build: LoadedBuild,
  signal?: AbortSignal,
): Promise<DashboardUpdateCheckResponse> {
  return withRetry(
    () =>
      callService('dashboardUpdate', (breakerSignal) =>
        api.get<DashboardUpdateCheckResponse>('/api/ota/dashboard/check', {
          query: { current: build.id, version: build.version },
          signal: breakerSignal,
        }),
      ),
    { signal },
  );
}
