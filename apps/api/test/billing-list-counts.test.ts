import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quotations, receipts } from '../src/db/schema';
import {
  bearer,
  buildClient,
  buildQuotationForm,
  createInvoice,
  createTestContext,
  payAndValidate,
  type TestContext,
} from './builders';

/**
 * A filtered billing list counts its matches once per filter while nothing changes: its other
 * pages and sorts answer from the held count (AppContext.listCounts, receiptFigures), and every
 * billing change forgets it. Rows are changed behind the API's back to tell held from fresh.
 */
describe('billing list counts held per filter', { timeout: 120_000 }, () => {
  let t: TestContext;
  let admin: string;
  let clientId: string;
  beforeAll(async () => {
    // Answers held for a minute, so that only a change can renew them.
    t = await createTestContext({ services: { snapshotTtlMs: 60_000 } });
    admin = await t.signIn('Admin');
    clientId = (await buildClient(t, { companyName: 'Kiraan Sdn Bhd' })).id;
  });
  afterAll(() => t.close());

  const get = async (path: string) =>
    (await request(t.app).get(path).set(bearer(admin)).expect(200)).body;

  it('answers the quotations of a status from one count until a billing change', async () => {
    const created: string[] = [];
    for (let n = 0; n < 3; n++) {
      const response = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(clientId))
        .expect(201);
      created.push(response.body.quotation.id);
    }
    const drafts = (page: number, sortBy = 'createdAt') =>
      get(
        `/api/business/quotations?status=draft&clientId=${clientId}&limit=1&page=${page}&sortBy=${sortBy}`,
      );
    expect((await drafts(1)).pagination.totalCount).toBe(3);

    await t.database.db
      .update(quotations)
      .set({ status: 'sent' })
      .where(eq(quotations.id, created[0]!));
    const held = await drafts(2, 'totalAmount');
    expect(held.pagination.totalCount).toBe(3);
    // The page itself is read afresh.
    expect(held.quotations).toHaveLength(1);

    t.ctx.events.publish('billingUpdated', { entity: 'quotation', action: 'updated', id: '' });
    expect((await drafts(1)).pagination.totalCount).toBe(2);
  });

  it("answers a client's receipts figures from one read until a billing change", async () => {
    const invoice = await createInvoice(t, admin, clientId);
    const accounts = await t.signIn('accounts');
    // The invoice's 216.00 in two payments: a receipt each.
    await payAndValidate(t, accounts, invoice.id, [
      { amount: 116, paymentMethod: 'cash', referenceNumber: 'CASH-1' },
      { amount: 100, paymentMethod: 'cash', referenceNumber: 'CASH-2' },
    ]);
    const page = (pageNumber: number, sortBy = 'createdAt') =>
      get(
        `/api/business/receipts?clientId=${clientId}&limit=1&page=${pageNumber}&sortBy=${sortBy}`,
      );
    const first = await page(1);
    expect(first.statistics).toMatchObject({ total: 2, totalAmount: 216 });

    await t.database.db
      .update(receipts)
      .set({ totalAmount: '40.00' })
      .where(eq(receipts.id, first.receipts[0].id));
    expect((await page(2, 'totalAmount')).statistics).toMatchObject({ totalAmount: 216 });

    t.ctx.events.publish('paymentValidated', {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      paymentStatus: 'paid',
      paymentValidationStatus: 'validated',
      totalAmount: invoice.totalAmount,
      paidAmount: invoice.totalAmount,
    });
    const changed = first.receipts[0].totalAmount === 116 ? 140 : 156;
    expect((await page(1)).statistics.totalAmount).toBe(changed);
  });
});
