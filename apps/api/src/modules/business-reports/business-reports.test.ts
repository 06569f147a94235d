import { addDays, businessDay, reportPeriod } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  buildProduct,
  buildQuotationForm,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { dayStart } from '../../db/column-values';
import { invoices, quotations } from '../../db/schema';

// A small fixed data set whose figures are computed by hand below. Day offsets are from today.
//   X: A 216 issued -2, paid in full today by bank transfer and validated; B 216 issued -5, due
//      -40 (30-60 bucket), 16 paid in cash; E 216 issued -10 (the previous week), due +20.
//   Y: C 1080 issued -1, due -100 (90+ bucket); D 216 issued -3, due +27.
//   Quotations: the five converted, one live draft (216), one lapsed draft (216).
const today = businessDay(new Date());
const day = (offset: number) => addDays(today, offset);

async function ask(
  t: TestContext,
  token: string,
  method: 'put',
  path: string,
  body: object,
): Promise<void> {
  await request(t.app)[method](path).set(bearer(token)).send(body).expect(200);
}

describe('business statistics and reports', () => {
  let t: TestContext;
  let accounts: string;
  let manager: string;
  let sales: string;
  let clientX: string;
  let clientY: string;
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.signIn('Admin');
    accounts = await t.signIn('accounts');
    manager = await t.signIn('manager');
    sales = await t.signIn('sales');
    clientX = (await buildClient(t, { companyName: 'Xenon Guards Sdn Bhd' })).id;
    clientY = (await buildClient(t, { companyName: '上海保安服务有限公司' })).id;
    await buildProduct(t);
    await buildProduct(t, { active: false });
    const thousand = {
      items: [{ ...buildQuotationForm(clientY).items[0]!, quantity: 1, unitPrice: 1000 }],
    };
    const invoice = async (clientId: string, issue: number, due: number, form = {}) => {
      const created = await createInvoice(t, admin, clientId, form);
      await t.database.db
        .update(invoices)
        .set({ issueDate: dayStart(day(issue)), dueDate: dayStart(day(due)) })
        .where(eq(invoices.id, created.id));
      return created.id;
    };
    const a = await invoice(clientX, -2, 28);
    const b = await invoice(clientX, -5, -40);
    await invoice(clientX, -10, 20);
    await invoice(clientY, -1, -100, thousand);
    await invoice(clientY, -3, 27);
    const pay = (id: string, amount: number, paymentMethod: string) =>
      ask(t, accounts, 'put', `/api/business/invoices/${id}/process-payment`, {
        amount,
        paymentMethod,
        referenceNumber: `REF-${amount}`,
        paymentDate: today,
      });
    await pay(a, 216, 'bank_transfer');
    await ask(t, accounts, 'put', `/api/invoices/${a}/validate-payment`, {});
    await pay(b, 16, 'cash');
    for (let draft = 0; draft < 2; draft++) {
      await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(clientX))
        .expect(201);
    }
    const [lapsed] = await t.database.db
      .select({ id: quotations.id })
      .from(quotations)
      .where(eq(quotations.status, 'draft'))
      .limit(1);
    await t.database.db
      .update(quotations)
      .set({ validUntil: dayStart(day(-1)) })
      .where(eq(quotations.id, lapsed!.id));
  });
  afterAll(() => t.close());

  /** Takes an invoice a test added out of the fixture's figures again. */
  async function voidInvoice(id: string) {
    await t.database.db.update(invoices).set({ isVoided: true }).where(eq(invoices.id, id));
    t.ctx.events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  }

  describe('GET /api/business/dashboard-stats', () => {
    it('answers the billing figures, computed in SQL', async () => {
      const { body } = await request(t.app)
        .get('/api/business/dashboard-stats')
        .set(bearer(sales))
        .expect(200);
      const { stats } = body;
      expect(stats.products).toEqual({ total: 2, active: 1, inactive: 1 });
      expect(stats.quotations).toEqual({
        total: 7,
        pending: 1,
        approved: 0,
        sent: 0,
        draft: 1,
        expired: 1,
      });
      expect(stats.invoices).toEqual({
        total: 5,
        paid: 1,
        unpaid: 2,
        pending: 0,
        overdue: 2,
        outstanding: 4,
      });
      expect(stats.receipts).toEqual({ total: 1, thisMonth: 1, pending: 0, processed: 1 });
      // The month's invoices depend on where today falls in the month.
      const monthStart = reportPeriod('month', today).from;
      const issued: [number, number][] = [
        [-2, 216],
        [-5, 216],
        [-10, 216],
        [-1, 1080],
        [-3, 216],
      ];
      const monthly = issued
        .filter(([offset]) => day(offset) >= monthStart)
        .reduce((sum, [, amount]) => sum + amount, 0);
      expect(stats.revenue).toEqual({
        total: 1944,
        daily: 0,
        weekly: 1728,
        lastWeek: 216,
        monthly,
        monthlyTarget: 100000,
        yearly: expect.any(Number),
      });
      expect(stats.financial).toEqual({
        totalAmount: 1944,
        paidAmount: 232,
        pendingAmount: 0,
        outstandingAmount: 1712,
        collectionRate: 11.9,
        overdueInvoices: 2,
        monthlyRevenue: monthly,
        weeklyRevenue: 1728,
      });
      expect(stats.recentActivity.quotations).toHaveLength(5);
      expect(stats.recentActivity.invoices).toHaveLength(5);
      expect(stats.recentActivity.receipts).toEqual([
        expect.objectContaining({
          clientName: 'Xenon Guards Sdn Bhd',
          total: 216,
          paymentMethod: 'bank_transfer',
        }),
      ]);
    });

    it('shows a new payment at once', async () => {
      const before = await request(t.app).get('/api/business/dashboard-stats').set(bearer(sales));
      const invoice = await createInvoice(t, await t.signIn('Admin'), clientX);
      const after = await request(t.app).get('/api/business/dashboard-stats').set(bearer(sales));
      expect(after.body.stats.invoices.total).toBe(before.body.stats.invoices.total + 1);
      expect(after.body.stats.recentActivity.invoices[0].id).toBe(invoice.id);
      await voidInvoice(invoice.id);
    });

    it('refuses a user holding none of invoices.view, reports.view and dashboard.view', async () => {
      const { token } = await t.createUserWithToken({
        role: 'sales',
        permissions: ['clients.view'],
      });
      await request(t.app).get('/api/business/dashboard-stats').set(bearer(token)).expect(403);
    });
  });

  describe('GET /api/business/reports', () => {
    const report = (query: string, token = manager) =>
      request(t.app).get(`/api/business/reports?${query}`).set(bearer(token));

    it('computes every section of the last 7 days by hand', async () => {
      const { body } = await report('type=overview&dateRange=week').expect(200);
      const { data } = body;
      expect(data.period).toEqual({ from: day(-6), to: today });
      expect(data.dashboard).toEqual({
        totalRevenue: 1728,
        previousRevenue: 216,
        totalOutstanding: 1496,
        overdueCount: 2,
        activeClients: 2,
        newClients: 2,
        collectionRate: 13.4,
        quotationValue: expect.any(Number),
        invoiceValue: 1728,
        paymentValue: 232,
        receiptValue: 216,
      });
      expect(data.business).toMatchObject({
        revenue: { invoiced: 1728, collected: 232, outstanding: 1496 },
        topClients: [
          { name: '上海保安服务有限公司', revenue: 1296, invoices: 2 },
          { name: 'Xenon Guards Sdn Bhd', revenue: 432, invoices: 2 },
        ],
        averageDealSize: 432,
        clientRetentionRate: 100,
        monthlyGrowth: 700,
        monthlyRevenue: 1728,
      });
      expect(data.business.revenueTrend).toEqual(
        [-6, -5, -4, -3, -2, -1, 0].map((offset) => ({
          period: day(offset),
          invoiced: { [-5]: 216, [-3]: 216, [-2]: 216, [-1]: 1080 }[offset] ?? 0,
          collected: { [-5]: 16, [-2]: 216 }[offset] ?? 0,
        })),
      );
      expect(data.payments).toEqual({
        methodBreakdown: [
          { method: 'bank_transfer', amount: 216, percentage: 93.1 },
          { method: 'cash', amount: 16, percentage: 6.9 },
        ],
        averageInvoiceTime: 0,
        averageDaysToPay: 2,
      });
      expect(data.aging).toEqual({
        buckets: {
          current: { count: 2, amount: 432 },
          thirty: { count: 1, amount: 200 },
          sixty: { count: 0, amount: 0 },
          ninety: { count: 1, amount: 1080 },
        },
        details: [
          {
            name: '上海保安服务有限公司',
            totalOutstanding: 1296,
            buckets: {
              current: { count: 1, amount: 216 },
              thirty: { count: 0, amount: 0 },
              sixty: { count: 0, amount: 0 },
              ninety: { count: 1, amount: 1080 },
            },
          },
          {
            name: 'Xenon Guards Sdn Bhd',
            totalOutstanding: 416,
            buckets: {
              current: { count: 1, amount: 216 },
              thirty: { count: 1, amount: 200 },
              sixty: { count: 0, amount: 0 },
              ninety: { count: 0, amount: 0 },
            },
          },
        ],
      });
    });

    it('counts quotation conversion over the quotations dated in the period', async () => {
      const { body } = await report('type=performance&dateRange=week').expect(200);
      // Seven fixture quotations and one more from the live-update test, all dated today.
      const { quotationsConverted, totalQuotations, quotationConversionRate } = body.data.business;
      expect(quotationsConverted).toBe(totalQuotations - 2);
      expect(quotationConversionRate).toBe(
        Math.round((quotationsConverted / totalQuotations) * 1000) / 10,
      );
    });

    it('takes a custom range, and refuses one without its dates', async () => {
      const custom = await report(`dateRange=custom&dateFrom=${day(-12)}&dateTo=${day(-8)}`).expect(
        200,
      );
      expect(custom.body.data.dashboard).toMatchObject({ totalRevenue: 216, activeClients: 1 });
      const missing = await report('dateRange=custom').expect(400);
      expect(missing.body.message).toMatch(/Choose a start and end date for a custom range/);
      await report(`dateRange=custom&dateFrom=${day(0)}&dateTo=${day(-1)}`).expect(400);
      await report('type=everything').expect(400);
    });

    it('answers a billing change at once, though reports are kept for a few seconds', async () => {
      const before = await report('dateRange=week').expect(200);
      const invoice = await createInvoice(t, await t.signIn('Admin'), clientY);
      const after = await report('dateRange=week').expect(200);
      expect(after.body.data.dashboard.totalRevenue).toBe(
        before.body.data.dashboard.totalRevenue + invoice.totalAmount,
      );
      await voidInvoice(invoice.id);
    });

    it('refuses a user without reports.view', async () => {
      await report('dateRange=week', sales).expect(403);
    });
  });

  describe('GET /api/business/reports/export/{type}', () => {
    const exportReport = (type: string, query = '', token = manager) =>
      request(t.app)
        .get(`/api/business/reports/export/${type}?dateRange=week${query}`)
        .set(bearer(token))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        });

    async function workbookOf(type: string) {
      const response = await exportReport(type).expect(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${type}-report-${today}.xlsx"`,
      );
      const workbook = new ExcelJS.Workbook();
      const file = response.body as Buffer;
      await workbook.xlsx.load(
        file.buffer.slice(file.byteOffset, file.byteOffset + file.length) as ArrayBuffer,
      );
      return workbook;
    }

    it('writes the aging as numbers in RM with frozen, filtered headers and dates as dates', async () => {
      const workbook = await workbookOf('aging');
      expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
        'Report',
        'Aging Buckets',
        'Aging by Client',
      ]);
      const cover = workbook.getWorksheet('Report')!;
      expect(cover.getCell('B2').value).toEqual(new Date(`${day(-6)}T00:00:00Z`));
      expect(cover.getCell('B2').numFmt).toBe('yyyy-mm-dd');
      const byClient = workbook.getWorksheet('Aging by Client')!;
      expect(byClient.getRow(1).values).toEqual([
        undefined,
        'Client',
        'Total Outstanding',
        '0-30',
        '30-60',
        '60-90',
        '90+',
      ]);
      expect(byClient.getRow(2).values).toEqual([
        undefined,
        '上海保安服务有限公司',
        1296,
        216,
        0,
        0,
        1080,
      ]);
      expect(byClient.getRow(3).values).toEqual([
        undefined,
        'Xenon Guards Sdn Bhd',
        416,
        216,
        200,
        0,
        0,
      ]);
      expect(byClient.getCell('B2').numFmt).toBe('"RM "#,##0.00');
      expect(byClient.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(byClient.autoFilter).toBeTruthy();
      expect(byClient.getColumn(1).width).toBe(40);
    });

    it('writes the financial and performance sections', async () => {
      const financial = await workbookOf('financial');
      const methods = financial.getWorksheet('Payment Methods')!;
      expect(methods.getRow(2).values).toEqual([undefined, 'Bank Transfer', 216, 93.1]);
      const performance = await workbookOf('performance');
      const targets = performance.getWorksheet('Targets')!;
      expect(targets.getRow(5).values).toEqual([
        undefined,
        'Days to Collect',
        2,
        30,
        1500,
        'On target',
      ]);
      const overview = await workbookOf('overview');
      expect(overview.getWorksheet('Overview')!.getRow(2).values).toEqual([
        undefined,
        'Total Revenue',
        1728,
      ]);
    });

    it('gives the JSON fallback with format=json', async () => {
      const response = await exportReport('financial', '&format=json').expect(200);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="financial-report-${today}.json"`,
      );
      const parsed = JSON.parse((response.body as Buffer).toString('utf8'));
      expect(parsed).toMatchObject({
        type: 'financial',
        business: { revenue: { invoiced: 1728 } },
      });
    });

    it('refuses an unknown report type or format', async () => {
      await exportReport('everything').expect(400);
      await exportReport('aging', '&format=csv').expect(400);
    });

    it('refuses a user without reports.export', async () => {
      await exportReport('aging', '', accounts).expect(403);
    });
  });
});
