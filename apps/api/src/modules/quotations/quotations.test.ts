import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { quotationItems, quotations, type ClientRow } from '../../db/schema';
import {
  bearer,
  buildClient,
  buildProduct,
  buildQuotationForm,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

describe('quotations API', () => {
  let t: TestContext;
  let admin: string;
  let sales: string;
  let client: ClientRow;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    sales = await t.signIn('sales');
    client = await buildClient(t, { companyName: 'Acme Guards Sdn Bhd' });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.published.length = 0;
  });

  async function createQuotation(overrides: Parameters<typeof buildQuotationForm>[1] = {}) {
    const response = await request(t.app)
      .post('/api/business/quotations')
      .set(bearer(admin))
      .send(buildQuotationForm(client.id, overrides))
      .expect(201);
    return response.body.quotation;
  }

  function setStatus(id: string, status: string, token = admin) {
    return request(t.app)
      .put(`/api/business/quotations/${id}/status`)
      .set(bearer(token))
      .send({ status });
  }

  describe('POST /api/business/quotations', () => {
    it('creates a numbered draft with the client copied and totals computed by the server', async () => {
      const product = await buildProduct(t);
      const response = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(sales))
        .send({
          ...buildQuotationForm(client.id, { quotationDate: '2026-11-24', validityDays: 14 }),
          items: [
            { productId: product.id, productName: 'Licence', quantity: 3, unitPrice: 0.1 },
            { productName: 'Setup', quantity: 7, unitPrice: 19.99, discount: 15 },
          ],
          // Figures from the client are ignored.
          subtotal: 1,
          totalAmount: 1,
        })
        .expect(201);
      const { quotation } = response.body;
      expect(response.body.message).toBe(
        `Quotation ${quotation.quotationNumber} created successfully`,
      );
      expect(quotation).toMatchObject({
        clientId: client.id,
        clientInfo: { companyName: 'Acme Guards Sdn Bhd', contactPerson: client.contactPerson },
        quotationDate: '2026-11-24',
        validUntil: '2026-12-08',
        validityDays: 14,
        paymentTerms: 'NET_30',
        taxRate: 0.08,
        status: expect.stringMatching(/^(draft|expired)$/),
        invoiceId: null,
      });
      // 3 x 0.10 = 0.30; 7 x 19.99 x 0.85 = 118.9405 -> 118.94; subtotal 119.24;
      // line discounts 20.99; tax 8% of 119.24 = 9.5392 -> 9.54; total 128.78.
      expect(quotation.items).toMatchObject([
        { productId: product.id, quantity: 3, unitPrice: 0.1, discount: 0, lineTotal: 0.3 },
        { productId: null, quantity: 7, unitPrice: 19.99, discount: 15, lineTotal: 118.94 },
      ]);
      expect(quotation).toMatchObject({
        subtotal: 119.24,
        discountAmount: 20.99,
        taxAmount: 9.54,
        totalAmount: 128.78,
      });
      const [row] = await t.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, quotation.id));
      expect([row!.subtotal, row!.taxAmount, row!.totalAmount]).toEqual([
        '119.24',
        '9.54',
        '128.78',
      ]);
      expect(t.published).toContainEqual({
        event: 'billingUpdated',
        payload: { entity: 'quotation', action: 'created', id: quotation.id },
      });
    });

    it('rounds 8% of RM 0.05 and half-sen line totals half-up, exactly', async () => {
      const tiny = await createQuotation({
        items: [
          { productName: 'Sticker', description: '', quantity: 1, unitPrice: 0.05, discount: 0 },
        ],
      });
      expect([tiny.subtotal, tiny.taxAmount, tiny.totalAmount]).toEqual([0.05, 0, 0.05]);
      const half = await createQuotation({
        items: [
          { productName: 'Hour', description: '', quantity: 1, unitPrice: 66.67, discount: 50 },
        ],
      });
      // 66.67 x 0.5 = 33.335 -> 33.34; tax 2.6672 -> 2.67.
      expect([half.subtotal, half.taxAmount, half.totalAmount]).toEqual([33.34, 2.67, 36.01]);
    });

    it('refuses no items, an unknown client and an unknown product, naming the fields', async () => {
      const empty = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(client.id, { items: [] }))
        .expect(400);
      expect(empty.body.errors).toMatchObject({ items: 'Add at least one item' });

      const noClient = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(randomUUID()))
        .expect(400);
      expect(noClient.body.errors).toEqual({ clientId: 'Client not found' });

      const noProduct = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(
          buildQuotationForm(client.id, {
            items: [
              {
                productId: randomUUID(),
                productName: 'Gone',
                description: '',
                quantity: 1,
                unitPrice: 1,
                discount: 0,
              },
            ],
          }),
        )
        .expect(400);
      expect(noProduct.body.errors).toEqual({ 'items.0.productId': 'Product not found' });
    });

    it('is refused without quotations.create (403)', async () => {
      const viewer = await t.signIn('sales', { permissions: ['quotations.view'] });
      await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(viewer))
        .send(buildQuotationForm(client.id))
        .expect(403);
    });
  });

  describe('GET /api/business/quotations', () => {
    it("filters by status, client and search, with each quotation's lines", async () => {
      const other = await buildClient(t, { companyName: `Zenith ${randomUUID().slice(0, 6)}` });
      const mine = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(other.id))
        .expect(201);
      const id = mine.body.quotation.id;
      await setStatus(id, 'accepted').expect(200);

      const byClient = await request(t.app)
        .get(`/api/business/quotations?clientId=${other.id}`)
        .set(bearer(sales))
        .expect(200);
      expect(byClient.body.quotations.map((q: { id: string }) => q.id)).toEqual([id]);
      expect(byClient.body.quotations[0].items).toHaveLength(1);
      expect(byClient.body.pagination).toMatchObject({ totalCount: 1, currentPage: 1, limit: 20 });

      const bySearch = await request(t.app)
        .get(
          `/api/business/quotations?search=${encodeURIComponent(other.companyName.toUpperCase())}`,
        )
        .set(bearer(sales))
        .expect(200);
      expect(bySearch.body.quotations.map((q: { id: string }) => q.id)).toEqual([id]);

      const accepted = await request(t.app)
        .get(`/api/business/quotations?status=accepted&clientId=${other.id}`)
        .set(bearer(sales))
        .expect(200);
      expect(accepted.body.pagination.totalCount).toBe(1);
      const drafts = await request(t.app)
        .get(`/api/business/quotations?status=draft&clientId=${other.id}`)
        .set(bearer(sales))
        .expect(200);
      expect(drafts.body.pagination.totalCount).toBe(0);
    });

    it('reads a draft past its validity as expired, and lists it under expired', async () => {
      const old = await buildClient(t);
      const response = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(admin))
        .send(buildQuotationForm(old.id, { quotationDate: '2020-01-01', validityDays: 7 }))
        .expect(201);
      expect(response.body.quotation).toMatchObject({
        validUntil: '2020-01-08',
        status: 'expired',
      });
      const expired = await request(t.app)
        .get(`/api/business/quotations?status=expired&clientId=${old.id}`)
        .set(bearer(sales))
        .expect(200);
      expect(expired.body.quotations.map((q: { status: string }) => q.status)).toEqual(['expired']);
      const accept = await setStatus(response.body.quotation.id, 'accepted').expect(409);
      expect(accept.body.message).toBe('This quotation is expired and cannot be marked accepted');
    });

    it('refuses an unknown status (400) and a user without quotations.view (403)', async () => {
      await request(t.app)
        .get('/api/business/quotations?status=won')
        .set(bearer(admin))
        .expect(400);
      const noAccess = await t.signIn('sales', { permissions: ['products.view'] });
      await request(t.app).get('/api/business/quotations').set(bearer(noAccess)).expect(403);
    });
  });

  describe('PUT /api/business/quotations/{id}', () => {
    it('replaces the lines and recomputes every total', async () => {
      const quotation = await createQuotation();
      const response = await request(t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(sales))
        .send({
          items: [{ productName: 'Guard tour', quantity: 3, unitPrice: 0.1 }],
          taxRate: 0,
          notes: 'Revised',
        })
        .expect(200);
      expect(response.body).toMatchObject({
        message: 'Quotation updated successfully',
        quotation: { subtotal: 0.3, taxAmount: 0, totalAmount: 0.3, notes: 'Revised' },
      });
      const lines = await t.database.db
        .select()
        .from(quotationItems)
        .where(eq(quotationItems.quotationId, quotation.id));
      expect(lines.map((line) => line.productName)).toEqual(['Guard tour']);
    });

    it('keeps the lines and recomputes the tax when only the rate changes', async () => {
      const quotation = await createQuotation();
      const response = await request(t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(admin))
        .send({ taxRate: 0.06 })
        .expect(200);
      expect(response.body.quotation).toMatchObject({
        subtotal: 200,
        taxAmount: 12,
        totalAmount: 212,
      });
      expect(response.body.quotation.items).toHaveLength(1);
    });

    it('refuses to edit a closed quotation (409), an unknown one (404), bad input (400), no permission (403)', async () => {
      const quotation = await createQuotation();
      await setStatus(quotation.id, 'rejected').expect(200);
      await setStatus(quotation.id, 'closed').expect(200);
      const closed = await request(t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(admin))
        .send({ notes: 'again' })
        .expect(409);
      expect(closed.body.message).toBe('Converted and closed quotations cannot be edited');
      await request(t.app)
        .put(`/api/business/quotations/${randomUUID()}`)
        .set(bearer(admin))
        .send({ notes: 'x' })
        .expect(404);
      const bad = await request(t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(admin))
        .send({ validityDays: 10 })
        .expect(400);
      expect(bad.body.errors).toEqual({
        validityDays: 'Choose a validity of 7, 14, 21, 30, 45, 60 or 90 days',
      });
      const viewer = await t.signIn('sales', { permissions: ['quotations.view'] });
      await request(t.app)
        .put(`/api/business/quotations/${quotation.id}`)
        .set(bearer(viewer))
        .send({ notes: 'x' })
        .expect(403);
    });
  });

  describe('PUT /api/business/quotations/{id}/status', () => {
    it('follows the workflow: draft -> rejected -> draft -> accepted', async () => {
      const quotation = await createQuotation();
      t.published.length = 0;
      const rejected = await setStatus(quotation.id, 'rejected').expect(200);
      expect(rejected.body.message).toBe('Quotation status updated to rejected');
      await setStatus(quotation.id, 'draft').expect(200);
      const accepted = await setStatus(quotation.id, 'accepted').expect(200);
      expect(accepted.body.quotation.status).toBe('accepted');
      expect(t.published.filter((e) => e.event === 'billingUpdated')).toHaveLength(3);
    });

    it('refuses illegal moves with 409 naming the current status; closed is permanent', async () => {
      const quotation = await createQuotation();
      const skip = await setStatus(quotation.id, 'closed').expect(409);
      expect(skip.body.message).toBe('This quotation is draft and cannot be marked closed');
      const converted = await setStatus(quotation.id, 'converted').expect(409);
      expect(converted.body.message).toBe(
        'A quotation becomes converted only through Convert to Invoice',
      );
      await setStatus(quotation.id, 'rejected').expect(200);
      await setStatus(quotation.id, 'closed').expect(200);
      const reopen = await setStatus(quotation.id, 'draft').expect(409);
      expect(reopen.body.message).toBe('This quotation is closed and cannot be marked draft');
    });

    it('answers 404, 400 and 403 as the other routes do', async () => {
      await setStatus(randomUUID(), 'accepted').expect(404);
      const quotation = await createQuotation();
      await setStatus(quotation.id, 'won').expect(400);
      const viewer = await t.signIn('sales', { permissions: ['quotations.view'] });
      await setStatus(quotation.id, 'accepted', viewer).expect(403);
    });
  });

  describe('POST /api/business/quotations/{id}/send', () => {
    it('marks a draft sent and records when; an accepted one cannot be sent (409)', async () => {
      const quotation = await createQuotation();
      const sent = await request(t.app)
        .post(`/api/business/quotations/${quotation.id}/send`)
        .set(bearer(sales))
        .expect(200);
      expect(sent.body).toMatchObject({
        message: 'Quotation sent successfully',
        quotation: { status: 'sent' },
      });
      const [row] = await t.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, quotation.id));
      expect(row!.sentAt).toBeInstanceOf(Date);
      await setStatus(quotation.id, 'accepted').expect(200);
      await request(t.app)
        .post(`/api/business/quotations/${quotation.id}/send`)
        .set(bearer(sales))
        .expect(409);
      await request(t.app)
        .post(`/api/business/quotations/${randomUUID()}/send`)
        .set(bearer(sales))
        .expect(404);
    });
  });

  describe('DELETE /api/business/quotations/{id}', () => {
    it('deletes a draft with its lines', async () => {
      const quotation = await createQuotation();
      const response = await request(t.app)
        .delete(`/api/business/quotations/${quotation.id}`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body).toEqual({ success: true, message: 'Quotation deleted successfully' });
      expect(
        await t.database.db
          .select()
          .from(quotationItems)
          .where(eq(quotationItems.quotationId, quotation.id)),
      ).toEqual([]);
    });

    it('refuses a closed quotation (409), an unknown one (404) and a sales user (403)', async () => {
      const quotation = await createQuotation();
      await setStatus(quotation.id, 'rejected').expect(200);
      await setStatus(quotation.id, 'closed').expect(200);
      const closed = await request(t.app)
        .delete(`/api/business/quotations/${quotation.id}`)
        .set(bearer(admin))
        .expect(409);
      expect(closed.body.message).toBe('Converted and closed quotations cannot be deleted');
      await request(t.app)
        .delete(`/api/business/quotations/${randomUUID()}`)
        .set(bearer(admin))
        .expect(404);
      await request(t.app)
        .delete(`/api/business/quotations/${quotation.id}`)
        .set(bearer(sales))
        .expect(403);
    });
  });
});
