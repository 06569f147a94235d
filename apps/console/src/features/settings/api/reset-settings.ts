import type { CompanySettingsResponse, CompanySettingsWithLogo } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** POST /api/settings/reset: the server defaults, and no logo. */
export async function resetSettings(): Promise<CompanySettingsWithLogo> {
  const response = await api.post<CompanySettingsResponse>('/api/settings/reset');
  return response.settings;
}

/** Resets the settings and puts the defaults in the cache. */
export function useResetSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
