import type { MobileUpdateCheckResponse } from '@patrol/contracts';
import { api } from '@/lib/api-client';
import { callService, withRetry } from '@/lib/service-call';

/**
 * GET /api/ota/mobile/check with the staff token: the app's current (active) and latest releases,
 * through the service breaker and the retry helper.
 */
export function checkMobileUpdate(signal?: AbortSignal): Promise<MobileUpdateCheckResponse> {
  return withRetry(
    () =>
      callService('mobileUpdate', (breakerSignal) =>
        api.get<MobileUpdateCheckResponse>('/api/ota/mobile/check', {
          signal: breakerSignal,
        }),
      ),
    { signal },
  );
}
