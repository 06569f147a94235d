import { describe, expect, it } from 'vitest';
import {
  invoiceResponseSchema,
  listInvoicesQuerySchema,
  processPaymentBodySchema,
  rejectPaymentBodySchema,
} from './invoices';
import { exampleInvoice } from './test-examples';
import { fieldCases, messagesAt } from './test-support';

const validPayment = {
  amount: 500,
  paymentMethod: 'bank_transfer',
  referenceNumber: 'MBB-123456',
  paymentDate: '2025-06-19',
};

describe('invoice contracts', () => {
  it('parses an invoice answer', () => {
    const answer = {
      success: true,
      message: 'Payment processed successfully',
      invoice: exampleInvoice,
    };
    expect(invoiceResponseSchema.safeParse(answer).success).toBe(true);
  });

  const amountMessage = 'Payment amount is required and must be greater than 0';
  it.each(
    fieldCases(validPayment, [
      ['amount', undefined, amountMessage],
      ['amount', 0, amountMessage],
      ['paymentMethod', undefined, 'Payment method is required'],
      ['paymentMethod', 'e_wallet', 'Payment method is required'],
      ['referenceNumber', '   ', 'Reference number is required'],
      ['paymentDate', undefined, 'Payment date is required'],
      ['paymentDate', '', 'Payment date is required'],
      ['paymentDate', '2999-01-01', 'Payment date cannot be in the future'],
    ]),
  )('payment: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(processPaymentBodySchema, input, path)).toEqual([message]);
  });

  it('accepts a payment dated today', () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(
      processPaymentBodySchema.safeParse({ ...validPayment, paymentDate: today }).success,
    ).toBe(true);
  });

  it.each([undefined, '', '  '])('reject: reason %j is required', (rejectionReason) => {
    expect(messagesAt(rejectPaymentBodySchema, { rejectionReason }, 'rejectionReason')).toEqual([
      'Rejection reason is required',
    ]);
  });

  it('reads invoice filters from the URL', () => {
    const query = listInvoicesQuerySchema.parse({
      paymentStatus: 'overdue',
      dueStatus: 'due_soon',
      dateRange: 'week',
    });
    expect(query).toMatchObject({
      paymentStatus: 'overdue',
      dueStatus: 'due_soon',
      dateRange: 'week',
      page: 1,
    });
    expect(listInvoicesQuerySchema.safeParse({ paymentStatus: 'lost' }).success).toBe(false);
  });
});
