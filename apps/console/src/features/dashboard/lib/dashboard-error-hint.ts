/** The hints of the dashboard error dialog (spec 1 section 8 "Dashboard"). */
export const dashboardErrorHints = {
  rateLimited:
    'The server is currently experiencing high load. Please wait a moment before retrying.',
  authentication: 'Your session may have expired. You may need to log in again.',
  network: 'Please check your internet connection and try again.',
  other:
    'This may be a temporary issue. Try refreshing the page or contact support if the problem persists.',
} as const;

export type DashboardErrorKind = keyof typeof dashboardErrorHints;

// Checked in this order: a rate-limit message that mentions authentication is still a rate limit.
const patterns: [DashboardErrorKind, RegExp][] = [
  ['rateLimited', /429|rate.?limit|too many requests/i],
  ['authentication', /auth|401/i],
  ['network', /network|timeout|timed out|failed to fetch/i],
];

/**
 * Classifies a dashboard failure by its message text; `status` (an HTTP status, 0 for none) is
 * read as part of the text so that '429' and '401' answers classify whatever their message.
 */
export function classifyDashboardError(message: string, status?: number): DashboardErrorKind {
  const text = status ? `${status} ${message}` : message;
  return patterns.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

/** The hint shown under a dashboard failure. */
export function dashboardErrorHint(message: string, status?: number): string {
  return dashboardErrorHints[classifyDashboardError(message, status)];
}
