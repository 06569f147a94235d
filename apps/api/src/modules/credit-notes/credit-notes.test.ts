import { businessDay } from '@patrol/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, buildClient, createInvoice, createTestContext } from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';
import { setUpSharedFixture } from '../../../test/shared-fixture';

const unknownId = '00000000-0000-4000-8000-000000000000';
const today = () => businessDay(new Date());

/** A database with an admin, two accounts users (recorder and validator), a sales user, a client. */
function setUpNotesFixture() {
  return setUpSharedFixture(async () => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts');
    const recorder = await t.signIn('accounts');
    const sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Noted Client Sdn Bhd' });
    return {
      t,
      admin,
      accounts,
      sales,
      client,
      /** An invoice of RM 216.00 (2 x RM 100 + 8% service tax). */
      newInvoice: () => createInvoice(t, admin, client.id),
      pay: (id: string, body: { amount: number }) =>
        request(t.app)
          .put(`/api/business/invoices/${id}/process-payment`)
          .set(bearer(recorder))
          .send({
            paymentMethod: 'bank_transfer',
            referenceNumber: 'TRX-1',
            paymentDate: today(),
            ...body,
          }),
      validate: (id: string) =>
        request(t.app)
          .put(`/api/invoices/${id}/validate-payment`)
          .set(bearer(accounts))
          .send({ validationNotes: 'Matched bank statement' }),
    };
  });
}

