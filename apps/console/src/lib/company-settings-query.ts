import type { CompanySettingsResponse, CompanySettingsWithLogo } from '@patrol/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { throughBreaker } from '@/lib/breaker';
import { queryKeys } from '@/lib/query-keys';

/** Spec 1 section 8 "Breaker fallbacks": what the settings source says while its breaker is open. */
export const settingsUnavailableMessage = 'Settings temporarily unavailable';

/**
 * GET /api/settings (spec 1 section 7), only called while a token is stored, through the
 * settings breaker (3 failures, 45 s reset): while it is open every reader gets
 * 'Settings temporarily unavailable' without a call reaching the server.
 */
export async function getSettings(signal?: AbortSignal): Promise<CompanySettingsWithLogo> {
  const response = await throughBreaker(
    'settings',
    // The query's own signal is not passed on: a refetch cancelling this one is not a failure.
    (breakerSignal) => api.get<CompanySettingsResponse>('/api/settings', { signal: breakerSignal }),
    { unavailableMessage: settingsUnavailableMessage, signal },
  );
  return response.settings;
}

/** Query options for the company settings, one cache entry for every screen that reads them. */
export function settingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
  });
}
