import type { CompanySettingsWithLogo } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

/** DELETE /api/settings/logo. */
export async function deleteLogo(): Promise<void> {
  await api.delete('/api/settings/logo');
}

/** Removes the logo and clears it from the cached settings. */
export function useDeleteLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLogo,
    onSuccess: () =>
      queryClient.setQueryData<CompanySettingsWithLogo>(queryKeys.settings, (settings) =>
        settings ? { ...settings, logo: null } : settings,
      ),
  });
}
