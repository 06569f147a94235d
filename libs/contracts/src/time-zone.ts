import { z } from 'zod';

/** The company's time zone unless its settings name another (IANA). */
export const defaultCompanyTimeZone = 'Asia/Kuala_Lumpur';

export const timeZoneMessages = {
  invalid: 'Time zone must be an IANA time zone name such as Asia/Kuala_Lumpur',
} as const;

// 'Area/Location' (or 'Area/Location/Sub'), or UTC: not an offset such as '+08:00'.
const ianaNamePattern = /^(?:UTC|[A-Z][A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2})$/;

/** Whether `zone` is an IANA time zone name this runtime knows ('Asia/Kuala_Lumpur', 'UTC'). */
export function isIanaTimeZone(zone: string): boolean {
  if (!ianaNamePattern.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Company settings, group "time": the zone in which the console shows every time, the audit
 * screen reads its entries and documents print their dates.
 */
export const timeSettingsSchema = z.object({
  timeZone: z.string().trim().refine(isIanaTimeZone, timeZoneMessages.invalid),
});
export type TimeSettings = z.infer<typeof timeSettingsSchema>;

export const defaultTimeSettings: TimeSettings = { timeZone: defaultCompanyTimeZone };
