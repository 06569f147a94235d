import type {
  CompanySettingsResponse,
  CompanySettingsWithLogo,
  UpdateCompanySettingsBody,
} from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** PUT /api/settings with the whole settings object. */
export async function updateSettings(
  body: UpdateCompanySettingsBody,
): Promise<CompanySettingsWithLogo> {
  const response = await api.put<CompanySettingsResponse>('/api/settings', body);
  return response.settings;
}

/** Saves the settings and puts the saved copy in the cache. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.settings, settings),
  });
}
