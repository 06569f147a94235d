import { reportPeriod } from '@patrol/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, createInvoice } from '../../../test/builders';
import { day, setUpBusinessReportsFixture, today } from './business-reports-test-fixture';

describe('business statistics and reports', () => {
  const fixture = setUpBusinessReportsFixture();

  describe('GET /api/business/dashboard-stats', () => {
    it('answers the billing figures, computed in SQL', async () => {
      const { body } = await request(fixture.t.app)
        .get('/api/business/dashboard-stats')
        .set(bearer(fixture.accounts))
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
        // The partial payment of RM 16 awaits validation.
        pending: 1,
        overdue: 2,
        outstanding: 4,
      });
      expect(stats.receipts).toEqual({ total: 1, thisMonth: 1, pending: 1, processed: 1 });
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
        // Net of the tax: four invoices of RM 16 tax and one of RM 80.
        netAmount: 1800,
        taxAmount: 144,
        // Collected is validated money only; the RM 16 awaiting validation is shown apart.
        paidAmount: 216,
        pendingAmount: 16,
        outstandingAmount: 1712,
        collectionRate: 11.1,
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
      const before = await request(fixture.t.app)
        .get('/api/business/dashboard-stats')
        .set(bearer(fixture.sales));
      const invoice = await createInvoice(
        fixture.t,
        await fixture.t.signIn('Admin'),
        fixture.clientX,
      );
      const after = await request(fixture.t.app)
        .get('/api/business/dashboard-stats')
        .set(bearer(fixture.sales));
      expect(after.body.stats.invoices.total).toBe(before.body.stats.invoices.total + 1);
      expect(after.body.stats.recentActivity.invoices[0].id).toBe(invoice.id);
      await fixture.voidInvoice(invoice.id);
    });

    it('sends revenue and collections only to readers of reports, recent documents by permission', async () => {
      const stats = async (token: string) =>
        (
          await request(fixture.t.app)
            .get('/api/business/dashboard-stats')
            .set(bearer(token))
            .expect(200)
        ).body.stats;
      const support = (await fixture.t.createUserWithToken({ role: 'support' })).token;
      for (const token of [fixture.accounts, fixture.manager]) {
        const readable = await stats(token);
        expect(readable.revenue).toMatchObject({ total: expect.any(Number) });
        expect(readable.financial).toMatchObject({ paidAmount: 216, collectionRate: 11.1 });
      }
      const sales = await stats(fixture.sales);
      expect(sales).toMatchObject({ revenue: null, financial: null });
      expect(sales.invoices.total).toBeGreaterThan(0);
      expect(sales.recentActivity.invoices.length).toBeGreaterThan(0);
      // Support sees the dashboard but neither billing documents nor money.
      const shipping = await stats(support);
      expect(shipping).toMatchObject({ revenue: null, financial: null });
      expect(shipping.recentActivity).toEqual({ quotations: [], invoices: [], receipts: [] });
      expect(JSON.stringify(shipping)).not.toContain('Xenon');
    });

    it('refuses a user holding none of invoices.view, reports.view and dashboard.view', async () => {
      const { token } = await fixture.t.createUserWithToken({
        role: 'sales',
        permissions: ['clients.view'],
      });
      await request(fixture.t.app)
        .get('/api/business/dashboard-stats')
        .set(bearer(token))
        .expect(403);
    });
  });

  describe('GET /api/business/reports', () => {
    const report = (query: string, token = fixture.manager) =>
      request(fixture.t.app).get(`/api/business/reports?${query}`).set(bearer(token));

    it('computes every section of the last 7 days by hand', async () => {
      const { body } = await report('type=overview&dateRange=week').expect(200);
      const { data } = body;
      expect(data.period).toEqual({ from: day(-6), to: today });
      expect(data.dashboard).toEqual({
        totalRevenue: 1728,
        netRevenue: 1600,
        taxAmount: 128,
        awaitingValidation: 16,
        previousRevenue: 216,
        totalOutstanding: 1496,
        overdueCount: 2,
        activeClients: 2,
        newClients: 2,
        collectionRate: 12.5,
        quotationValue: expect.any(Number),
        invoiceValue: 1728,
        paymentValue: 216,
        receiptValue: 216,
      });
      expect(data.business).toMatchObject({
        revenue: {
          invoiced: 1728,
          net: 1600,
          tax: 128,
          collected: 216,
          awaitingValidation: 16,
          outstanding: 1496,
        },
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
          collected: { [-2]: 216 }[offset] ?? 0,
        })),
      );
      expect(data.payments).toEqual({
        // Validated payments only: the cash payment awaits validation.
        methodBreakdown: [{ method: 'bank_transfer', amount: 216, percentage: 100 }],
        averageInvoiceTime: 0,
        averageDaysToPay: 2,
      });
      expect(data.aging).toEqual({
        // Aging starts after the due date: not yet due is current, 40 days past due is 31-60.
        buckets: {
          current: { count: 2, amount: 432 },
          thirty: { count: 0, amount: 0 },
          sixty: { count: 1, amount: 200 },
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
              thirty: { count: 0, amount: 0 },
              sixty: { count: 1, amount: 200 },
              ninety: { count: 0, amount: 0 },
            },
          },
        ],
      });
    });

    it('gives no days to collect, and no verdict on it, when nothing was collected', async () => {
      const { body } = await report(
        `dateRange=custom&dateFrom=${day(-12)}&dateTo=${day(-8)}`,
      ).expect(200);
      expect(body.data.payments.averageDaysToPay).toBeNull();
      expect(body.data.dashboard.collectionRate).toBe(0);
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
      const invoice = await createInvoice(
        fixture.t,
        await fixture.t.signIn('Admin'),
        fixture.clientY,
      );
      const after = await report('dateRange=week').expect(200);
      expect(after.body.data.dashboard.totalRevenue).toBe(
        before.body.data.dashboard.totalRevenue + invoice.totalAmount,
      );
      await fixture.voidInvoice(invoice.id);
    });

    it('refuses a user without reports.view', async () => {
      await report('dateRange=week', fixture.sales).expect(403);
    });
  });
});
