import { randomUUID } from 'node:crypto';
import { dayMs } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { licenceIssuances, licences, type ProductRow } from '../../db/schema';
import {
  bearer,
  buildClient,
  buildLicence,
  buildProduct,
  createInvoice,
} from '../../../test/builders';
import { setUpInvoicesFixture } from './invoices-test-fixture';

// Licences sold through billing (issue 25): the payment completing an invoice issues its new keys
// and extends its renewed keys, once, whatever the retries; the invoice lists them to revoke.

describe('invoices API: licence lines issue and extend keys when paid and validated', () => {
  const fixture = setUpInvoicesFixture();

  /** A Standard licence product of RM 100, exempt (so a credit of the total credits it in full). */
  const licenceProduct = (overrides: Partial<ProductRow> = {}) =>
    buildProduct(fixture.t, {
      unitPrice: '100.00',
      taxable: false,
      taxType: 'EXEMPT',
      licenceType: 'Standard',
      validityDays: 365,
      ...overrides,
    });

  const line = (productId: string, quantity: number, extra: Record<string, unknown> = {}) => ({
    productId,
    productName: 'Patrol licence',
    description: '',
    quantity,
    unitPrice: 100,
    discount: 0,
    ...extra,
  });

  const entryValidate = (invoiceId: string, paymentId: string) =>
    request(fixture.t.app)
      .post(`/api/business/invoices/${invoiceId}/payments/${paymentId}/validate`)
      .set(bearer(fixture.accounts))
      .send({});

  const clientKeys = (clientId: string) =>
    fixture.t.database.db.select().from(licences).where(eq(licences.clientId, clientId));

  const invoiceLicences = (id: string, token = fixture.sales) =>
    request(fixture.t.app).get(`/api/business/invoices/${id}/licences`).set(bearer(token));

  it('issues exactly the new keys of a converted quotation paid in two parts, once validated', async () => {
    const client = await buildClient(fixture.t, { companyName: 'Five Keys Sdn Bhd' });
    const product = await licenceProduct();
    const invoice = await createInvoice(fixture.t, fixture.admin, client.id, {
      items: [
        line(product.id, 5, { licenceAction: 'new_keys' }),
        { ...line('', 1), productId: null, productName: 'Site survey', taxType: 'EXEMPT' },
      ],
    });
    expect(invoice.lineItems[0]).toMatchObject({ licenceAction: 'new_keys', quantity: 5 });
    expect(invoice.lineItems[1]).toMatchObject({ licenceAction: null, renewalLicenceIds: [] });

    const first = await fixture.pay(invoice.id, { amount: 200, referenceNumber: 'LIC-1' });
    await entryValidate(invoice.id, first.body.invoice.paymentEntries[0].id).expect(200);
    expect(await clientKeys(client.id)).toEqual([]);

    const second = await fixture.pay(invoice.id, { amount: 400, referenceNumber: 'LIC-2' });
    const before = fixture.t.published.length;
    await entryValidate(invoice.id, second.body.invoice.paymentEntries[1].id).expect(200);

    const keys = await clientKeys(client.id);
    expect(keys).toHaveLength(5);
    for (const key of keys) {
      expect(key).toMatchObject({
        licenceType: 'Standard',
        paidByInvoiceId: invoice.id,
        paidByLineId: invoice.lineItems[0]!.id,
      });
      expect(key.key).toMatch(/^MP(-[A-Z2-9]{4}){4}$/);
      const days = (key.validUntil!.getTime() - Date.now()) / dayMs;
      expect(days).toBeGreaterThan(364.9);
      expect(days).toBeLessThan(365.1);
    }
    const events = fixture.t.published.slice(before).map((event) => event.event);
    expect(events).toContain('clientUpdated');

    const page = await request(fixture.t.app)
      .get(`/api/clients/${client.companyId}/licences`)
      .set(bearer(fixture.sales))
      .expect(200);
    expect(page.body.licences).toHaveLength(5);
    for (const licence of page.body.licences) {
      expect(licence.paidBy).toEqual({
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
      });
    }
    const listed = await invoiceLicences(invoice.id).expect(200);
    expect(listed.body).toMatchObject({ success: true, revocable: false });
    expect(listed.body.licences).toHaveLength(5);
    expect(listed.body.licences[0]).toMatchObject({ action: 'issued', revokedAt: null });
  });

  it('extends renewed keys from the later of today and their expiry', async () => {
    const client = await buildClient(fixture.t, { companyName: 'Renewing Sdn Bhd' });
    const product = await licenceProduct({ validityDays: 30 });
    const now = Date.now();
    const later = await buildLicence(fixture.t, client.id, {
      validUntil: new Date(now + 10 * dayMs),
    });
    const lapsed = await buildLicence(fixture.t, client.id, {
      validUntil: new Date(now - 5 * dayMs),
    });
    const invoice = await createInvoice(fixture.t, fixture.admin, client.id, {
      items: [
        line(product.id, 2, { licenceAction: 'renewal', renewalLicenceIds: [later.id, lapsed.id] }),
      ],
    });
    expect(invoice.lineItems[0]).toMatchObject({
      licenceAction: 'renewal',
      renewalLicenceIds: [later.id, lapsed.id],
    });
    await fixture.pay(invoice.id, { amount: 200 }).expect(200);
    const before = fixture.t.published.length;
    await fixture.validate(invoice.id).expect(200);
    const extendedKeys = fixture.t.published
      .slice(before)
      .flatMap((event) => (event.event === 'licenceUpdated' ? [event.payload.licence.key] : []));
    expect(extendedKeys.sort()).toEqual([later.key, lapsed.key].sort());

    const keys = new Map((await clientKeys(client.id)).map((row) => [row.id, row]));
    expect(keys.size).toBe(2);
    const daysLeft = (id: string) => (keys.get(id)!.validUntil!.getTime() - now) / dayMs;
    expect(daysLeft(later.id)).toBeCloseTo(40, 1);
    expect(daysLeft(lapsed.id)).toBeCloseTo(30, 1);
    expect(keys.get(later.id)).toMatchObject({ paidByInvoiceId: invoice.id });
    const listed = await invoiceLicences(invoice.id).expect(200);
    expect(listed.body.licences.map((row: { action: string }) => row.action)).toEqual([
      'extended',
      'extended',
    ]);
  });

  it('issues the keys exactly once when ten validations of one invoice race', async () => {
    const client = await buildClient(fixture.t, { companyName: 'Racing Keys Sdn Bhd' });
    const product = await licenceProduct();
    const invoice = await createInvoice(fixture.t, fixture.admin, client.id, {
      items: [line(product.id, 3, { licenceAction: 'new_keys' })],
    });
    await fixture.pay(invoice.id, { amount: 300 }).expect(200);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fixture.validate(invoice.id)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.every((answer) => [200, 409].includes(answer.status))).toBe(true);
    expect(await clientKeys(client.id)).toHaveLength(3);
    const recorded = await fixture.t.database.db
      .select()
      .from(licenceIssuances)
      .where(eq(licenceIssuances.invoiceId, invoice.id));
    expect(recorded).toHaveLength(3);
  });

  it('lists the keys of a fully credited invoice to revoke, and records who revoked them', async () => {
    const client = await buildClient(fixture.t, { companyName: 'Credited Keys Sdn Bhd' });
    const product = await licenceProduct();
    const invoice = await createInvoice(fixture.t, fixture.admin, client.id, {
      items: [line(product.id, 2, { licenceAction: 'new_keys' })],
    });
    await fixture.pay(invoice.id, { amount: 200 }).expect(200);
    await fixture.validate(invoice.id).expect(200);
    const revoke = (body: object, token = fixture.admin) =>
      request(fixture.t.app)
        .post(`/api/business/invoices/${invoice.id}/licences/revoke`)
        .set(bearer(token))
        .send(body);

    await revoke({}).expect(409);
    await request(fixture.t.app)
      .post(`/api/business/invoices/${invoice.id}/credit-notes`)
      .set(bearer(fixture.admin))
      .send({ reason: 'Cancelled order', amount: 200, taxType: 'EXEMPT' })
      .expect(200);
    expect(await clientKeys(client.id)).toHaveLength(2);
    const listed = await invoiceLicences(invoice.id).expect(200);
    expect(listed.body.revocable).toBe(true);

    await revoke({}, fixture.sales).expect(403);
    await revoke({ issuanceIds: [randomUUID()] }).expect(404);
    await revoke({ issuanceIds: ['not-an-id'] }).expect(400);
    const one = await revoke({ issuanceIds: [listed.body.licences[0].id] }).expect(200);
    expect(one.body.message).toBe('1 key revoked');
    expect(await clientKeys(client.id)).toHaveLength(1);
    await revoke({ issuanceIds: [listed.body.licences[0].id] }).expect(409);
    const rest = await revoke({}).expect(200);
    expect(rest.body.message).toBe('1 key revoked');
    expect(rest.body.licences.every((row: { revokedBy: string }) => row.revokedBy)).toBe(true);
    expect(await clientKeys(client.id)).toHaveLength(0);
  });

  it('answers 404 for an unknown invoice and 403 without invoices.view', async () => {
    await invoiceLicences(randomUUID()).expect(404);
    const noView = await fixture.t.signIn('sales', { customDenied: ['invoices.view'] });
    const invoice = await fixture.newInvoice();
    await invoiceLicences(invoice.id, noView).expect(403);
  });
});

