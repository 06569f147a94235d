import { asc, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceLineItems, paymentEntries, paymentRejections } from '../../db/schema';
import { setUpInvoicesFixture } from './invoices-test-fixture';
import { findInvoiceParts } from './invoices.repo';

const fixture = setUpInvoicesFixture();

describe('the parts of a page of invoices, read in one statement', () => {
  it('gives the same rows, values and order as selecting each table', async () => {
    const { t, pay, reject } = fixture;
    const rejected = await fixture.newInvoice();
    await pay(rejected.id, { amount: 16.5, notes: 'First part' }).expect(200);
    await pay(rejected.id, { amount: 199.5, referenceNumber: 'TRX-2' }).expect(200);
    await reject(rejected.id).expect(200);
    await pay(rejected.id, { amount: 100.1 }).expect(200);
    const plain = await fixture.newInvoice();
    const ids = [rejected.id, plain.id];
    const { db } = t.database;

    const parts = await findInvoiceParts(db, ids);

    expect(parts).toEqual({
      lineItems: await db
        .select()
        .from(invoiceLineItems)
        .where(inArray(invoiceLineItems.invoiceId, ids))
        .orderBy(asc(invoiceLineItems.invoiceId), asc(invoiceLineItems.position)),
      entries: await db
        .select()
        .from(paymentEntries)
        .where(inArray(paymentEntries.invoiceId, ids))
        .orderBy(asc(paymentEntries.createdAt), asc(paymentEntries.id)),
      rejections: await db
        .select()
        .from(paymentRejections)
        .where(inArray(paymentRejections.invoiceId, ids))
        .orderBy(asc(paymentRejections.rejectionNumber)),
    });
    // Money keeps its two decimals, as the driver gives it; instants come back as dates.
    expect(parts.lineItems[0]!.unitPrice).toBe('100.00');
    // Rejected entries stay, in the order recorded.
    expect(parts.entries.map((entry) => entry.status)).toEqual([
      'rejected',
      'rejected',
      'pending_validation',
    ]);
    expect(parts.entries[2]).toMatchObject({ amount: '100.10', receiptId: null });
    expect(parts.entries[0]!.createdAt).toBeInstanceOf(Date);
    expect(parts.entries[0]!.rejectedAt).toBeInstanceOf(Date);
    expect(parts.rejections[0]).toMatchObject({ rejectionNumber: 1, clearedPaymentCount: 2 });
  });

  it('answers empty lists for invoices without parts, and for no invoices', async () => {
    expect(await findInvoiceParts(fixture.t.database.db, [])).toEqual({
      lineItems: [],
      entries: [],
      rejections: [],
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await findInvoiceParts(fixture.t.database.db, [unknown])).toEqual({
      lineItems: [],
      entries: [],
      rejections: [],
    });
  });
});
