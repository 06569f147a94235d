import { businessDay } from '@patrol/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer, buildClient, createInvoice, createTestContext } from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';
import { setUpSharedFixture } from '../../../test/shared-fixture';

const unknownId = '00000000-0000-4000-8000-000000000000';
const today = () => businessDay(new Date());

/** An admin, two accounts users (recorder and validator), a sales user and a client. */
function setUpRefundFixture() {
  return setUpSharedFixture(async () => {
    const t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts');
    const recorder = await t.signIn('accounts');
    const sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Refunded Client Sdn Bhd' });
    const send = (path: string, token: string, body: object) =>
      request(t.app).post(path).set(bearer(token)).send(body);
    /** An invoice of RM 216.00, paid and validated in full, credited `credit` (a refund due). */
    const withRefundDue = async (credit: number) => {
      const invoice = await createInvoice(t, admin, client.id);
      await request(t.app)
        .put(`/api/business/invoices/${invoice.id}/process-payment`)
        .set(bearer(recorder))
        .send({
          amount: 216,
          paymentMethod: 'bank_transfer',
          referenceNumber: 'TRX-1',
          paymentDate: businessDay(new Date()),
        })
        .expect(200);
      await request(t.app)
        .put(`/api/invoices/${invoice.id}/validate-payment`)
        .set(bearer(accounts))
        .send({ validationNotes: 'Matched bank statement' })
        .expect(200);
      if (credit > 0) {
        await send(`/api/business/invoices/${invoice.id}/credit-notes`, accounts, {
          reason: 'Overcharge',
          amount: credit,
        }).expect(200);
      }
      return invoice;
    };
    return { t, admin, accounts, sales, client, withRefundDue };
  });
}

