import { defaultCompanySettings, type AuditEntry } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  buildProductForm,
  buildQuotationForm,
  createInvoice,
  createTestContext,
} from '../../../test/builders';
import { setUpSharedFixture } from '../../../test/shared-fixture';
import { verifyAuditChain } from './audit-chain.service';

const fixture = setUpSharedFixture(async () => {
  const t = await createTestContext();
  const client = await buildClient(t, { companyName: 'Trail Client Sdn Bhd' });
  return {
    t,
    client,
    superadmin: await t.signIn('superadmin'),
    admin: await t.signIn('Admin'),
    accounts: await t.signIn('accounts', { fullName: 'Nurul Accounts' }),
    checker: await t.signIn('accounts', { fullName: 'Second Checker' }),
  };
});
const api = () => request(fixture.t.app);

/** The newest page of one entity type's trail. */
async function entriesOf(entityType: string): Promise<AuditEntry[]> {
  const response = await api()
    .get('/api/audit')
    .query({ entityType })
    .set(bearer(fixture.superadmin))
    .expect(200);
  return response.body.data.entries;
}

/** The trail of one entity, oldest first. */
async function trailOf(entityType: string, entityId: string): Promise<AuditEntry[]> {
  const response = await api()
    .get('/api/audit')
    .query({ entityType, entityId })
    .set(bearer(fixture.superadmin))
    .expect(200);
  return [...response.body.data.entries].reverse();
}

const pay = (id: string, amount: number, requestId: string) =>
  api()
    .put(`/api/business/invoices/${id}/process-payment`)
    .set(bearer(fixture.accounts))
    .set('x-request-id', requestId)
    .send({
      amount,
      paymentMethod: 'bank_transfer',
      referenceNumber: `TRX-${requestId}`,
      paymentDate: businessDay(new Date()),
    })
    .expect(200);