describe('credit and debit notes API', () => {
  const fixture = setUpNotesFixture();

  const issue = (kind: 'credit' | 'debit', id: string, body: object, token = fixture.accounts) =>
    request(fixture.t.app)
      .post(`/api/business/invoices/${id}/${kind}-notes`)
      .set(bearer(token))
      .send(body);
  const get = (path: string, token = fixture.sales) =>
    request(fixture.t.app).get(path).set(bearer(token));
  const invoiceOf = async (invoiceNumber: string) =>
    (await get('/api/business/invoices').query({ search: invoiceNumber }).expect(200)).body
      .invoices[0];
  const paidAndValidated = async () => {
    const invoice = await fixture.newInvoice();
    await fixture.pay(invoice.id, { amount: 216 }).expect(200);
    await fixture.validate(invoice.id).expect(200);
    return invoice;
  };

  it('issues a CN- credit note for an amount that lowers what the invoice owes, audited and published', async () => {
    const invoice = await fixture.newInvoice();
    const response = await issue('credit', invoice.id, {
      reason: 'Late delivery',
      amount: 50,
    }).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Credit note issued',
      note: {
        kind: 'credit',
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        reason: 'Late delivery',
        totalAmount: 50,
        taxAmount: 0,
        invoiceOwedAfter: 166,
        refundDue: 0,
        lineItems: [expect.objectContaining({ description: 'Late delivery', taxType: 'EXEMPT' })],
      },
    });
    expect(response.body.note.noteNumber).toMatch(/^CN-MP-\d{4}-\d{6}$/);
    expect(await invoiceOf(invoice.invoiceNumber)).toMatchObject({
      creditedAmount: 50,
      outstandingAmount: 166,
      paymentStatus: 'unpaid',
    });
    const events = fixture.t.published.filter((e) => e.event === 'billingUpdated');
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        { entity: 'credit_note', action: 'created', id: response.body.note.id },
        { entity: 'invoice', action: 'updated', id: invoice.id },
      ]),
    );
    const trail = await request(fixture.t.app)
      .get('/api/audit')
      .query({ entityType: 'credit_note' })
      .set(bearer(fixture.admin))
      .expect(200);
    expect(trail.body.data.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entityId: response.body.note.id,
          action: 'credit_note.issued',
          entityLabel: response.body.note.noteNumber,
        }),
      ]),
    );
  });

  it('prices lines at the tax rate the invoice was issued with', async () => {
    const invoice = await fixture.newInvoice();
    const response = await issue('credit', invoice.id, {
      reason: 'One licence returned',
      lines: [{ description: 'Licence', quantity: 1, unitPrice: 100, taxType: 'SERVICE_TAX' }],
    }).expect(200);
    expect(response.body.note).toMatchObject({
      subtotal: 100,
      taxAmount: 8,
      totalAmount: 108,
      taxSummary: [{ taxType: 'SERVICE_TAX', taxRate: 0.08, taxableAmount: 100, taxAmount: 8 }],
    });
    const refused = await issue('credit', invoice.id, {
      reason: 'Goods',
      lines: [{ description: 'Box', quantity: 1, unitPrice: 1, taxType: 'SALES_TAX' }],
    }).expect(400);
    expect(refused.body.errors).toEqual({
      'lines.0.taxType': 'This tax type is not charged on the invoice',
    });
  });

  it('refuses a credit above what is still owed after earlier credit notes, and an empty body', async () => {
    const invoice = await fixture.newInvoice();
    await issue('credit', invoice.id, { reason: 'First', amount: 200 }).expect(200);
    const over = await issue('credit', invoice.id, { reason: 'Second', amount: 16.01 }).expect(400);
    expect(over.body.errors.amount).toBe(
      'A credit note cannot exceed what the invoice still owes after earlier credit notes (RM 16.00)',
    );
    const empty = await issue('credit', invoice.id, { reason: 'Nothing' }).expect(400);
    expect(empty.body.errors).toEqual({ amount: 'Give an amount or at least one line' });
    const noReason = await issue('credit', invoice.id, { reason: ' ', amount: 1 }).expect(400);
    expect(noReason.body.errors).toEqual({ reason: 'Reason is required' });
    await issue('debit', invoice.id, { reason: 'Nothing', amount: 0 }).expect(400);
    await get(`/api/business/credit-notes/not-an-id`).expect(400);
    await get('/api/business/credit-notes').query({ from: 'yesterday' }).expect(400);
  });

  it('settles a fully credited invoice and records the refund due of money already collected', async () => {
    const unpaid = await fixture.newInvoice();
    await issue('credit', unpaid.id, { reason: 'Cancelled order', amount: 216 }).expect(200);
    expect(await invoiceOf(unpaid.invoiceNumber)).toMatchObject({
      outstandingAmount: 0,
      paymentStatus: 'paid',
      refundDue: 0,
    });

    const paid = await paidAndValidated();
    const note = await issue('credit', paid.id, { reason: 'Overcharge', amount: 16 }).expect(200);
    expect(note.body.note).toMatchObject({ invoiceOwedAfter: 200, refundDue: 16 });
    expect(await invoiceOf(paid.invoiceNumber)).toMatchObject({
      paymentStatus: 'paid',
      paymentValidationStatus: 'validated',
      outstandingAmount: 0,
      refundDue: 16,
    });
    const invoicePdf = await binaryBody(get(`/api/business/invoices/${paid.id}/download`)).expect(
      200,
    );
    const text = (await pdfPages(invoicePdf.body as Buffer)).join('\n');
    expect(text).toMatch(/Credit notes\s+-RM 16\.00/);
  });

  it('issues a DN- debit note that adds to what is owed', async () => {
    const paid = await paidAndValidated();
    const response = await issue('debit', paid.id, { reason: 'Extra visit', amount: 20 }).expect(
      200,
    );
    expect(response.body.message).toBe('Debit note issued');
    expect(response.body.note.noteNumber).toMatch(/^DN-MP-\d{4}-\d{6}$/);
    expect(await invoiceOf(paid.invoiceNumber)).toMatchObject({
      debitedAmount: 20,
      outstandingAmount: 20,
      paymentStatus: 'partial',
    });
    await fixture.pay(paid.id, { amount: 20 }).expect(200);
  });

  it('moves the client aging: outstanding less credit notes, plus debit notes', async () => {
    const agingOf = async () => {
      const { body } = await request(fixture.t.app)
        .get('/api/business/reports?type=overview&dateRange=week')
        .set(bearer(fixture.admin))
        .expect(200);
      return body.data.aging.details.find(
        (row: { name: string }) => row.name === 'Noted Client Sdn Bhd',
      )?.totalOutstanding as number;
    };
    const invoice = await fixture.newInvoice();
    const before = await agingOf();
    await issue('credit', invoice.id, { reason: 'Discount agreed', amount: 50 }).expect(200);
    expect(await agingOf()).toBeCloseTo(before - 50, 2);
    await issue('debit', invoice.id, { reason: 'Extra round', amount: 20 }).expect(200);
    expect(await agingOf()).toBeCloseTo(before - 30, 2);
  });

  it('refuses notes on a void invoice (409)', async () => {
    const invoice = await fixture.newInvoice();
    await request(fixture.t.app)
      .post(`/api/business/invoices/${invoice.id}/revert`)
      .set(bearer(fixture.admin))
      .expect(200);
    for (const kind of ['credit', 'debit'] as const) {
      const refused = await issue(kind, invoice.id, { reason: 'Late', amount: 1 }).expect(409);
      expect(refused.body.message).toBe('This invoice is void: it takes no credit or debit notes');
    }
  });

  it('lists notes filtered by client, invoice, dates and search, paged; one note; its PDF', async () => {
    const invoice = await fixture.newInvoice();
    const first = (await issue('credit', invoice.id, { reason: 'A', amount: 1 }).expect(200)).body
      .note;
    await issue('credit', invoice.id, { reason: 'B', amount: 2 }).expect(200);
    await issue('debit', invoice.id, { reason: 'C', amount: 3 }).expect(200);

    const byInvoice = await get('/api/business/credit-notes')
      .query({ invoiceId: invoice.id, limit: 1, from: today(), to: today() })
      .expect(200);
    expect(byInvoice.body.notes).toHaveLength(1);
    expect(byInvoice.body.pagination).toMatchObject({ totalCount: 2, totalPages: 2 });
    const searched = await get('/api/business/credit-notes')
      .query({ search: first.noteNumber, clientId: fixture.client.id })
      .expect(200);
    expect(searched.body.notes.map((n: { id: string }) => n.id)).toEqual([first.id]);
    const debits = await get('/api/business/debit-notes').query({ invoiceId: invoice.id });
    expect(debits.body.notes).toHaveLength(1);
    const past = await get('/api/business/credit-notes')
      .query({ invoiceId: invoice.id, to: '2020-01-01' })
      .expect(200);
    expect(past.body.notes).toEqual([]);

    const detail = await get(`/api/business/credit-notes/${first.id}`).expect(200);
    expect(detail.body.note).toEqual(first);
    await get(`/api/business/debit-notes/${first.id}`).expect(404);

    const pdf = await binaryBody(get(`/api/business/credit-notes/${first.id}/download`)).expect(
      200,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="credit-note-${first.noteNumber}.pdf"`,
    );
    const text = (await pdfPages(pdf.body as Buffer)).join('\n');
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(first.noteNumber);
    expect(text).toContain(invoice.invoiceNumber);
  });

  it('needs invoices.edit to issue and invoices.view to read (403)', async () => {
    const invoice = await fixture.newInvoice();
    await issue('credit', invoice.id, { reason: 'x', amount: 1 }, fixture.sales).expect(403);
    await issue('debit', invoice.id, { reason: 'x', amount: 1 }, fixture.sales).expect(403);
    const note = (await issue('credit', invoice.id, { reason: 'x', amount: 1 }).expect(200)).body
      .note;
    const blind = await fixture.t.signIn('sales', { customDenied: ['invoices.view'] });
    for (const path of [
      '/api/business/credit-notes',
      `/api/business/credit-notes/${note.id}`,
      `/api/business/credit-notes/${note.id}/download`,
      '/api/business/debit-notes',
      `/api/business/debit-notes/${note.id}`,
      `/api/business/debit-notes/${note.id}/download`,
    ]) {
      await get(path, blind).expect(403);
    }
  });

  it('answers 404 for an unknown invoice or note', async () => {
    for (const kind of ['credit', 'debit'] as const) {
      const missing = await issue(kind, unknownId, { reason: 'x', amount: 1 }).expect(404);
      expect(missing.body.message).toBe('Invoice not found');
      await get(`/api/business/${kind}-notes/${unknownId}`).expect(404);
      await get(`/api/business/${kind}-notes/${unknownId}/download`).expect(404);
    }
  });
});
