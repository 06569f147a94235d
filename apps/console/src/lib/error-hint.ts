/** The hints of the error dialogs (spec 1 section 8 "Dashboard"), also used by the client list's. */
export const errorHints = {
  rateLimited:
    'The server is currently experiencing high load. Please wait a moment before retrying.',
  authentication: 'Your session may have expired. You may need to log in again.',
  network: 'Please check your internet connection and try again.',
  other:
    'This may be a temporary issue. Try refreshing the page or contact support if the problem persists.',
} as const;

export type ErrorKind = keyof typeof errorHints;

// Checked in this order: a rate-limit message that mentions authentication is still a rate limit.
const patterns: [ErrorKind, RegExp][] = [
  ['rateLimited', /429|rate.?limit|too many requests/i],
  ['authentication', /auth|401/i],
  ['network', /network|timeout|timed out|failed to fetch/i],
];

/**
 * Classifies a failed load by its message text; `status` (an HTTP status, 0 for none) is
 * read as part of the text so that '429' and '401' answers classify whatever their message.
 */
export function classifyError(message: string, status?: number): ErrorKind {
  const text = status ? `${status} ${message}` : message;
  return patterns.find(([, pattern]) => pattern.test(text))?.[0] ?? 'other';
}

/** The hint shown under a failed load. */
export function errorHint(message: string, status?: number): string {
  return errorHints[classifyError(message, status)];
}
