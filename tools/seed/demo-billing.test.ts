import {
  getInvoiceResponseSchema,
  getQuotationResponseSchema,
  listInvoiceNotesResponseSchema,
  listInvoicesResponseSchema,
  listQuotationsResponseSchema,
  listReceiptsResponseSchema,
  receiptResponseSchema,
} from '@patrol/contracts';
import { sumSen, toSen } from '@patrol/domain';
import { isNotNull } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceIssuances, licences } from '../../apps/api/src/db/schema';
import { bearer, createTestContext, type TestContext } from '../../apps/api/test/builders';
import { seedDemoData } from './seed-database';

describe('demo billing data', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    token = await t.signIn('superadmin');
    await seedDemoData(t.database.db, { clients: 20 });
  });
  afterAll(() => t.close());

  const get = async (path: string) =>
    (await request(t.app).get(path).set(bearer(token)).expect(200)).body;
  /** Every seeded invoice whole (the list leaves out lines, payments and rejections). */
  const wholeInvoices = async () => {
    const page = listInvoicesResponseSchema.parse(await get('/api/business/invoices?limit=100'));
    return Promise.all(
      page.invoices.map(
        async ({ id }) =>
          getInvoiceResponseSchema.parse(await get(`/api/business/invoices/${id}`)).invoice,
      ),
    );
  };

  it('spreads quotations over every state, each priced as the API prices it', async () => {
    const page = listQuotationsResponseSchema.parse(
      await get('/api/business/quotations?limit=100'),
    );
    const statuses = new Set<string>(page.quotations.map((quotation) => quotation.status));
    for (const status of ['accepted', 'rejected', 'closed', 'converted', 'expired']) {
      expect(statuses, status).toContain(status);
    }
    // The newest drafts and sent quotations are still within their validity.
    expect(statuses.has('draft') || statuses.has('sent')).toBe(true);
    for (const { id } of page.quotations) {
      const { quotation } = getQuotationResponseSchema.parse(
        await get(`/api/business/quotations/${id}`),
      );
      expect(sumSen(quotation.items.map((item) => toSen(item.lineTotal)))).toBe(
        toSen(quotation.subtotal),
      );
      expect(toSen(quotation.subtotal) + toSen(quotation.taxAmount)).toBe(
        toSen(quotation.totalAmount),
      );
    }
  });

  it('gives invoices that are overdue, partly paid, awaiting validation, validated and rejected', async () => {
    const invoices = await wholeInvoices();
    const has = (predicate: (i: (typeof invoices)[number]) => boolean) => invoices.some(predicate);
    expect(has((i) => i.paymentStatus === 'overdue')).toBe(true);
    expect(has((i) => i.paidAmount > 0 && i.outstandingAmount > 0)).toBe(true);
    expect(has((i) => i.paymentValidationStatus === 'pending_validation')).toBe(true);
    expect(has((i) => i.paymentValidationStatus === 'validated')).toBe(true);
    expect(
      has(
        (i) =>
          i.paymentValidationStatus === 'validation_rejected' &&
          i.rejectionHistory.length === 1 &&
          !i.notes.includes('PAYMENT CORRECTION REQUIRED'),
      ),
    ).toBe(true);
  });

  it('issues a receipt for every validated payment, partial ones included', async () => {
    const invoices = await wholeInvoices();
    const entries = invoices.flatMap((invoice) => invoice.paymentEntries);
    const receipts = listReceiptsResponseSchema.parse(
      await get('/api/business/receipts?limit=100'),
    );
    expect(receipts.statistics.total).toBe(
      entries.filter((entry) => entry.status === 'validated').length,
    );
    expect(entries.some((entry) => entry.status === 'rejected' && entry.rejectionReason)).toBe(
      true,
    );
    const partial = receipts.receipts.find((r) => r.transactionType === 'partial_payment')!;
    const whole = receiptResponseSchema.parse(await get(`/api/business/receipts/${partial.id}`));
    expect(whole.receipt.paymentAllocations[0]?.outstandingAfter).toBeGreaterThan(0);
    for (const invoice of invoices) {
      const validated = sumSen(
        invoice.paymentEntries.filter((e) => e.status === 'validated').map((e) => toSen(e.amount)),
      );
      expect(toSen(invoice.validatedAmount)).toBe(validated);
    }
  });

  it('issues credit notes (with a refund due) and debit notes that move what invoices owe', async () => {
    const credits = listInvoiceNotesResponseSchema.parse(await get('/api/business/credit-notes'));
    const debits = listInvoiceNotesResponseSchema.parse(await get('/api/business/debit-notes'));
    expect(credits.notes.length).toBeGreaterThan(0);
    expect(debits.notes.length).toBeGreaterThan(0);
    expect(credits.notes.every((note) => /^CN-/.test(note.noteNumber) && note.refundDue > 0)).toBe(
      true,
    );
    const invoices = listInvoicesResponseSchema.parse(
      await get('/api/business/invoices?limit=100'),
    );
    for (const note of debits.notes) {
      const invoice = invoices.invoices.find((i) => i.id === note.invoiceId);
      expect(invoice?.debitedAmount).toBe(note.totalAmount);
    }
  });

  it('pays back part of a couple of refunds due with refund notes', async () => {
    const refunds = listInvoiceNotesResponseSchema.parse(await get('/api/business/refund-notes'));
    expect(refunds.notes).toHaveLength(2);
    const invoices = listInvoicesResponseSchema.parse(
      await get('/api/business/invoices?limit=100'),
    );
    for (const note of refunds.notes) {
      expect(note.noteNumber).toMatch(/^RN-/);
      expect(note.refund).toMatchObject({ method: 'bank_transfer' });
      const invoice = invoices.invoices.find((i) => i.id === note.invoiceId);
      expect(invoice).toMatchObject({
        refundedAmount: note.totalAmount,
        refundDue: note.refundDue,
      });
      expect(note.refundDue).toBeGreaterThan(0);
    }
  });

  it('connects licences to the paid invoices that sold them ("Paid by")', async () => {
    const paid = await t.database.db
      .select({ id: licences.id, invoiceId: licences.paidByInvoiceId, key: licences.key })
      .from(licences)
      .where(isNotNull(licences.paidByInvoiceId));
    expect(paid.length).toBeGreaterThan(0);
    const issued = await t.database.db.select().from(licenceIssuances);
    expect(issued.map((row) => row.licenceKey).sort()).toEqual(paid.map((row) => row.key).sort());
    const invoices = await wholeInvoices();
    for (const row of issued) {
      const invoice = invoices.find((each) => each.id === row.invoiceId);
      expect(invoice).toMatchObject({
        paymentStatus: 'paid',
        paymentValidationStatus: 'validated',
      });
      const line = invoice!.lineItems.find((each) => each.id === row.invoiceLineId);
      expect(line?.licenceAction).toBe('new_keys');
    }
  });
});
