import { describe, expect, it } from 'vitest';
import {
  canProcessPayment,
  canRevertInvoice,
  canShareInvoice,
  canValidateOrRejectPayment,
  invoiceOutstandingSen,
  isAwaitingPaymentValidation,
  outstandingSen,
  paymentStatusOn,
  type InvoicePaymentStateInput,
} from './payments';

const awaiting: InvoicePaymentStateInput = {
  totalAmount: '1080.00',
  paidAmount: '1080.00',
  paymentStatus: 'paid',
  paymentValidationStatus: 'pending_validation',
  isVoided: false,
};

describe('outstanding', () => {
  it.each([
    [108000, 0, 108000],
    [108000, 50000, 58000],
    [108000, 108000, 0],
    [108000, 120000, 0],
  ])('total %i paid %i leaves %i', (total, paid, expected) => {
    expect(outstandingSen(total, paid)).toBe(expected);
  });

  it.each<[InvoicePaymentStateInput, number]>([
    [{ totalAmount: '1080.00', paidAmount: '500.50' }, 57950],
    [{ totalAmount: 0.3, paidAmount: 0.1 }, 20],
    [{ totalAmount: 100 }, 10000],
    [{ totalAmount: 'n/a', paidAmount: 5 }, 0],
    // Credit and debit notes move what is owed.
    [{ totalAmount: '216.00', paidAmount: '100.00', creditedAmount: '50.00' }, 6600],
    [{ totalAmount: 216, paidAmount: 216, debitedAmount: 20 }, 2000],
    [{ totalAmount: 216, creditedAmount: 300 }, 0],
  ])('reads the amounts of %j', (invoice, expected) => {
    expect(invoiceOutstandingSen(invoice)).toBe(expected);
  });
});

describe('canProcessPayment', () => {
  const base: InvoicePaymentStateInput = {
    totalAmount: 100,
    paidAmount: 0,
    paymentStatus: 'unpaid',
  };
  it.each<[string, Partial<InvoicePaymentStateInput>, boolean]>([
    ['an unpaid invoice', {}, true],
    ['a pending invoice', { paymentStatus: 'pending', paidAmount: 40 }, true],
    ['a partly paid invoice', { paymentStatus: 'partial', paidAmount: 99.99 }, true],
    ['an overdue invoice', { paymentStatus: 'overdue' }, true],
    ['a paid invoice', { paymentStatus: 'paid', paidAmount: 100 }, false],
    ['an overpaid invoice', { paymentStatus: 'overpaid', paidAmount: 120 }, false],
    ['a refunded invoice', { paymentStatus: 'refunded' }, false],
    ['a cancelled payment status', { paymentStatus: 'cancelled' }, false],
    ['a cancelled invoice', { status: 'cancelled' }, false],
    ['a voided invoice', { isVoided: true }, false],
    [
      'a partial invoice with nothing outstanding',
      { paymentStatus: 'partial', paidAmount: 100 },
      false,
    ],
    ['no payment status', { paymentStatus: null }, false],
  ])('%s: %s', (_name, overrides, expected) => {
    expect(canProcessPayment({ ...base, ...overrides })).toBe(expected);
  });
});

describe('canValidateOrRejectPayment', () => {
  it.each<[string, Partial<InvoicePaymentStateInput>, string | null, boolean]>([
    ['superadmin on an invoice awaiting validation', {}, 'superadmin', true],
    ['accounts on an invoice awaiting validation', {}, 'accounts', true],
    ['Admin is not allowed', {}, 'Admin', false],
    ['sales is not allowed', {}, 'sales', false],
    ['manager is not allowed', {}, 'manager', false],
    ['no role is not allowed', {}, null, false],
    ['not yet paid', { paymentStatus: 'pending' }, 'accounts', false],
    ['already validated', { paymentValidationStatus: 'validated' }, 'accounts', false],
    ['rejected before', { paymentValidationStatus: 'validation_rejected' }, 'accounts', false],
    ['voided', { isVoided: true }, 'accounts', false],
    ['paid less than the total', { paidAmount: '1079.99' }, 'accounts', false],
    ['paid more than the total', { paidAmount: '1100.00' }, 'superadmin', true],
  ])('%s: %s', (_name, overrides, role, expected) => {
    expect(canValidateOrRejectPayment({ ...awaiting, ...overrides }, role)).toBe(expected);
  });

  it('reports the awaiting state regardless of role', () => {
    expect(isAwaitingPaymentValidation(awaiting)).toBe(true);
  });
});

describe('canRevertInvoice and canShareInvoice', () => {
  it.each<[string, Partial<InvoicePaymentStateInput>, boolean, boolean]>([
    ['awaiting validation', {}, true, false],
    ['validated', { paymentValidationStatus: 'validated' }, false, true],
    [
      'validation rejected',
      { paymentStatus: 'unpaid', paymentValidationStatus: 'validation_rejected' },
      true,
      true,
    ],
    [
      'unpaid, no validation',
      { paymentStatus: 'unpaid', paymentValidationStatus: 'none' },
      true,
      true,
    ],
    ['pending payment awaiting validation', { paymentStatus: 'pending' }, true, true],
  ])('%s: revert %s, share %s', (_name, overrides, revert, share) => {
    const invoice = { ...awaiting, ...overrides };
    expect(canRevertInvoice(invoice)).toBe(revert);
    expect(canShareInvoice(invoice)).toBe(share);
  });
});

describe('paymentStatusOn', () => {
  const today = '2026-11-24';
  it('reads an invoice still waiting for money past its due day as overdue', () => {
    for (const paymentStatus of ['unpaid', 'pending', 'partial']) {
      expect(paymentStatusOn({ paymentStatus, isVoided: false, dueDay: '2026-11-23' }, today)).toBe(
        'overdue',
      );
    }
  });

  it('keeps the stored status when due today or later, paid, or voided', () => {
    expect(
      paymentStatusOn({ paymentStatus: 'unpaid', isVoided: false, dueDay: today }, today),
    ).toBe('unpaid');
    expect(
      paymentStatusOn({ paymentStatus: 'paid', isVoided: false, dueDay: '2026-01-01' }, today),
    ).toBe('paid');
    expect(
      paymentStatusOn({ paymentStatus: 'unpaid', isVoided: true, dueDay: '2026-01-01' }, today),
    ).toBe('unpaid');
  });
});
