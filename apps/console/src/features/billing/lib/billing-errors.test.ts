import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { billingActionFailure } from './billing-errors';

describe('billingActionFailure', () => {
  it("writes 'Error <action>: <message>', and the spec's wait message for a 429", () => {
    expect(
      billingActionFailure('creating product', new ApiError(400, 'VALIDATION_ERROR', 'Bad')),
    ).toBe('Error creating product: Bad');
    expect(
      billingActionFailure('converting quotation', new ApiError(429, 'RATE_LIMITED', 'x')),
    ).toBe('Too many requests. Please wait a moment before trying again.');
    expect(billingActionFailure('sending invoice', 'boom')).toBe(
      'Error sending invoice: Unknown error',
    );
  });

  it('falls back to the spec text when the failure says nothing', () => {
    expect(
      billingActionFailure('creating quotation', undefined, 'Failed to create quotation'),
    ).toBe('Failed to create quotation');
  });
});
