import { randomUUID } from 'node:crypto';
import { addDays, billingRangeStart, businessDay } from '@patrol/domain';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  createInvoice,
  createTestContext,
  payAndValidate,
  wholeReceipts,
  type TestContext,
} from '../../../test/builders';
import { receipts } from '../../db/schema';
import { verificationCode } from './receipts.service';

describe('GET /api/business/receipts', () => {
  let t: TestContext;
  let sales: string;
  let clientId: string;
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts');
    sales = await t.signIn('sales');
    clientId = (await buildClient(t)).id;
    // Two validated invoices: one paid by bank transfer, one in cash then by cheque (a receipt
    // per payment: three).
    const payments = [
      [{ amount: 216, paymentMethod: 'bank_transfer', referenceNumber: 'BANK-1' }],
      [
        { amount: 16, paymentMethod: 'cash', referenceNumber: 'CASH-1' },
        { amount: 200, paymentMethod: 'cheque', referenceNumber: 'CHQ-1' },
      ],
    ];
    for (const invoicePayments of payments) {
      const invoice = await createInvoice(t, admin, clientId);
      await payAndValidate(t, accounts, invoice.id, invoicePayments);
    }
  });
  afterAll(() => t.close());

  const list = (query = '') =>
    request(t.app).get(`/api/business/receipts?clientId=${clientId}&${query}`).set(bearer(sales));

  it('lists the receipts with the figures over every match', async () => {
    const response = await list().expect(200);
    expect(response.body.receipts).toHaveLength(3);
    expect(response.body.statistics).toEqual({ total: 3, thisMonth: 3, totalAmount: 432 });
    expect(response.body.pagination).toMatchObject({ totalCount: 3, limit: 20 });
  });

  it('filters by method, transaction type, date range and search', async () => {
    const cheque = await list('paymentMethod=cheque').expect(200);
    expect(cheque.body.receipts.map((r: { referenceNumber: string }) => r.referenceNumber)).toEqual(
      ['CHQ-1'],
    );
    expect(cheque.body.receipts[0].bankDetails).toBeNull();
    const [wholeCheque] = await wholeReceipts(t, sales, cheque.body.receipts);
    expect(wholeCheque!.auditLog[0]!.metadata.paymentMethods).toEqual(['cheque']);
    const partial = await list('transactionType=partial_payment').expect(200);
    expect(await wholeReceipts(t, sales, partial.body.receipts)).toMatchObject([
      {
        referenceNumber: 'CASH-1',
        totalAmount: 16,
        paymentAllocations: [{ outstandingBefore: 216, outstandingAfter: 200 }],
      },
    ]);
    expect((await list('transactionType=full_payment').expect(200)).body.statistics.total).toBe(2);
    const bank = await list('search=bank-1').expect(200);
    expect(bank.body.receipts.map((r: { paymentMethod: string }) => r.paymentMethod)).toEqual([
      'bank_transfer',
    ]);
    expect(bank.body.receipts[0].bankDetails).toMatchObject({ transactionId: 'BANK-1' });
    expect((await list('transactionType=refund').expect(200)).body.statistics.total).toBe(0);
    expect((await list('dateRange=today').expect(200)).body.statistics.total).toBe(3);
    expect((await list('paymentMethod=cash&page=3').expect(200)).body.pagination.totalCount).toBe(
      1,
    );
  });

  it('answers one receipt whole; the list carries it without allocations, lines or history', async () => {
    const listed = (await list('search=bank-1').expect(200)).body.receipts;
    const [whole] = await wholeReceipts(t, sales, listed);
    expect(whole).toMatchObject({
      referenceNumber: 'BANK-1',
      paymentAllocations: [{ allocatedAmount: 216, outstandingBefore: 216, outstandingAfter: 0 }],
      auditLog: [{ action: 'created' }],
    });
    const { paymentAllocations, lineItems, auditLog, ...summary } = whole!;
    expect([paymentAllocations, lineItems, auditLog]).not.toContain(undefined);
    expect(listed).toEqual([summary]);
  });

  it('answers 400 for a malformed receipt id, 404 for an unknown one, 403 without invoices.view', async () => {
    const one = (id: string, token = sales) =>
      request(t.app).get(`/api/business/receipts/${id}`).set(bearer(token));
    await one('not-an-id').expect(400);
    const unknown = await one(randomUUID()).expect(404);
    expect(unknown.body.message).toBe('Receipt not found');
    const [listed] = (await list().expect(200)).body.receipts;
    const noAccess = await t.signIn('sales', { permissions: ['quotations.view'] });
    await one(listed.id, noAccess).expect(403);
  });

  it('refuses an unknown method (400) and a user without invoices.view (403)', async () => {
    await list('paymentMethod=gold').expect(400);
    const noAccess = await t.signIn('sales', { permissions: ['quotations.view'] });
    await request(t.app).get('/api/business/receipts').set(bearer(noAccess)).expect(403);
  });
});

