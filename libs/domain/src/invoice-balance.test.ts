import { describe, expect, it } from 'vitest';
import {
  invoiceBalance,
  mayValidatePayment,
  paymentStatusOfBalance,
  receiptTransactionType,
} from './invoice-balance';

describe('invoiceBalance', () => {
  it('counts validated money as collected, pending apart, rejected nowhere', () => {
    const balance = invoiceBalance(10_000, [
      { amountSen: 3_000, status: 'validated' },
      { amountSen: 2_000, status: 'pending_validation' },
      { amountSen: 5_000, status: 'rejected' },
    ]);
    expect(balance).toEqual({
      owedSen: 10_000,
      validatedSen: 3_000,
      awaitingSen: 2_000,
      recordedSen: 5_000,
      outstandingSen: 5_000,
      uncollectedSen: 7_000,
      refundedSen: 0,
      refundDueSen: 0,
    });
    expect(paymentStatusOfBalance(balance)).toBe('partial');
  });

  it('takes an adjustment of what is owed (a credit note lowers it)', () => {
    const balance = invoiceBalance(10_000, [{ amountSen: 8_000, status: 'validated' }], -2_000);
    expect(balance.outstandingSen).toBe(0);
    expect(paymentStatusOfBalance(balance)).toBe('paid');
  });

  it('owes a refund of validated money above what a credit note leaves owed', () => {
    const balance = invoiceBalance(10_000, [{ amountSen: 10_000, status: 'validated' }], -2_500);
    expect(balance).toMatchObject({ owedSen: 7_500, outstandingSen: 0, refundDueSen: 2_500 });
  });

  it('lowers the refund due by refund notes, and stays paid', () => {
    const entries = [{ amountSen: 10_000, status: 'validated' as const }];
    const part = invoiceBalance(10_000, entries, -2_500, 1_000);
    expect(part).toMatchObject({ owedSen: 7_500, refundedSen: 1_000, refundDueSen: 1_500 });
    expect(paymentStatusOfBalance(part)).toBe('paid');
    const full = invoiceBalance(10_000, entries, -2_500, 2_500);
    expect(full).toMatchObject({ outstandingSen: 0, uncollectedSen: 0, refundDueSen: 0 });
    expect(paymentStatusOfBalance(full)).toBe('paid');
  });

  it('asks for money again when a debit note follows a refund', () => {
    const entries = [{ amountSen: 10_000, status: 'validated' as const }];
    const balance = invoiceBalance(10_000, entries, -2_500 + 1_000, 2_500);
    expect(balance).toMatchObject({ owedSen: 8_500, outstandingSen: 1_000, refundDueSen: 0 });
    expect(paymentStatusOfBalance(balance)).toBe('partial');
  });

  it('reads paid (settled) when credit notes leave nothing owed, even with nothing paid', () => {
    const balance = invoiceBalance(10_000, [], -10_000);
    expect(balance.outstandingSen).toBe(0);
    expect(paymentStatusOfBalance(balance)).toBe('paid');
  });

  it('reads unpaid when every payment was rejected', () => {
    const balance = invoiceBalance(10_000, [{ amountSen: 10_000, status: 'rejected' }]);
    expect(paymentStatusOfBalance(balance)).toBe('unpaid');
    expect(balance.outstandingSen).toBe(10_000);
  });
});

describe('receiptTransactionType', () => {
  it('names a payment by what it leaves and when it came', () => {
    const issueDay = '2026-03-10';
    expect(
      receiptTransactionType({ paymentDay: '2026-03-12', issueDay, outstandingAfterSen: 1 }),
    ).toBe('partial_payment');
    expect(
      receiptTransactionType({ paymentDay: '2026-03-12', issueDay, outstandingAfterSen: 0 }),
    ).toBe('full_payment');
    expect(
      receiptTransactionType({ paymentDay: '2026-03-01', issueDay, outstandingAfterSen: 0 }),
    ).toBe('advance_payment');
  });
});

describe('mayValidatePayment', () => {
  it('refuses the recorder unless the company switched the rule off', () => {
    expect(mayValidatePayment('u1', 'u1', true)).toBe(false);
    expect(mayValidatePayment('u1', 'u2', true)).toBe(true);
    expect(mayValidatePayment('u1', 'u1', false)).toBe(true);
  });
});
