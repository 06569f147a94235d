import type { CompanySettingsResponse, CompanySettingsWithLogo } from '@patrol/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/settings (spec 1 section 7): only called while a token is stored. */
export async function getSettings(signal?: AbortSignal): Promise<CompanySettingsWithLogo> {
  const response = await api.get<CompanySettingsResponse>('/api/settings', { signal });
  return response.settings;
}

/** Query options for the company settings, one cache entry for every screen that reads them. */
export function settingsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => getSettings(signal),
  });
}