describe('quotations API: licence lines', () => {
  const fixture = setUpInvoicesFixture();

  const post = (body: object) =>
    request(fixture.t.app)
      .post('/api/business/quotations')
      .set(bearer(fixture.admin))
      .send({ clientId: fixture.client.id, ...body });

  const licenceLine = (productId: string | null, extra: object = {}) => ({
    productId,
    productName: 'Patrol licence',
    quantity: 1,
    unitPrice: 100,
    ...extra,
  });

  it('makes a licence product line new keys unless it says renewal', async () => {
    const product = await buildProduct(fixture.t);
    const created = await post({ items: [licenceLine(product.id, { quantity: 4 })] }).expect(201);
    expect(created.body.quotation.items[0]).toMatchObject({
      licenceAction: 'new_keys',
      renewalLicenceIds: [],
      quantity: 4,
    });
  });

  it('refuses renewals of keys not of the client, a wrong quantity, and actions off licence lines', async () => {
    const product = await buildProduct(fixture.t);
    const other = await buildClient(fixture.t);
    const foreign = await buildLicence(fixture.t, other.id);
    const mine = await buildLicence(fixture.t, fixture.client.id);
    const renewal = (ids: string[], quantity = ids.length) =>
      licenceLine(product.id, { licenceAction: 'renewal', renewalLicenceIds: ids, quantity });

    const notMine = await post({ items: [renewal([foreign.id])] }).expect(400);
    expect(notMine.body.errors['items.0.renewalLicenceIds']).toBe(
      "A renewed key is not one of this client's keys",
    );
    const count = await post({ items: [renewal([mine.id], 2)] }).expect(400);
    expect(JSON.stringify(count.body)).toContain(
      'The quantity of a renewal line is the number of keys it names',
    );
    const none = await post({ items: [renewal([])] }).expect(400);
    expect(JSON.stringify(none.body)).toContain('Choose the keys this line renews');
    const offLicence = await post({
      items: [licenceLine(null, { productName: 'Survey', licenceAction: 'new_keys' })],
    }).expect(400);
    expect(offLicence.body.errors['items.0.licenceAction']).toBe(
      'New keys and Renewal of apply only to lines of a licence product',
    );
    const ok = await post({ items: [renewal([mine.id])] }).expect(201);
    expect(ok.body.quotation.items[0].renewalLicenceIds).toEqual([mine.id]);
  });
});
