import { randomUUID } from 'node:crypto';
import { addDays } from '@patrol/domain';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema';
import { bearer, buildClient, createInvoice } from '../../../test/builders';
import { setUpInvoicesFixture, today } from './invoices-test-fixture';

describe('invoices API', () => {
  const fixture = setUpInvoicesFixture();

  describe('GET /api/business/invoices', () => {
    it('reads an unpaid invoice past its due date as overdue and filters by it', async () => {
      const own = await buildClient(fixture.t);
      const late = await createInvoice(fixture.t, fixture.admin, own.id);
      const onTime = await createInvoice(fixture.t, fixture.admin, own.id);
      await fixture.t.database.db
        .update(invoices)
        .set({ dueDate: new Date(`${addDays(today(), -3)}T00:00:00Z`) })
        .where(eq(invoices.id, late.id));
      await fixture.t.database.db
        .update(invoices)
        .set({ dueDate: new Date(`${addDays(today(), 3)}T00:00:00Z`) })
        .where(eq(invoices.id, onTime.id));

      const list = async (query: string) =>
        (
          await request(fixture.t.app)
            .get(`/api/business/invoices?clientId=${own.id}&${query}`)
            .set(bearer(fixture.sales))
            .expect(200)
        ).body.invoices.map((invoice: { id: string; paymentStatus: string }) => [
          invoice.id,
          invoice.paymentStatus,
        ]);
      expect(await list('paymentStatus=overdue')).toEqual([[late.id, 'overdue']]);
      expect(await list('dueStatus=overdue')).toEqual([[late.id, 'overdue']]);
      expect(await list('dueStatus=due_soon')).toEqual([[onTime.id, 'unpaid']]);
      expect(await list('paymentStatus=unpaid')).toEqual([[onTime.id, 'unpaid']]);
      expect(await list('dateRange=today&sortBy=invoiceNumber&sortOrder=asc')).toEqual([
        [late.id, 'overdue'],
        [onTime.id, 'unpaid'],
      ]);
      const searched = await request(fixture.t.app)
        .get(`/api/business/invoices?search=${late.invoiceNumber.toLowerCase()}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(searched.body.invoices.map((i: { id: string }) => i.id)).toEqual([late.id]);
    });

    it('counts a search up to 1,000 matches past the page and then says more match', async () => {
      const own = await buildClient(fixture.t, { companyName: 'Countahead Guards Sdn Bhd' });
      const first = await createInvoice(fixture.t, fixture.admin, own.id);
      // 1,004 more invoices of the same client, copied in one statement.
      await fixture.t.database.db.execute(sql`
        insert into invoices (invoice_number, client_id, client_info, issue_date, due_date,
                              payment_terms, subtotal, tax_amount, total_amount, created_by)
        select 'BULK-' || lpad(g::text, 6, '0'), client_id, client_info, issue_date, due_date,
               payment_terms, subtotal, tax_amount, total_amount, created_by
        from invoices, generate_series(1, 1004) g where id = ${first.id}`);
      const page = (query: string) =>
        request(fixture.t.app)
          .get(`/api/business/invoices?search=countahead&limit=10&${query}`)
          .set(bearer(fixture.sales))
          .expect(200);

      const firstPage = await page('page=1');
      expect(firstPage.body.invoices).toHaveLength(10);
      expect(firstPage.body.pagination).toEqual({
        currentPage: 1,
        totalPages: 100,
        totalCount: 1000,
        limit: 10,
        hasNext: true,
        hasPrev: false,
        totalCountCapped: true,
      });
      // From page 100 the count reaches every match: exact again, one page more.
      const later = await page('page=100');
      expect(later.body.pagination).toEqual({
        currentPage: 100,
        totalPages: 101,
        totalCount: 1005,
        limit: 10,
        hasNext: true,
        hasPrev: true,
      });
      const last = await page('page=101');
      expect(last.body.invoices).toHaveLength(5);
      expect(last.body.pagination).toMatchObject({ totalCount: 1005, hasNext: false });
      // The client's filter alone counts the same way.
      const byClient = await request(fixture.t.app)
        .get(`/api/business/invoices?clientId=${own.id}&limit=100`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(byClient.body.pagination).toMatchObject({ totalCount: 1000, totalCountCapped: true });
    });

    it('drops a paid invoice from the overdue filter and its count at once', async () => {
      const own = await buildClient(fixture.t);
      const late = [
        await createInvoice(fixture.t, fixture.admin, own.id),
        await createInvoice(fixture.t, fixture.admin, own.id),
      ];
      await fixture.t.database.db
        .update(invoices)
        .set({ dueDate: new Date(`${addDays(today(), -10)}T00:00:00Z`) })
        .where(eq(invoices.clientId, own.id));
      const overdue = async () =>
        (
          await request(fixture.t.app)
            .get(`/api/business/invoices?clientId=${own.id}&dueStatus=overdue&limit=1`)
            .set(bearer(fixture.sales))
            .expect(200)
        ).body;
      expect((await overdue()).pagination).toMatchObject({ totalCount: 2, totalPages: 2 });
      await fixture.pay(late[0]!.id, { amount: 216 }).expect(200);
      const after = await overdue();
      expect(after.invoices.map((i: { id: string }) => i.id)).toEqual([late[1]!.id]);
      expect(after.pagination).toMatchObject({ totalCount: 1, hasNext: false });
    });

    it('refuses an unknown filter value (400) and a user without invoices.view (403)', async () => {
      await request(fixture.t.app)
        .get('/api/business/invoices?dueStatus=someday')
        .set(bearer(fixture.admin))
        .expect(400);
      const noAccess = await fixture.t.signIn('sales', { permissions: ['quotations.view'] });
      await request(fixture.t.app).get('/api/business/invoices').set(bearer(noAccess)).expect(403);
    });
  });

  describe('GET /api/business/invoices/{id}', () => {
    it('answers the invoice whole, where the list carries its figures without its parts', async () => {
      const invoice = await fixture.newInvoice();
      await fixture.pay(invoice.id, { amount: 10 }).expect(200);

      const read = await request(fixture.t.app)
        .get(`/api/business/invoices/${invoice.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(read.body.invoice).toMatchObject({
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        paidAmount: 10,
        lineItems: [expect.objectContaining({ quantity: 2, unitPrice: 100 })],
        taxSummary: [expect.objectContaining({ taxableAmount: 200 })],
        paymentEntries: [expect.objectContaining({ amount: 10, status: 'pending_validation' })],
        rejectionHistory: [],
      });

      const listed = await request(fixture.t.app)
        .get(`/api/business/invoices?search=${invoice.invoiceNumber}`)
        .set(bearer(fixture.sales))
        .expect(200);
      const { lineItems, taxSummary, paymentEntries, rejectionHistory, ...summary } =
        read.body.invoice;
      expect([lineItems, taxSummary, paymentEntries, rejectionHistory]).not.toContain(undefined);
      expect(listed.body.invoices).toEqual([summary]);
    });

    it('answers 400 for a malformed id, 404 for an unknown one, 403 without invoices.view', async () => {
      await request(fixture.t.app)
        .get('/api/business/invoices/not-an-id')
        .set(bearer(fixture.sales))
        .expect(400);
      const unknown = await request(fixture.t.app)
        .get(`/api/business/invoices/${randomUUID()}`)
        .set(bearer(fixture.sales))
        .expect(404);
      expect(unknown.body.message).toBe('Invoice not found');
      const invoice = await fixture.newInvoice();
      const noAccess = await fixture.t.signIn('sales', { permissions: ['quotations.view'] });
      await request(fixture.t.app)
        .get(`/api/business/invoices/${invoice.id}`)
        .set(bearer(noAccess))
        .expect(403);
    });
  });

  describe('POST /api/business/invoices/{id}/send', () => {
    it('records who sent it and when; a voided invoice cannot be sent', async () => {
      const invoice = await fixture.newInvoice();
      const response = await request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/send`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(response.body).toMatchObject({
        message: 'Invoice marked as sent. No mail server is configured, so nothing was e-mailed.',
        invoice: { status: 'sent', sentTo: null },
      });
      const [row] = await fixture.t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice.id));
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(row!.sentBy).not.toBeNull();
      await request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/revert`)
        .set(bearer(fixture.admin))
        .expect(200);
      await request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/send`)
        .set(bearer(fixture.sales))
        .expect(409);
      await request(fixture.t.app)
        .post(`/api/business/invoices/${randomUUID()}/send`)
        .set(bearer(fixture.sales))
        .expect(404);
      const viewer = await fixture.t.signIn('sales', { permissions: ['invoices.view'] });
      await request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/send`)
        .set(bearer(viewer))
        .expect(403);
    });
  });
});