describe('billing changes in the audit trail', () => {
  let invoiceId: string;
  let invoiceNumber: string;
  beforeAll(async () => {
    const invoice = await createInvoice(fixture.t, fixture.admin, fixture.client.id);
    invoiceId = invoice.id;
    invoiceNumber = invoice.invoiceNumber;
  });

  it('records the issued invoice with its lines, number and client', async () => {
    const [created] = await trailOf('invoice', invoiceId);
    expect(created).toMatchObject({
      action: 'invoice.created',
      actionLabel: 'Invoice issued',
      entityLabel: invoiceNumber,
      clientName: 'Trail Client Sdn Bhd',
      changes: {
        invoiceNumber: { before: null, after: invoiceNumber },
        lines: {
          before: null,
          after: [expect.objectContaining({ quantity: 2, unitPrice: '100.00' })],
        },
      },
    });
    expect(created!.requestId).toEqual(expect.any(String));
  });

  it('records sending with the request id, who and when', async () => {
    await api()
      .post(`/api/business/invoices/${invoiceId}/send`)
      .set(bearer(fixture.admin))
      .set('x-request-id', 'send-1')
      .expect(200);
    const sent = (await trailOf('invoice', invoiceId)).at(-1)!;
    expect(sent).toMatchObject({
      action: 'invoice.sent',
      actionLabel: 'Invoice sent',
      requestId: 'send-1',
      changes: { status: { before: 'issued', after: 'sent' } },
    });
    expect(sent.actor).not.toBeNull();
  });

  it('records each payment entry, its validation and the receipt issued', async () => {
    await pay(invoiceId, 100, 'pay-1');
    await pay(invoiceId, 116, 'pay-2');
    const payments = await entriesOf('payment');
    const recorded = payments.filter((entry: AuditEntry) => entry.action === 'payment.recorded');
    expect(recorded.map((entry: AuditEntry) => entry.requestId).sort()).toEqual(['pay-1', 'pay-2']);
    expect(recorded[0]).toMatchObject({
      actionLabel: 'Payment recorded',
      entityLabel: invoiceNumber,
      clientName: 'Trail Client Sdn Bhd',
      changes: { amount: { before: null, after: '116.00' } },
    });
    const invoiceTrail = await trailOf('invoice', invoiceId);
    expect(invoiceTrail.at(-1)).toMatchObject({
      action: 'invoice.payment_processed',
      requestId: 'pay-2',
      changes: {
        paidAmount: { before: '100.00', after: '216.00' },
        paymentStatus: { before: 'partial', after: 'paid' },
      },
    });

    await api()
      .put(`/api/invoices/${invoiceId}/validate-payment`)
      .set(bearer(fixture.checker))
      .set('x-request-id', 'validate-1')
      .send({ validationNotes: 'Matched' })
      .expect(200);
    const validated = await entriesOf('payment');
    const validations = validated.filter(
      (entry: AuditEntry) => entry.action === 'payment.validated',
    );
    expect(validations).toHaveLength(2);
    expect(validations[0]).toMatchObject({
      requestId: 'validate-1',
      changes: { status: { before: 'pending_validation', after: 'validated' } },
    });
    const receipts = await entriesOf('receipt');
    expect(receipts[0]).toMatchObject({
      action: 'receipt.issued',
      actionLabel: 'Receipt issued',
      entityLabel: expect.stringMatching(/^RCP-/),
      clientName: 'Trail Client Sdn Bhd',
      requestId: 'validate-1',
    });
  });

  it('keeps a rejected payment in the trail, named by its invoice', async () => {
    const invoice = await createInvoice(fixture.t, fixture.admin, fixture.client.id);
    await pay(invoice.id, 216, 'pay-3');
    await api()
      .put(`/api/invoices/${invoice.id}/reject-payment`)
      .set(bearer(fixture.checker))
      .set('x-request-id', 'reject-1')
      .send({ rejectionReason: 'Amount not received' })
      .expect(200);
    const payments = await entriesOf('payment');
    expect(payments.find((entry: AuditEntry) => entry.requestId === 'reject-1')).toMatchObject({
      action: 'payment.rejected',
      entityLabel: invoice.invoiceNumber,
      // The entry is kept, marked rejected (the ledger never deletes a payment).
      changes: {
        status: { before: 'pending_validation', after: 'rejected' },
        rejectionReason: { before: null, after: 'Amount not received' },
      },
    });
    expect((await trailOf('invoice', invoice.id)).at(-1)).toMatchObject({
      action: 'invoice.payment_rejected',
      changes: { paymentValidationStatus: { after: 'validation_rejected' } },
    });
  });

  it("records a quotation's edited lines before and after", async () => {
    const created = await api()
      .post('/api/business/quotations')
      .set(bearer(fixture.admin))
      .send(buildQuotationForm(fixture.client.id))
      .expect(201);
    const quotation = created.body.quotation;
    const form = buildQuotationForm(fixture.client.id);
    await api()
      .put(`/api/business/quotations/${quotation.id}`)
      .set(bearer(fixture.admin))
      .send({ items: [{ ...form.items[0]!, quantity: 3 }] })
      .expect(200);
    const edited = (await trailOf('quotation', quotation.id)).at(-1)!;
    expect(edited).toMatchObject({
      action: 'quotation.updated',
      actionLabel: 'Quotation edited',
      entityLabel: quotation.quotationNumber,
      clientName: 'Trail Client Sdn Bhd',
      changes: {
        totalAmount: { before: '216.00', after: '324.00' },
        lines: {
          before: [expect.objectContaining({ quantity: 2 })],
          after: [expect.objectContaining({ quantity: 3 })],
        },
      },
    });
  });

  it('records a change of document numbering with the request id', async () => {
    const settings = structuredClone(defaultCompanySettings);
    settings.numberingSettings.invoice.prefix = 'BIL';
    await api()
      .put('/api/settings')
      .set(bearer(fixture.superadmin))
      .set('x-request-id', 'numbering-1')
      .send(settings)
      .expect(200);
    const [entry] = await entriesOf('settings');
    expect(entry).toMatchObject({
      action: 'settings.updated',
      entityLabel: 'Company settings',
      requestId: 'numbering-1',
      changes: { 'numberingSettings.invoice.prefix': { before: 'INV', after: 'BIL' } },
    });
  });

  it('records product changes by name', async () => {
    const created = await api()
      .post('/api/business/products')
      .set(bearer(fixture.admin))
      .send(buildProductForm({ name: 'Trail Tag' }))
      .expect(201);
    const [entry] = await trailOf('product', created.body.product.id);
    expect(entry).toMatchObject({ action: 'product.created', entityLabel: 'Trail Tag' });
  });

  it('answers the time zone the console shows times in, and keeps the chain whole', async () => {
    const response = await api().get('/api/audit').set(bearer(fixture.superadmin)).expect(200);
    expect(response.body.data.timeZone).toBe('Asia/Kuala_Lumpur');
    expect((await verifyAuditChain(fixture.t.database.db)).ok).toBe(true);
  });
});

describe('reading the billing trail', () => {
  it('refuses a billing entity type without its view permission (403), a bad type (400)', async () => {
    const usersOnly = await fixture.t.signIn('manager', { permissions: ['users.view'] });
    for (const entityType of ['payment', 'receipt', 'invoice']) {
      await api().get('/api/audit').query({ entityType }).set(bearer(usersOnly)).expect(403);
    }
    await api()
      .get('/api/audit')
      .query({ entityType: 'ledger' })
      .set(bearer(fixture.superadmin))
      .expect(400);
  });

  it('answers an empty page for an entity with no trail', async () => {
    const response = await api()
      .get('/api/audit')
      .query({ entityType: 'invoice', entityId: '00000000-0000-4000-8000-000000000000' })
      .set(bearer(fixture.superadmin))
      .expect(200);
    expect(response.body.data.entries).toEqual([]);
  });
});
