import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setCompanyTimeZone } from '@/lib/company-time';
import { settingsQueryOptions } from '@/lib/company-settings-query';

/** Keeps the console's time zone (lib/company-time) equal to the company settings' one. */
export function CompanyTimeZoneSync() {
  const { data } = useQuery({
    ...settingsQueryOptions(),
    select: (settings) => settings.timeSettings?.timeZone,
  });
  useEffect(() => {
    if (data) setCompanyTimeZone(data);
  }, [data]);
  return null;
}
