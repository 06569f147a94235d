import { ApiError } from '@/lib/api-client';

/** The spec's answer to a 429 on product and quotation actions (spec 3 section 8). */
export const tooManyRequestsMessage =
  'Too many requests. Please wait a moment before trying again.';

/**
 * 'Error <action>: <server message or error message>' (spec 3 section 8), e.g.
 * billingActionFailure('creating product', error). A 429 gives the spec's wait message.
 */
export function billingActionFailure(action: string, error: unknown): string {
  if (error instanceof ApiError && error.status === 429) return tooManyRequestsMessage;
  const detail = error instanceof Error && error.message ? error.message : 'Unknown error';
  return `Error ${action}: ${detail}`;
}
