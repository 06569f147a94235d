import { z } from 'zod';
import { defaultCompanyTimeZone, isIanaTimeZone, timeZoneMessages } from './time-zone-name';

/**
 * Company settings, group "time": the zone in which the console shows every time, the audit
 * screen reads its entries and documents print their dates.
 */
export const timeSettingsSchema = z.object({
  timeZone: z.string().trim().refine(isIanaTimeZone, timeZoneMessages.invalid),
});
export type TimeSettings = z.infer<typeof timeSettingsSchema>;

export const defaultTimeSettings: TimeSettings = { timeZone: defaultCompanyTimeZone };
