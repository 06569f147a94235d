import { randomUUID } from 'node:crypto';
import { defaultCompanySettings } from '@patrol/contracts';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, changeSettings, wholeReceipts } from '../../../test/builders';
import { setUpInvoicesFixture } from './invoices-test-fixture';

const secondPerson = 'A payment must be validated by someone other than the person who recorded it';

describe('invoices API: two people per payment, validated or rejected one payment at a time', () => {
  const fixture = setUpInvoicesFixture();

  const entryCall = (
    action: 'validate' | 'reject',
    invoiceId: string,
    paymentId: string,
    body: Record<string, unknown>,
    token = fixture.accounts,
  ) =>
    request(fixture.t.app)
      .post(`/api/business/invoices/${invoiceId}/payments/${paymentId}/${action}`)
      .set(bearer(token))
      .send(body);

  /** An invoice of RM 216.00 with one recorded payment; answers the invoice and that entry's id. */
  async function withPayment(amount: number, token?: string) {
    const invoice = await fixture.newInvoice();
    const paid = await fixture
      .pay(invoice.id, { amount, referenceNumber: 'TRX-E1' }, token)
      .expect(200);
    return { invoice, paymentId: paid.body.invoice.paymentEntries[0].id as string };
  }

  async function setSeparateValidator(requireSeparateValidator: boolean) {
    await changeSettings(fixture.t, fixture.admin, (current) => ({
      ...current,
      paymentSettings: { requireSeparateValidator },
    }));
  }

  describe('POST /api/business/invoices/{id}/payments/{paymentId}/validate', () => {
    it('validates a partial payment as it arrives and issues its partial receipt', async () => {
      const { invoice, paymentId } = await withPayment(50);
      const response = await entryCall('validate', invoice.id, paymentId, {}).expect(200);
      expect(response.body.invoice).toMatchObject({
        paidAmount: 50,
        validatedAmount: 50,
        awaitingValidationAmount: 0,
        outstandingAmount: 166,
        paymentStatus: 'partial',
        paymentValidationStatus: 'validated',
        paymentEntries: [{ id: paymentId, status: 'validated', validatedAt: expect.any(String) }],
      });
      const receiptId = response.body.invoice.paymentEntries[0].receiptId;
      const receipts = await request(fixture.t.app)
        .get(`/api/business/receipts?search=${invoice.invoiceNumber}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(await wholeReceipts(fixture.t, fixture.sales, receipts.body.receipts)).toMatchObject([
        {
          id: receiptId,
          totalAmount: 50,
          transactionType: 'partial_payment',
          paymentAllocations: [
            { allocatedAmount: 50, outstandingBefore: 216, outstandingAfter: 166 },
          ],
        },
      ]);
      const rest = await fixture.pay(invoice.id, { amount: 166, referenceNumber: 'TRX-E2' });
      const restId = rest.body.invoice.paymentEntries[1].id;
      await entryCall('validate', invoice.id, restId, {}).expect(200);
      const all = await request(fixture.t.app)
        .get(`/api/business/receipts?search=${invoice.invoiceNumber}&transactionType=full_payment`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(await wholeReceipts(fixture.t, fixture.sales, all.body.receipts)).toMatchObject([
        { totalAmount: 166, paymentAllocations: [{ outstandingBefore: 166, outstandingAfter: 0 }] },
      ]);
    });

    it('refuses the person who recorded the payment, superadmin included (403)', async () => {
      const own = await withPayment(20, fixture.accounts);
      const refused = await entryCall('validate', own.invoice.id, own.paymentId, {}).expect(403);
      expect(refused.body).toMatchObject({ success: false, message: secondPerson });
      const superadmin = await fixture.t.signIn('superadmin');
      const theirs = await withPayment(20, superadmin);
      const asSuper = await entryCall(
        'validate',
        theirs.invoice.id,
        theirs.paymentId,
        {},
        superadmin,
      ).expect(403);
      expect(asSuper.body.message).toBe(secondPerson);
      // Someone else may.
      await entryCall('validate', theirs.invoice.id, theirs.paymentId, {}).expect(200);
    });

    it('lets the recorder validate once the company switches the rule off, and audits the switch', async () => {
      await setSeparateValidator(false);
      try {
        const own = await withPayment(20, fixture.accounts);
        await entryCall('validate', own.invoice.id, own.paymentId, {}).expect(200);
      } finally {
        await setSeparateValidator(true);
      }
      const audit = await request(fixture.t.app)
        .get('/api/audit?entityType=settings')
        .set(bearer(fixture.admin))
        .expect(200);
      const switches = JSON.stringify(audit.body);
      expect(switches).toContain('requireSeparateValidator');
      expect(defaultCompanySettings.paymentSettings.requireSeparateValidator).toBe(true);
    });

    it('answers 404 for an unknown payment, 409 once validated, 403 to a manager', async () => {
      const { invoice, paymentId } = await withPayment(10);
      const missing = await entryCall('validate', invoice.id, randomUUID(), {}).expect(404);
      expect(missing.body.message).toBe('Payment not found');
      await entryCall('validate', randomUUID(), paymentId, {}).expect(404);
      const manager = await fixture.t.signIn('manager');
      await entryCall('validate', invoice.id, paymentId, {}, manager).expect(403);
      await entryCall('validate', invoice.id, paymentId, {}, fixture.sales).expect(403);
      await entryCall('validate', invoice.id, paymentId, {}).expect(200);
      const again = await entryCall('validate', invoice.id, paymentId, {}).expect(409);
      expect(again.body.message).toBe(
        'Only a payment awaiting validation can be validated or rejected',
      );
    });

    it('answers 400 for a malformed payment id or body', async () => {
      const { invoice, paymentId } = await withPayment(10);
      await entryCall('validate', invoice.id, 'nope', {}).expect(400);
      await entryCall('validate', invoice.id, paymentId, { validationNotes: 42 }).expect(400);
    });
  });

  describe('POST /api/business/invoices/{id}/payments/{paymentId}/reject', () => {
    it('rejects one payment, keeps it listed, and leaves a validated one counted', async () => {
      const { invoice, paymentId } = await withPayment(100);
      await entryCall('validate', invoice.id, paymentId, {}).expect(200);
      const second = await fixture.pay(invoice.id, { amount: 116, referenceNumber: 'TRX-BAD' });
      const secondId = second.body.invoice.paymentEntries[1].id;
      const rejected = await entryCall('reject', invoice.id, secondId, {
        rejectionReason: 'Cheque bounced',
      }).expect(200);
      expect(rejected.body.invoice).toMatchObject({
        paidAmount: 100,
        validatedAmount: 100,
        outstandingAmount: 116,
        paymentStatus: 'partial',
        paymentValidationStatus: 'validation_rejected',
        paymentEntries: [
          { id: paymentId, status: 'validated' },
          {
            id: secondId,
            status: 'rejected',
            referenceNumber: 'TRX-BAD',
            rejectedBy: 'Nurul Accounts',
            rejectionReason: 'Cheque bounced',
          },
        ],
        rejectionHistory: [{ rejectionNumber: 1, clearedPaymentCount: 1 }],
      });
      // The rejection is in its history, never in the client's notes.
      expect(rejected.body.invoice.notes).not.toContain('PAYMENT CORRECTION REQUIRED');
      const read = await request(fixture.t.app)
        .get(`/api/business/invoices/${invoice.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(read.body.invoice.paymentEntries.map((e: { status: string }) => e.status)).toEqual([
        'validated',
        'rejected',
      ]);
    });

    it('answers 400 without a reason, 404 for an unknown payment, 409 for a rejected one', async () => {
      const { invoice, paymentId } = await withPayment(10);
      const blank = await entryCall('reject', invoice.id, paymentId, {
        rejectionReason: ' ',
      }).expect(400);
      expect(blank.body.errors).toEqual({ rejectionReason: 'Rejection reason is required' });
      await entryCall('reject', invoice.id, randomUUID(), { rejectionReason: 'x' }).expect(404);
      await entryCall('reject', invoice.id, paymentId, { rejectionReason: 'x' }).expect(200);
      await entryCall('reject', invoice.id, paymentId, { rejectionReason: 'x' }).expect(409);
    });
  });

  describe('PUT /api/invoices/{id}/validate-payment (every pending payment)', () => {
    it('refuses the accounts user who recorded one of the payments (403)', async () => {
      const invoice = await fixture.newInvoice();
      await fixture.pay(invoice.id, { amount: 100 }).expect(200);
      await fixture.pay(invoice.id, { amount: 116 }, fixture.accounts).expect(200);
      const refused = await fixture.validate(invoice.id).expect(403);
      expect(refused.body.message).toBe(secondPerson);
      await fixture.validate(invoice.id, fixture.recorder).expect(403);
      const superadmin = await fixture.t.signIn('superadmin');
      await fixture.validate(invoice.id, superadmin).expect(200);
    });
  });
});
