import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions } from '@/lib/company-settings-query';

export { getSettings, settingsQueryOptions } from '@/lib/company-settings-query';

/** The company settings, fetched only when `enabled` (a token is stored). */
export function useSettings({ enabled }: { enabled: boolean }) {
  return useQuery({ ...settingsQueryOptions(), enabled });
}
