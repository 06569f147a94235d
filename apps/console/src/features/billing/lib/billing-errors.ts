import { ApiError } from '@/lib/api-client';

/** The spec's answer to a 429 on product and quotation actions (spec 3 section 8). */
export const tooManyRequestsMessage =
  'Too many requests. Please wait a moment before trying again.';

/** The spec's texts for quotation failures that carry no message of their own. */
export const quotationFailureFallbacks = {
  create: 'Failed to create quotation',
  update: 'Failed to update quotation',
  status: 'Failed to update status',
  delete: 'Failed to delete quotation',
  convert: 'Failed to convert quotation to invoice',
} as const;

/**
 * 'Error <action>: <server message or error message>' (spec 3 section 8), e.g.
 * billingActionFailure('creating product', error). A 429 gives the spec's wait message; a failure
 * without any message gives `fallback` when there is one.
 */
export function billingActionFailure(action: string, error: unknown, fallback?: string): string {
  if (error instanceof ApiError && error.status === 429) return tooManyRequestsMessage;
  const detail = error instanceof Error && error.message ? error.message : undefined;
  if (!detail && fallback) return fallback;
  return `Error ${action}: ${detail ?? 'Unknown error'}`;
}
