import { describe, expect, it } from 'vitest';
import type { PublishedEvent } from '../../events/event-bus';
import { changesBillingCounts } from './billing-totals.service';

const id = '00000000-0000-4000-8000-000000000001';
const invoice = {
  invoiceId: id,
  invoiceNumber: 'SI-0000001',
  paymentStatus: 'partial',
  paymentValidationStatus: 'pending_validation',
} as const;

describe('changesBillingCounts', () => {
  it.each([
    [
      'a quotation created',
      { event: 'billingUpdated', payload: { entity: 'quotation', action: 'created', id } },
    ],
    [
      'a quotation deleted',
      { event: 'billingUpdated', payload: { entity: 'quotation', action: 'deleted', id } },
    ],
    [
      'a conversion',
      { event: 'billingUpdated', payload: { entity: 'quotation', action: 'converted', id } },
    ],
    ['an invoice created', { event: 'invoiceCreated', payload: invoice }],
    ['an invoice reverted', { event: 'invoiceReverted', payload: invoice }],
    ['a validated payment (its receipt)', { event: 'paymentValidated', payload: invoice }],
  ])('makes list readers wait for fresh counts after %s', (_name, published) => {
    expect(changesBillingCounts(published as PublishedEvent)).toBe(true);
  });

  it.each([
    ['a payment', { event: 'paymentProcessed', payload: invoice }],
    ['a rejected payment', { event: 'paymentRejected', payload: invoice }],
    ['an edit', { event: 'billingUpdated', payload: { entity: 'invoice', action: 'updated', id } }],
    [
      'a status change',
      { event: 'billingUpdated', payload: { entity: 'quotation', action: 'status_changed', id } },
    ],
  ])('lets them keep the held counts after %s', (_name, published) => {
    expect(changesBillingCounts(published as PublishedEvent)).toBe(false);
  });
});