describe('refund notes API', () => {
  const fixture = setUpRefundFixture();

  const refund = (id: string, body: object, token = fixture.accounts) =>
    request(fixture.t.app)
      .post(`/api/business/invoices/${id}/refund-notes`)
      .set(bearer(token))
      .send(body);
  const body = (overrides: object = {}) => ({
    reason: 'Overcharge paid back',
    amount: 10,
    method: 'bank_transfer',
    refundDate: today(),
    reference: 'RF-001',
    ...overrides,
  });
  const get = (path: string, token = fixture.sales) =>
    request(fixture.t.app).get(path).set(bearer(token));
  const invoiceOf = async (invoiceNumber: string) =>
    (await get('/api/business/invoices').query({ search: invoiceNumber }).expect(200)).body
      .invoices[0];

  it('issues an RN- refund note that lowers the refund due, audited and published', async () => {
    const invoice = await fixture.withRefundDue(16);
    expect(await invoiceOf(invoice.invoiceNumber)).toMatchObject({ refundDue: 16 });
    const response = await refund(invoice.id, body()).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: 'Refund note issued',
      note: {
        kind: 'refund',
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        reason: 'Overcharge paid back',
        totalAmount: 10,
        taxAmount: 0,
        invoiceOwedAfter: 200,
        refundDue: 6,
        refund: { method: 'bank_transfer', refundDate: today(), reference: 'RF-001' },
      },
    });
    expect(response.body.note.noteNumber).toMatch(/^RN-MP-\d{4}-\d{6}$/);
    expect(await invoiceOf(invoice.invoiceNumber)).toMatchObject({
      refundedAmount: 10,
      refundDue: 6,
      outstandingAmount: 0,
      paymentStatus: 'paid',
    });
    const events = fixture.t.published.filter((e) => e.event === 'billingUpdated');
    expect(events.map((e) => e.payload)).toEqual(
      expect.arrayContaining([
        { entity: 'refund_note', action: 'created', id: response.body.note.id },
        { entity: 'invoice', action: 'updated', id: invoice.id },
      ]),
    );
    const trail = await request(fixture.t.app)
      .get('/api/audit')
      .query({ entityType: 'refund_note' })
      .set(bearer(fixture.admin))
      .expect(200);
    expect(trail.body.data.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entityId: response.body.note.id,
          action: 'refund_note.issued',
          entityLabel: response.body.note.noteNumber,
        }),
      ]),
    );

    const invoicePdf = await binaryBody(
      get(`/api/business/invoices/${invoice.id}/download`),
    ).expect(200);
    const invoiceText = (await pdfPages(invoicePdf.body as Buffer)).join('\n');
    expect(invoiceText).toMatch(/Refund notes\s+-RM 10\.00/);

    // The rest of the refund due, then nothing more.
    const rest = await refund(invoice.id, body({ amount: 6, reference: '' })).expect(200);
    expect(rest.body.note).toMatchObject({ refundDue: 0, refund: { reference: '' } });
    expect(await invoiceOf(invoice.invoiceNumber)).toMatchObject({
      refundedAmount: 16,
      refundDue: 0,
      paymentStatus: 'paid',
    });
  });

  it('refuses more than the refund still due after earlier refund notes (400)', async () => {
    const invoice = await fixture.withRefundDue(16);
    const over = await refund(invoice.id, body({ amount: 16.01 })).expect(400);
    expect(over.body.errors).toEqual({
      amount:
        'A refund note cannot exceed the refund still due on the invoice after earlier refund notes (RM 16.00)',
    });
    await refund(invoice.id, body({ amount: 12 })).expect(200);
    const again = await refund(invoice.id, body({ amount: 5 })).expect(400);
    expect(again.body.errors.amount).toContain('(RM 4.00)');

    const nothingDue = await fixture.withRefundDue(0);
    const none = await refund(nothingDue.id, body({ amount: 1 })).expect(400);
    expect(none.body.errors.amount).toContain('(RM 0.00)');
  });

  it('refuses a body without a reason, a positive amount, a method or a past date (400)', async () => {
    const invoice = await fixture.withRefundDue(16);
    const empty = await refund(invoice.id, {}).expect(400);
    expect(empty.body.errors).toMatchObject({
      reason: 'Reason is required',
      amount: 'Refund amount is required and must be greater than 0',
      method: 'Refund method is required',
      refundDate: 'Refund date is required',
    });
    const zero = await refund(invoice.id, body({ amount: 0 })).expect(400);
    expect(zero.body.errors).toEqual({
      amount: 'Refund amount is required and must be greater than 0',
    });
    const future = await refund(invoice.id, body({ refundDate: '2999-01-01' })).expect(400);
    expect(future.body.errors).toEqual({ refundDate: 'Refund date cannot be in the future' });
    const method = await refund(invoice.id, body({ method: 'barter' })).expect(400);
    expect(method.body.errors).toEqual({ method: 'Refund method is required' });
    expect(await invoiceOf(invoice.invoiceNumber)).toMatchObject({ refundDue: 16 });
  });

  it('refuses a refund note on a void invoice (409)', async () => {
    const invoice = await createInvoice(fixture.t, fixture.admin, fixture.client.id);
    await request(fixture.t.app)
      .post(`/api/business/invoices/${invoice.id}/revert`)
      .set(bearer(fixture.admin))
      .expect(200);
    const refused = await refund(invoice.id, body({ amount: 1 })).expect(409);
    expect(refused.body.message).toBe('This invoice is void: it takes no refund notes');
  });

  it('lists refund notes filtered and searched, paged; one note; its PDF', async () => {
    const invoice = await fixture.withRefundDue(20);
    const first = (await refund(invoice.id, body({ amount: 5 })).expect(200)).body.note;
    await refund(invoice.id, body({ amount: 3 })).expect(200);

    const byInvoice = await get('/api/business/refund-notes')
      .query({ invoiceId: invoice.id, limit: 1, from: today(), to: today() })
      .expect(200);
    expect(byInvoice.body.notes).toHaveLength(1);
    expect(byInvoice.body.pagination).toMatchObject({ totalCount: 2, totalPages: 2 });
    const searched = await get('/api/business/refund-notes')
      .query({ search: first.noteNumber, clientId: fixture.client.id })
      .expect(200);
    expect(searched.body.notes.map((n: { id: string }) => n.id)).toEqual([first.id]);
    const credits = await get('/api/business/credit-notes').query({ invoiceId: invoice.id });
    expect(credits.body.notes.map((n: { kind: string }) => n.kind)).toEqual(['credit']);

    const detail = await get(`/api/business/refund-notes/${first.id}`).expect(200);
    expect(detail.body.note).toEqual(first);
    const wrongKind = await get(`/api/business/credit-notes/${first.id}`).expect(404);
    expect(wrongKind.body.message).toBe('Credit or debit note not found');

    const pdf = await binaryBody(get(`/api/business/refund-notes/${first.id}/download`)).expect(
      200,
    );
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="refund-note-${first.noteNumber}.pdf"`,
    );
    const text = (await pdfPages(pdf.body as Buffer)).join('\n');
    expect(text).toContain('REFUND NOTE');
    expect(text).toContain(first.noteNumber);
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toMatch(/Amount refunded\s+RM 5\.00/);
    expect(text).toContain('Bank Transfer');
    expect(text).toContain('RF-001');
    expect(text).toContain('Ringgit Malaysia Five Only');
  });

  it('needs invoices.edit to issue and invoices.view to read (403)', async () => {
    const invoice = await fixture.withRefundDue(16);
    await refund(invoice.id, body(), fixture.sales).expect(403);
    const note = (await refund(invoice.id, body()).expect(200)).body.note;
    const blind = await fixture.t.signIn('sales', { customDenied: ['invoices.view'] });
    for (const path of [
      '/api/business/refund-notes',
      `/api/business/refund-notes/${note.id}`,
      `/api/business/refund-notes/${note.id}/download`,
    ]) {
      await get(path, blind).expect(403);
    }
  });

  it('answers 404 for an unknown invoice or refund note', async () => {
    const missing = await refund(unknownId, body({ amount: 1 })).expect(404);
    expect(missing.body.message).toBe('Invoice not found');
    const note = await get(`/api/business/refund-notes/${unknownId}`).expect(404);
    expect(note.body.message).toBe('Refund note not found');
    await get(`/api/business/refund-notes/${unknownId}/download`).expect(404);
  });
});