describe('GET /api/business/receipts figures from the month and day counters', () => {
  let t: TestContext;
  let admin: string;
  let accounts: string;
  let clientId: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    accounts = await t.signIn('accounts');
    clientId = (await buildClient(t)).id;
  });
  afterAll(() => t.close());

  const everything = async (filter = '') =>
    (
      await request(t.app)
        .get(`/api/business/receipts?limit=1${filter}`)
        .set(bearer(accounts))
        .expect(200)
    ).body;
  /** The figures counted from the receipts themselves, to hold the counters against. */
  const counted = async (where = sql`true`) => {
    const monthStart = `${businessDay(new Date()).slice(0, 7)}-01`;
    const { rows } = await t.database.db.execute<{
      total: number;
      this_month: number;
      sen: number;
    }>(
      sql`select count(*)::int as total,
                 (count(*) filter (where payment_date >= ${monthStart}::timestamptz))::int as this_month,
                 (coalesce(sum(total_amount), 0) * 100)::int as sen
          from receipts where ${where}`,
    );
    const row = rows[0]!;
    return { total: row.total, thisMonth: row.this_month, totalAmount: row.sen / 100 };
  };

  it('starts at zero and adds each validated invoice at once, by its payment month', async () => {
    expect((await everything()).statistics).toEqual({ total: 0, thisMonth: 0, totalAmount: 0 });
    const invoice = await createInvoice(t, admin, clientId);
    await payAndValidate(t, accounts, invoice.id, [
      { amount: 216, paymentMethod: 'bank_transfer', referenceNumber: 'NOW-1' },
    ]);
    let body = await everything();
    expect(body.statistics).toEqual({ total: 1, thisMonth: 1, totalAmount: 216 });
    expect(body.pagination).toMatchObject({ totalCount: 1, totalPages: 1 });

    // Paid 40 days ago: last month's, so counted in the total but not in this month.
    const older = await createInvoice(t, admin, clientId);
    await payAndValidate(t, accounts, older.id, [
      {
        amount: 216,
        paymentMethod: 'cash',
        referenceNumber: 'OLD-1',
        paymentDate: addDays(businessDay(new Date()), -40),
      },
    ]);
    body = await everything();
    expect(body.statistics).toEqual({ total: 2, thisMonth: 1, totalAmount: 432 });
    expect(body.pagination).toMatchObject({ totalCount: 2, totalPages: 2, hasNext: true });
    expect(body.statistics).toEqual(await counted());
    await expectDayCountersToAddUp();
  });

  /** The figures filtered by method and date range (the day counters) against the receipts. */
  const expectDayCountersToAddUp = async () => {
    const quarterStart = billingRangeStart('quarter', businessDay(new Date()));
    const inQuarter = sql`payment_date >= ${quarterStart}::timestamptz`;
    expect((await everything('&paymentMethod=cash')).statistics).toEqual(
      await counted(sql`payment_method = 'cash'`),
    );
    expect((await everything('&dateRange=quarter')).statistics).toEqual(await counted(inQuarter));
    expect((await everything('&paymentMethod=bank_transfer&dateRange=quarter')).statistics).toEqual(
      await counted(sql`payment_method = 'bank_transfer' and ${inQuarter}`),
    );
  };

  it('follows receipts changed, removed or truncated in the database', async () => {
    await t.database.db
      .update(receipts)
      .set({ totalAmount: '100.50' })
      .where(sql`true`);
    expect((await everything()).statistics).toEqual(await counted());
    expect((await everything()).statistics.totalAmount).toBe(201);
    await t.database.db
      .update(receipts)
      .set({ paymentDate: new Date(`${addDays(businessDay(new Date()), -70)}T00:00:00Z`) })
      .where(eq(receipts.referenceNumber, 'NOW-1'));
    expect((await everything()).statistics).toEqual({ total: 2, thisMonth: 0, totalAmount: 201 });
    await expectDayCountersToAddUp();
    await t.database.db.delete(receipts).where(eq(receipts.referenceNumber, 'OLD-1'));
    expect((await everything()).statistics).toEqual({ total: 1, thisMonth: 0, totalAmount: 100.5 });
    await expectDayCountersToAddUp();
    await t.database.db.execute(sql`truncate receipts cascade`);
    expect((await everything()).statistics).toEqual({ total: 0, thisMonth: 0, totalAmount: 0 });
    expect((await everything('&paymentMethod=cash')).statistics.total).toBe(0);
  });
});

describe('verificationCode', () => {
  it('is 12 unambiguous characters in three groups, different every time', () => {
    const codes = new Set(Array.from({ length: 200 }, verificationCode));
    expect(codes.size).toBe(200);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJ-KM-NP-Z2-9]{4}(-[A-HJ-KM-NP-Z2-9]{4}){2}$/);
  });
});
