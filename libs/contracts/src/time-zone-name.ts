// No zod here: the console's time formatting (on every screen, the dashboard included) imports
// the default zone, and the schema module would bring zod with it.

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
