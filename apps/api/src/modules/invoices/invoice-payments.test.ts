import { randomUUID } from 'node:crypto';
import { addDays } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { invoices, paymentEntries } from '../../db/schema';
import { bearer, wholeReceipts } from '../../../test/builders';
import { setUpInvoicesFixture, today } from './invoices-test-fixture';

describe('invoices API: payments, their validation and rejection', () => {
  const fixture = setUpInvoicesFixture();

  describe('PUT /api/business/invoices/{id}/process-payment', () => {
    it('records a partial then the final payment; paid in full, the invoice awaits validation', async () => {
      const invoice = await fixture.newInvoice();
      fixture.t.published.length = 0;
      const partial = await fixture
        .pay(invoice.id, { amount: 16, referenceNumber: 'TRX-A' })
        .expect(200);
      expect(partial.body).toMatchObject({
        message: 'Payment processed successfully',
        invoice: {
          paidAmount: 16,
          outstandingAmount: 200,
          paymentStatus: 'partial',
          // The partial payment awaits validation of its own (per-entry validation).
          paymentValidationStatus: 'pending_validation',
        },
      });
      const final = await fixture
        .pay(invoice.id, { amount: 200, paymentMethod: 'cheque' })
        .expect(200);
      expect(final.body.invoice).toMatchObject({
        paidAmount: 216,
        outstandingAmount: 0,
        paymentStatus: 'paid',
        paymentValidationStatus: 'pending_validation',
      });
      expect(final.body.invoice.paymentEntries).toMatchObject([
        {
          amount: 16,
          paymentMethod: 'bank_transfer',
          referenceNumber: 'TRX-A',
          status: 'pending_validation',
        },
        { amount: 200, paymentMethod: 'cheque', status: 'pending_validation' },
      ]);
      expect(
        fixture.t.published.filter((e) => e.event === 'paymentProcessed').map((e) => e.payload),
      ).toEqual([
        expect.objectContaining({ invoiceId: invoice.id, amount: 16, paymentStatus: 'partial' }),
        expect.objectContaining({ invoiceId: invoice.id, amount: 200, paymentStatus: 'paid' }),
      ]);
      const more = await fixture.pay(invoice.id, { amount: 1 }).expect(409);
      expect(more.body.message).toBe(
        'This invoice cannot take a payment: it is voided, cancelled, paid or awaiting validation',
      );
    });

    it('refuses more than the outstanding amount and every invalid field with the spec message', async () => {
      const invoice = await fixture.newInvoice();
      const over = await fixture.pay(invoice.id, { amount: 216.01 }).expect(400);
      expect(over.body.errors).toEqual({
        amount: 'Payment amount cannot exceed the outstanding amount of RM 216.00',
      });
      const invalid = await fixture
        .pay(invoice.id, {
          amount: 0,
          paymentMethod: 'barter',
          referenceNumber: '   ',
          paymentDate: addDays(today(), 3),
        })
        .expect(400);
      expect(invalid.body.errors).toEqual({
        amount: 'Payment amount is required and must be greater than 0',
        paymentMethod: 'Payment method is required',
        referenceNumber: 'Reference number is required',
        paymentDate: 'Payment date cannot be in the future',
      });
      const rows = await fixture.t.database.db
        .select()
        .from(paymentEntries)
        .where(eq(paymentEntries.invoiceId, invoice.id));
      expect(rows).toEqual([]);
    });

    it('lets only one of two concurrent full payments through', async () => {
      const invoice = await fixture.newInvoice();
      const answers = await Promise.all([
        fixture.pay(invoice.id, { amount: 216, referenceNumber: 'TRX-1' }),
        fixture.pay(invoice.id, { amount: 216, referenceNumber: 'TRX-2' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [row] = await fixture.t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      expect(row!.paidAmount).toBe('216.00');
    });

    it('pays once when the same Idempotency-Key is submitted twice', async () => {
      const invoice = await fixture.newInvoice();
      const key = randomUUID();
      const first = await fixture
        .pay(invoice.id, { amount: 50 })
        .set('Idempotency-Key', key)
        .expect(200);
      const again = await fixture
        .pay(invoice.id, { amount: 50 })
        .set('Idempotency-Key', key)
        .expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const rows = await fixture.t.database.db
        .select()
        .from(paymentEntries)
        .where(eq(paymentEntries.invoiceId, invoice.id));
      expect(rows).toHaveLength(1);
    });

    it('answers 404 for an unknown invoice and 403 to a sales user', async () => {
      await fixture.pay(randomUUID(), { amount: 1 }).expect(404);
      const invoice = await fixture.newInvoice();
      await fixture.pay(invoice.id, { amount: 1 }, fixture.sales).expect(403);
    });
  });

  describe('validate and reject', () => {
    async function paidInvoice() {
      const invoice = await fixture.newInvoice();
      await fixture.pay(invoice.id, { amount: 100, referenceNumber: 'TRX-P1' }).expect(200);
      await fixture.pay(invoice.id, { amount: 116, referenceNumber: 'TRX-P2' }).expect(200);
      return invoice;
    }

    it('validates a paid invoice and issues a receipt per payment in the same step', async () => {
      const invoice = await paidInvoice();
      fixture.t.published.length = 0;
      const response = await fixture.validate(invoice.id).expect(200);
      expect(response.body.invoice).toMatchObject({
        paymentStatus: 'paid',
        paymentValidationStatus: 'validated',
        paymentValidationNotes: 'Matched bank statement',
        validatedAmount: 216,
        awaitingValidationAmount: 0,
      });
      const [first, second] = response.body.invoice.paymentEntries;
      expect(response.body.invoice.paymentEntries).toMatchObject([
        { status: 'validated', receiptId: expect.any(String) },
        { status: 'validated', receiptId: expect.any(String) },
      ]);
      expect(first.receiptId).not.toBe(second.receiptId);
      const receipts = await request(fixture.t.app)
        .get(
          `/api/business/receipts?search=${invoice.invoiceNumber}&sortBy=receiptNumber&sortOrder=asc`,
        )
        .set(bearer(fixture.sales))
        .expect(200);
      expect(receipts.body.receipts).toHaveLength(2);
      const [firstReceipt, secondReceipt] = await wholeReceipts(
        fixture.t,
        fixture.sales,
        receipts.body.receipts,
      );
      expect(firstReceipt).toMatchObject({
        id: first.receiptId,
        invoiceNumbers: [invoice.invoiceNumber],
        totalAmount: 100,
        paymentMethod: 'bank_transfer',
        transactionType: 'partial_payment',
        referenceNumber: 'TRX-P1',
        currency: 'MYR',
        createdBy: 'Nurul Accounts',
        paymentAllocations: [
          {
            invoiceNumber: invoice.invoiceNumber,
            allocatedAmount: 100,
            outstandingBefore: 216,
            outstandingAfter: 116,
          },
        ],
        auditLog: [
          {
            action: 'created',
            by: 'Nurul Accounts',
            metadata: { paymentMethods: ['bank_transfer'] },
          },
        ],
      });
      expect(secondReceipt).toMatchObject({
        id: second.receiptId,
        totalAmount: 116,
        transactionType: 'full_payment',
        referenceNumber: 'TRX-P2',
        paymentAllocations: [{ outstandingBefore: 116, outstandingAfter: 0 }],
      });
      expect(receipts.body.receipts[0].verificationCode).toMatch(
        /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/,
      );
      expect(receipts.body.statistics).toMatchObject({ total: 2, totalAmount: 216 });
      expect(fixture.t.published.map((e) => e.event)).toEqual([
        'paymentValidated',
        'billingUpdated',
        'billingUpdated',
        'billingUpdated',
      ]);
    });

    it('rejects: keeps the payments as rejected, records the rejection and numbers the correction notes', async () => {
      const invoice = await paidInvoice();
      const first = await fixture.reject(invoice.id).expect(200);
      expect(first.body.message).toBe(
        'Payment rejected successfully. All payment entries have been cleared. The invoice now shows correction notes and requires payment to be re-entered and processed again.',
      );
      expect(first.body.invoice).toMatchObject({
        paidAmount: 0,
        outstandingAmount: 216,
        paymentStatus: 'unpaid',
        paymentValidationStatus: 'validation_rejected',
        paymentRejectionReason: 'Amount not received',
        paymentEntries: [
          {
            referenceNumber: 'TRX-P1',
            amount: 100,
            status: 'rejected',
            rejectedBy: 'Nurul Accounts',
            rejectionReason: 'Amount not received',
            rejectedAt: expect.any(String),
          },
          { referenceNumber: 'TRX-P2', amount: 116, status: 'rejected' },
        ],
        rejectionHistory: [
          {
            rejectionNumber: 1,
            rejectedBy: 'Nurul Accounts',
            rejectionReason: 'Amount not received',
            validationNotes: 'Checked twice',
            clearedPaymentCount: 2,
          },
        ],
      });
      expect(first.body.invoice.notes).not.toContain('PAYMENT CORRECTION REQUIRED');
      await fixture.pay(invoice.id, { amount: 216 }).expect(200);
      const second = await fixture.reject(invoice.id, 'Wrong reference').expect(200);
      expect(second.body.invoice.rejectionHistory).toHaveLength(2);
    });

    it('refuses an empty reason (400), a partly paid invoice (409), an unknown one (404)', async () => {
      const invoice = await paidInvoice();
      const blank = await fixture.reject(invoice.id, '  ').expect(400);
      expect(blank.body.errors).toEqual({ rejectionReason: 'Rejection reason is required' });
      const partly = await fixture.newInvoice();
      await fixture.pay(partly.id, { amount: 1 }).expect(200);
      const early = await fixture.validate(partly.id).expect(409);
      expect(early.body.message).toBe(
        'Only a fully paid invoice awaiting validation can be validated or rejected',
      );
      await fixture.validate(randomUUID()).expect(404);
      await fixture.reject(randomUUID()).expect(404);
    });

    it('refuses every role but superadmin and accounts, even an Admin (403)', async () => {
      const invoice = await paidInvoice();
      const asAdmin = await fixture.validate(invoice.id, fixture.admin).expect(403);
      expect(asAdmin.body.message).toBe(
        'Only superadmin and accounts users can validate or reject payments',
      );
      await fixture.reject(invoice.id, 'No', fixture.sales).expect(403);
      const superadmin = await fixture.t.signIn('superadmin');
      await fixture.validate(invoice.id, superadmin).expect(200);
    });

    it('ends a validation racing a rejection in exactly one of them', async () => {
      const invoice = await paidInvoice();
      const answers = await Promise.all([fixture.validate(invoice.id), fixture.reject(invoice.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [row] = await fixture.t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      const validated = answers[0]!.status === 200;
      expect(row!.paymentValidationStatus).toBe(validated ? 'validated' : 'validation_rejected');
    });
  });
});
