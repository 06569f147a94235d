import { randomUUID } from 'node:crypto';
import { businessDay, addDays } from '@patrol/domain';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  invoiceLineItems,
  invoices,
  paymentEntries,
  quotations,
  type ClientRow,
} from '../../db/schema';
import {
  bearer,
  buildClient,
  createAcceptedQuotation,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

const today = () => businessDay(new Date());

describe('invoices API', () => {
  let t: TestContext;
  let admin: string;
  let accounts: string;
  let sales: string;
  let client: ClientRow;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    accounts = await t.signIn('accounts', { fullName: 'Nurul Accounts' });
    sales = await t.signIn('sales');
    client = await buildClient(t, { companyName: 'Invoice Client Sdn Bhd' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.published.length = 0;
  });

  const pay = (id: string, body: Record<string, unknown>, token = accounts) =>
    request(t.app)
      .put(`/api/business/invoices/${id}/process-payment`)
      .set(bearer(token))
      .send({
        paymentMethod: 'bank_transfer',
        referenceNumber: 'TRX-1',
        paymentDate: today(),
        ...body,
      });
  const validate = (id: string, token = accounts) =>
    request(t.app)
      .put(`/api/invoices/${id}/validate-payment`)
      .set(bearer(token))
      .send({ validationNotes: 'Matched bank statement' });
  const reject = (id: string, reason = 'Amount not received', token = accounts) =>
    request(t.app)
      .put(`/api/invoices/${id}/reject-payment`)
      .set(bearer(token))
      .send({ rejectionReason: reason, validationNotes: 'Checked twice' });

  /** An invoice of RM 216.00 (2 x RM 100 + 8% tax). */
  const newInvoice = () => createInvoice(t, admin, client.id);

  describe('PUT /api/business/quotations/{id}/convert-to-invoice', () => {
    it('creates the invoice from the quotation in one step and marks the quotation converted', async () => {
      const quotation = await createAcceptedQuotation(t, admin, client.id, {
        paymentTerms: 'NET_15',
        items: [
          {
            productName: 'Sticker',
            description: 'Small',
            quantity: 3,
            unitPrice: 0.05,
            discount: 0,
          },
          { productName: 'Reader', description: '', quantity: 1, unitPrice: 0.05, discount: 0 },
        ],
      });
      t.published.length = 0;
      const response = await request(t.app)
        .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
        .set(bearer(sales))
        .expect(200);
      const { invoice } = response.body;
      expect(response.body.message).toBe(
        `Quotation converted to invoice ${invoice.invoiceNumber}. Check the Invoices tab.`,
      );
      expect(response.body.quotation).toMatchObject({ status: 'converted', invoiceId: invoice.id });
      expect(invoice).toMatchObject({
        quotationId: quotation.id,
        clientId: client.id,
        clientInfo: { companyName: 'Invoice Client Sdn Bhd' },
        issueDate: today(),
        dueDate: addDays(today(), 15),
        paymentTerms: 'NET_15',
        subtotal: 0.2,
        taxAmount: 0.02,
        totalAmount: 0.22,
        paidAmount: 0,
        outstandingAmount: 0.22,
        paymentStatus: 'unpaid',
        paymentValidationStatus: 'none',
        status: 'issued',
        isVoided: false,
      });
      // 8% of 0.15 is 1.2 sen and of 0.05 is 0.4 sen: the lines carry 1 + 1 = the invoice's 2 sen.
      expect(invoice.lineItems).toEqual([
        {
          description: 'Sticker - Small',
          quantity: 3,
          unitPrice: 0.05,
          taxRate: 0.08,
          taxAmount: 0.01,
          lineTotal: 0.15,
        },
        {
          description: 'Reader',
          quantity: 1,
          unitPrice: 0.05,
          taxRate: 0.08,
          taxAmount: 0.01,
          lineTotal: 0.05,
        },
      ]);
      expect(t.published.map((e) => e.event)).toEqual([
        'invoiceCreated',
        'billingUpdated',
        'billingUpdated',
      ]);
      const search = await request(t.app)
        .get(`/api/business/quotations?search=${invoice.invoiceNumber}`)
        .set(bearer(sales))
        .expect(200);
      expect(search.body.quotations.map((q: { id: string }) => q.id)).toEqual([quotation.id]);
    });

    it('refuses a quotation that is not accepted (409), twice (409), unknown (404), without invoices.create (403)', async () => {
      const draft = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send({ clientId: client.id, items: [{ productName: 'X', quantity: 1, unitPrice: 1 }] })
        .expect(201);
      const refused = await request(t.app)
        .put(`/api/business/quotations/${draft.body.quotation.id}/convert-to-invoice`)
        .set(bearer(admin))
        .expect(409);
      expect(refused.body.message).toBe(
        'This quotation is draft: only an accepted quotation can be converted to an invoice',
      );
      const quotation = await createAcceptedQuotation(t, admin, client.id);
      const convert = () =>
        request(t.app)
          .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
          .set(bearer(admin));
      await convert().expect(200);
      await convert().expect(409);
      await request(t.app)
        .put(`/api/business/quotations/${randomUUID()}/convert-to-invoice`)
        .set(bearer(admin))
        .expect(404);
      const quoter = await t.signIn('sales', {
        permissions: ['quotations.view', 'quotations.edit', 'invoices.view'],
      });
      await request(t.app)
        .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
        .set(bearer(quoter))
        .expect(403);
    });

    it('gives 20 concurrent conversions 20 distinct consecutive invoice numbers', async () => {
      const accepted = [];
      for (let index = 0; index < 20; index += 1) {
        accepted.push(await createAcceptedQuotation(t, admin, client.id));
      }
      const answers = await Promise.all(
        accepted.map((quotation) =>
          request(t.app)
            .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
            .set(bearer(admin)),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      const sequences = answers
        .map((answer) => Number(answer.body.invoice.invoiceNumber.slice(-6)))
        .sort((a, b) => a - b);
      expect(new Set(sequences).size).toBe(20);
      expect(sequences.at(-1)! - sequences[0]!).toBe(19);
    });
  });

  describe('GET /api/business/invoices', () => {
    it('reads an unpaid invoice past its due date as overdue and filters by it', async () => {
      const own = await buildClient(t);
      const late = await createInvoice(t, admin, own.id);
      const onTime = await createInvoice(t, admin, own.id);
      await t.database.db
        .update(invoices)
        .set({ dueDate: new Date(`${addDays(today(), -3)}T00:00:00Z`) })
        .where(eq(invoices.id, late.id));
      await t.database.db
        .update(invoices)
        .set({ dueDate: new Date(`${addDays(today(), 3)}T00:00:00Z`) })
        .where(eq(invoices.id, onTime.id));

      const list = async (query: string) =>
        (
          await request(t.app)
            .get(`/api/business/invoices?clientId=${own.id}&${query}`)
            .set(bearer(sales))
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
      const searched = await request(t.app)
        .get(`/api/business/invoices?search=${late.invoiceNumber.toLowerCase()}`)
        .set(bearer(sales))
        .expect(200);
      expect(searched.body.invoices.map((i: { id: string }) => i.id)).toEqual([late.id]);
    });

    it('counts a search up to 1,000 matches past the page and then says more match', async () => {
      const own = await buildClient(t, { companyName: 'Countahead Guards Sdn Bhd' });
      const first = await createInvoice(t, admin, own.id);
      // 1,004 more invoices of the same client, copied in one statement.
      await t.database.db.execute(sql`
        insert into invoices (invoice_number, client_id, client_info, issue_date, due_date,
                              payment_terms, subtotal, tax_amount, total_amount, created_by)
        select 'BULK-' || lpad(g::text, 6, '0'), client_id, client_info, issue_date, due_date,
               payment_terms, subtotal, tax_amount, total_amount, created_by
        from invoices, generate_series(1, 1004) g where id = ${first.id}`);
      const page = (query: string) =>
        request(t.app)
          .get(`/api/business/invoices?search=countahead&limit=10&${query}`)
          .set(bearer(sales))
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
      const byClient = await request(t.app)
        .get(`/api/business/invoices?clientId=${own.id}&limit=100`)
        .set(bearer(sales))
        .expect(200);
      expect(byClient.body.pagination).toMatchObject({ totalCount: 1000, totalCountCapped: true });
    });

    it('drops a paid invoice from the overdue filter and its count at once', async () => {
      const own = await buildClient(t);
      const late = [await createInvoice(t, admin, own.id), await createInvoice(t, admin, own.id)];
      await t.database.db
        .update(invoices)
        .set({ dueDate: new Date(`${addDays(today(), -10)}T00:00:00Z`) })
        .where(eq(invoices.clientId, own.id));
      const overdue = async () =>
        (
          await request(t.app)
            .get(`/api/business/invoices?clientId=${own.id}&dueStatus=overdue&limit=1`)
            .set(bearer(sales))
            .expect(200)
        ).body;
      expect((await overdue()).pagination).toMatchObject({ totalCount: 2, totalPages: 2 });
      await pay(late[0]!.id, { amount: 216 }).expect(200);
      const after = await overdue();
      expect(after.invoices.map((i: { id: string }) => i.id)).toEqual([late[1]!.id]);
      expect(after.pagination).toMatchObject({ totalCount: 1, hasNext: false });
    });

    it('refuses an unknown filter value (400) and a user without invoices.view (403)', async () => {
      await request(t.app)
        .get('/api/business/invoices?dueStatus=someday')
        .set(bearer(admin))
        .expect(400);
      const noAccess = await t.signIn('sales', { permissions: ['quotations.view'] });
      await request(t.app).get('/api/business/invoices').set(bearer(noAccess)).expect(403);
    });
  });

  describe('PUT /api/business/invoices/{id}/process-payment', () => {
    it('records a partial then the final payment; paid in full, the invoice awaits validation', async () => {
      const invoice = await newInvoice();
      t.published.length = 0;
      const partial = await pay(invoice.id, { amount: 16, referenceNumber: 'TRX-A' }).expect(200);
      expect(partial.body).toMatchObject({
        message: 'Payment processed successfully',
        invoice: {
          paidAmount: 16,
          outstandingAmount: 200,
          paymentStatus: 'partial',
          paymentValidationStatus: 'none',
        },
      });
      const final = await pay(invoice.id, { amount: 200, paymentMethod: 'cheque' }).expect(200);
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
        t.published.filter((e) => e.event === 'paymentProcessed').map((e) => e.payload),
      ).toEqual([
        expect.objectContaining({ invoiceId: invoice.id, amount: 16, paymentStatus: 'partial' }),
        expect.objectContaining({ invoiceId: invoice.id, amount: 200, paymentStatus: 'paid' }),
      ]);
      const more = await pay(invoice.id, { amount: 1 }).expect(409);
      expect(more.body.message).toBe(
        'This invoice cannot take a payment: it is voided, cancelled, paid or awaiting validation',
      );
    });

    it('refuses more than the outstanding amount and every invalid field with the spec message', async () => {
      const invoice = await newInvoice();
      const over = await pay(invoice.id, { amount: 216.01 }).expect(400);
      expect(over.body.errors).toEqual({
        amount: 'Payment amount cannot exceed the outstanding amount of RM 216.00',
      });
      const invalid = await pay(invoice.id, {
        amount: 0,
        paymentMethod: 'barter',
        referenceNumber: '   ',
        paymentDate: addDays(today(), 3),
      }).expect(400);
      expect(invalid.body.errors).toEqual({
        amount: 'Payment amount is required and must be greater than 0',
        paymentMethod: 'Payment method is required',
        referenceNumber: 'Reference number is required',
        paymentDate: 'Payment date cannot be in the future',
      });
      const rows = await t.database.db
        .select()
        .from(paymentEntries)
        .where(eq(paymentEntries.invoiceId, invoice.id));
      expect(rows).toEqual([]);
    });

    it('lets only one of two concurrent full payments through', async () => {
      const invoice = await newInvoice();
      const answers = await Promise.all([
        pay(invoice.id, { amount: 216, referenceNumber: 'TRX-1' }),
        pay(invoice.id, { amount: 216, referenceNumber: 'TRX-2' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row!.paidAmount).toBe('216.00');
    });

    it('pays once when the same Idempotency-Key is submitted twice', async () => {
      const invoice = await newInvoice();
      const key = randomUUID();
      const first = await pay(invoice.id, { amount: 50 }).set('Idempotency-Key', key).expect(200);
      const again = await pay(invoice.id, { amount: 50 }).set('Idempotency-Key', key).expect(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      const rows = await t.database.db
        .select()
        .from(paymentEntries)
        .where(eq(paymentEntries.invoiceId, invoice.id));
      expect(rows).toHaveLength(1);
    });

    it('answers 404 for an unknown invoice and 403 to a sales user', async () => {
      await pay(randomUUID(), { amount: 1 }).expect(404);
      const invoice = await newInvoice();
      await pay(invoice.id, { amount: 1 }, sales).expect(403);
    });
  });

  describe('validate and reject', () => {
    async function paidInvoice() {
      const invoice = await newInvoice();
      await pay(invoice.id, { amount: 100, referenceNumber: 'TRX-P1' }).expect(200);
      await pay(invoice.id, { amount: 116, referenceNumber: 'TRX-P2' }).expect(200);
      return invoice;
    }

    it('validates a paid invoice and issues its receipt in the same step', async () => {
      const invoice = await paidInvoice();
      t.published.length = 0;
      const response = await validate(invoice.id).expect(200);
      expect(response.body.invoice).toMatchObject({
        paymentStatus: 'paid',
        paymentValidationStatus: 'validated',
        paymentValidationNotes: 'Matched bank statement',
      });
      const receiptId = response.body.invoice.paymentEntries[0].receiptId;
      expect(response.body.invoice.paymentEntries).toMatchObject([
        { status: 'validated', receiptId },
        { status: 'validated', receiptId },
      ]);
      const receipts = await request(t.app)
        .get(`/api/business/receipts?search=${invoice.invoiceNumber}`)
        .set(bearer(sales))
        .expect(200);
      expect(receipts.body.receipts).toHaveLength(1);
      expect(receipts.body.receipts[0]).toMatchObject({
        id: receiptId,
        invoiceNumbers: [invoice.invoiceNumber],
        totalAmount: 216,
        paymentMethod: 'bank_transfer',
        transactionType: 'full_payment',
        referenceNumber: 'TRX-P1, TRX-P2',
        currency: 'MYR',
        createdBy: 'Nurul Accounts',
        paymentAllocations: [
          {
            invoiceNumber: invoice.invoiceNumber,
            allocatedAmount: 216,
            outstandingBefore: 216,
            outstandingAfter: 0,
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
      expect(receipts.body.receipts[0].verificationCode).toMatch(
        /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/,
      );
      expect(receipts.body.statistics).toMatchObject({ total: 1, totalAmount: 216 });
      expect(t.published.map((e) => e.event)).toEqual([
        'paymentValidated',
        'billingUpdated',
        'billingUpdated',
      ]);
    });

    it('rejects: clears the payments, records the rejection and numbers the correction notes', async () => {
      const invoice = await paidInvoice();
      const first = await reject(invoice.id).expect(200);
      expect(first.body.message).toBe(
        'Payment rejected successfully. All payment entries have been cleared. The invoice now shows correction notes and requires payment to be re-entered and processed again.',
      );
      expect(first.body.invoice).toMatchObject({
        paidAmount: 0,
        outstandingAmount: 216,
        paymentStatus: 'unpaid',
        paymentValidationStatus: 'validation_rejected',
        paymentRejectionReason: 'Amount not received',
        paymentEntries: [],
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
      expect(first.body.invoice.notes).toContain(
        '=== PAYMENT CORRECTION REQUIRED (1st rejection) ===',
      );
      await pay(invoice.id, { amount: 216 }).expect(200);
      const second = await reject(invoice.id, 'Wrong reference').expect(200);
      expect(second.body.invoice.notes).toContain('(2nd rejection)');
      expect(second.body.invoice.rejectionHistory).toHaveLength(2);
    });

    it('refuses an empty reason (400), a partly paid invoice (409), an unknown one (404)', async () => {
      const invoice = await paidInvoice();
      const blank = await reject(invoice.id, '  ').expect(400);
      expect(blank.body.errors).toEqual({ rejectionReason: 'Rejection reason is required' });
      const partly = await newInvoice();
      await pay(partly.id, { amount: 1 }).expect(200);
      const early = await validate(partly.id).expect(409);
      expect(early.body.message).toBe(
        'Only a fully paid invoice awaiting validation can be validated or rejected',
      );
      await validate(randomUUID()).expect(404);
      await reject(randomUUID()).expect(404);
    });

    it('refuses every role but superadmin and accounts, even an Admin (403)', async () => {
      const invoice = await paidInvoice();
      const asAdmin = await validate(invoice.id, admin).expect(403);
      expect(asAdmin.body.message).toBe(
        'Only superadmin and accounts users can validate or reject payments',
      );
      await reject(invoice.id, 'No', sales).expect(403);
      const superadmin = await t.signIn('superadmin');
      await validate(invoice.id, superadmin).expect(200);
    });

    it('ends a validation racing a rejection in exactly one of them', async () => {
      const invoice = await paidInvoice();
      const answers = await Promise.all([validate(invoice.id), reject(invoice.id)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      const validated = answers[0]!.status === 200;
      expect(row!.paymentValidationStatus).toBe(validated ? 'validated' : 'validation_rejected');
    });
  });

  describe('revert to quotation', () => {
    it('voids the invoice and returns the quotation to accepted (invoice path)', async () => {
      const invoice = await newInvoice();
      t.published.length = 0;
      const response = await request(t.app)
        .post(`/api/business/invoices/${invoice.id}/revert`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body).toMatchObject({
        message:
          'Invoice successfully reverted to quotation. The quotation is now available in the Quotations tab.',
        invoice: { id: invoice.id, isVoided: true, status: 'voided' },
        quotation: { id: invoice.quotationId, status: 'accepted', invoiceId: null },
      });
      expect(t.published.map((e) => e.event)).toContain('invoiceReverted');
      // Accepted again, it converts to a new invoice.
      await request(t.app)
        .put(`/api/business/quotations/${invoice.quotationId}/convert-to-invoice`)
        .set(bearer(admin))
        .expect(200);
    });

    it('reverts by the quotation too (PATCH .../quotations/{id}/revert)', async () => {
      const invoice = await newInvoice();
      const response = await request(t.app)
        .patch(`/api/business/quotations/${invoice.quotationId}/revert`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body.quotation).toMatchObject({ status: 'accepted', invoiceId: null });
      const again = await request(t.app)
        .patch(`/api/business/quotations/${invoice.quotationId}/revert`)
        .set(bearer(admin))
        .expect(409);
      expect(again.body.message).toBe('This quotation has no invoice to revert');
      await request(t.app)
        .patch(`/api/business/quotations/${randomUUID()}/revert`)
        .set(bearer(admin))
        .expect(404);
    });

    it('refuses an invoice with payments, a validated one and one not made from a quotation (409)', async () => {
      const paid = await newInvoice();
      await pay(paid.id, { amount: 5 }).expect(200);
      const withPayments = await request(t.app)
        .post(`/api/business/invoices/${paid.id}/revert`)
        .set(bearer(admin))
        .expect(409);
      expect(withPayments.body.message).toBe(
        'This invoice has recorded payments and cannot be reverted; payments awaiting validation can be rejected first',
      );

      const orphan = await newInvoice();
      await t.database.db
        .update(invoices)
        .set({ quotationId: null })
        .where(eq(invoices.id, orphan.id));
      const noQuotation = await request(t.app)
        .post(`/api/business/invoices/${orphan.id}/revert`)
        .set(bearer(admin))
        .expect(409);
      expect(noQuotation.body.message).toBe(
        'This invoice was not created from a quotation and cannot be reverted.',
      );

      const validated = await newInvoice();
      await t.database.db
        .update(invoices)
        .set({ paymentValidationStatus: 'validated' })
        .where(eq(invoices.id, validated.id));
      const refused = await request(t.app)
        .post(`/api/business/invoices/${validated.id}/revert`)
        .set(bearer(admin))
        .expect(409);
      expect(refused.body.message).toBe('A validated invoice cannot be reverted');
      const [quotation] = await t.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, validated.quotationId!));
      expect(quotation!.status).toBe('converted');
    });

    it('answers 404 for an unknown invoice and 403 without invoices.edit', async () => {
      await request(t.app)
        .post(`/api/business/invoices/${randomUUID()}/revert`)
        .set(bearer(admin))
        .expect(404);
      const invoice = await newInvoice();
      await request(t.app)
        .post(`/api/business/invoices/${invoice.id}/revert`)
        .set(bearer(sales))
        .expect(403);
    });
  });

  describe('POST /api/business/invoices/{id}/send', () => {
    it('records who sent it and when; a voided invoice cannot be sent', async () => {
      const invoice = await newInvoice();
      const response = await request(t.app)
        .post(`/api/business/invoices/${invoice.id}/send`)
        .set(bearer(sales))
        .expect(200);
      expect(response.body).toMatchObject({
        message: 'Invoice sent successfully',
        invoice: { status: 'sent' },
      });
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(row!.sentBy).not.toBeNull();
      await request(t.app)
        .post(`/api/business/invoices/${invoice.id}/revert`)
        .set(bearer(admin))
        .expect(200);
      await request(t.app)
        .post(`/api/business/invoices/${invoice.id}/send`)
        .set(bearer(sales))
        .expect(409);
      await request(t.app)
        .post(`/api/business/invoices/${randomUUID()}/send`)
        .set(bearer(sales))
        .expect(404);
      const viewer = await t.signIn('sales', { permissions: ['invoices.view'] });
      await request(t.app)
        .post(`/api/business/invoices/${invoice.id}/send`)
        .set(bearer(viewer))
        .expect(403);
    });
  });

  it('keeps line items equal to the quotation lines in the database', async () => {
    const invoice = await newInvoice();
    const lines = await t.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, invoice.id));
    expect(lines.map((line) => [line.unitPrice, line.lineTotal, line.taxAmount])).toEqual([
      ['100.00', '200.00', '16.00'],
    ]);
  });
});
