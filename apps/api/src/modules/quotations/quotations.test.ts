import { randomUUID } from 'node:crypto';
import { defaultCompanySettings, type CompanySettings } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { quotations } from '../../db/schema';
import { bearer, buildClient, buildProduct, buildQuotationForm } from '../../../test/builders';
import { setUpQuotationsFixture } from './quotations-test-fixture';

describe('quotations API', () => {
  const fixture = setUpQuotationsFixture();
  const saveTaxSettings = (taxSettings: Partial<CompanySettings['taxSettings']>) =>
    request(fixture.t.app)
      .put('/api/settings')
      .set(bearer(fixture.admin))
      .send({
        ...defaultCompanySettings,
        taxSettings: { ...defaultCompanySettings.taxSettings, ...taxSettings },
      })
      .expect(200);

  describe('POST /api/business/quotations', () => {
    it('creates a numbered draft with the client copied and totals computed by the server', async () => {
      const product = await buildProduct(fixture.t);
      const response = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.sales))
        .send({
          ...buildQuotationForm(fixture.client.id, {
            quotationDate: '2026-11-24',
            validityDays: 14,
          }),
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
        clientId: fixture.client.id,
        clientInfo: {
          companyName: 'Acme Guards Sdn Bhd',
          contactPerson: fixture.client.contactPerson,
        },
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
      const [row] = await fixture.t.database.db
        .select()
        .from(quotations)
        .where(eq(quotations.id, quotation.id));
      expect([row!.subtotal, row!.taxAmount, row!.totalAmount]).toEqual([
        '119.24',
        '9.54',
        '128.78',
      ]);
      expect(fixture.t.published).toContainEqual({
        event: 'billingUpdated',
        payload: { entity: 'quotation', action: 'created', id: quotation.id },
      });
    });

    it('taxes each line by its type: sales and service tax per rate, exempt lines none', async () => {
      await saveTaxSettings({ salesTaxPercentage: 10, sstPercentage: 8 });
      const hardware = await buildProduct(fixture.t, {
        name: 'NFC reader',
        taxable: true,
        taxType: 'SALES_TAX',
      });
      const training = await buildProduct(fixture.t, { taxable: false, taxType: 'EXEMPT' });
      const quotation = await fixture.createQuotation({
        items: [
          {
            productId: hardware.id,
            productName: 'NFC reader',
            quantity: 2,
            unitPrice: 150,
            discount: 10,
            description: '',
          },
          {
            productId: training.id,
            productName: 'Training',
            quantity: 1,
            unitPrice: 80,
            discount: 0,
            description: '',
          },
          {
            productName: 'Guard tour setup',
            quantity: 1,
            unitPrice: 100.05,
            discount: 0,
            description: '',
          },
          {
            productName: 'Courier',
            quantity: 1,
            unitPrice: 20,
            discount: 0,
            description: '',
            taxType: 'EXEMPT',
          },
        ],
      });
      // Sales: 300 less 10% = 270.00 at 10% = 27.00. Service (typed line, settings default):
      // 100.05 at 8% = 8.004 -> 8.00. Exempt: 80 + 20. Total 470.05 + 35.00 = 505.05.
      expect(quotation.items.map((item) => [item.taxType, item.taxRate, item.taxAmount])).toEqual([
        ['SALES_TAX', 0.1, 27],
        ['EXEMPT', 0, 0],
        ['SERVICE_TAX', 0.08, 8],
        ['EXEMPT', 0, 0],
      ]);
      expect(quotation).toMatchObject({
        subtotal: 470.05,
        discountAmount: 30,
        taxAmount: 35,
        totalAmount: 505.05,
        taxRate: 0.1,
        taxSummary: [
          { taxType: 'SALES_TAX', taxRate: 0.1, taxableAmount: 270, taxAmount: 27 },
          { taxType: 'SERVICE_TAX', taxRate: 0.08, taxableAmount: 100.05, taxAmount: 8 },
          { taxType: 'EXEMPT', taxRate: 0, taxableAmount: 100, taxAmount: 0 },
        ],
      });
      await saveTaxSettings({});
    });

    it('rounds 8% of RM 0.05 and half-sen line totals half-up, exactly', async () => {
      const tiny = await fixture.createQuotation({
        items: [
          { productName: 'Sticker', description: '', quantity: 1, unitPrice: 0.05, discount: 0 },
        ],
      });
      expect([tiny.subtotal, tiny.taxAmount, tiny.totalAmount]).toEqual([0.05, 0, 0.05]);
      const half = await fixture.createQuotation({
        items: [
          { productName: 'Hour', description: '', quantity: 1, unitPrice: 66.67, discount: 50 },
        ],
      });
      // 66.67 x 0.5 = 33.335 -> 33.34; tax 2.6672 -> 2.67.
      expect([half.subtotal, half.taxAmount, half.totalAmount]).toEqual([33.34, 2.67, 36.01]);
    });

    it('refuses no items, an unknown client and an unknown product, naming the fields', async () => {
      const empty = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.admin))
        .send(buildQuotationForm(fixture.client.id, { items: [] }))
        .expect(400);
      expect(empty.body.errors).toMatchObject({ items: 'Add at least one item' });

      const noClient = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.admin))
        .send(buildQuotationForm(randomUUID()))
        .expect(400);
      expect(noClient.body.errors).toEqual({ clientId: 'Client not found' });

      const noProduct = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.admin))
        .send(
          buildQuotationForm(fixture.client.id, {
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
      const viewer = await fixture.t.signIn('sales', { permissions: ['quotations.view'] });
      await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(viewer))
        .send(buildQuotationForm(fixture.client.id))
        .expect(403);
    });
  });

  describe('GET /api/business/quotations', () => {
    it('filters by status, client and search', async () => {
      const other = await buildClient(fixture.t, {
        companyName: `Zenith ${randomUUID().slice(0, 6)}`,
      });
      const mine = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.admin))
        .send(buildQuotationForm(other.id))
        .expect(201);
      const id = mine.body.quotation.id;
      await fixture.setStatus(id, 'accepted').expect(200);

      const byClient = await request(fixture.t.app)
        .get(`/api/business/quotations?clientId=${other.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(byClient.body.quotations.map((q: { id: string }) => q.id)).toEqual([id]);
      expect(byClient.body.pagination).toMatchObject({ totalCount: 1, currentPage: 1, limit: 20 });

      const bySearch = await request(fixture.t.app)
        .get(
          `/api/business/quotations?search=${encodeURIComponent(other.companyName.toUpperCase())}`,
        )
        .set(bearer(fixture.sales))
        .expect(200);
      expect(bySearch.body.quotations.map((q: { id: string }) => q.id)).toEqual([id]);

      const accepted = await request(fixture.t.app)
        .get(`/api/business/quotations?status=accepted&clientId=${other.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(accepted.body.pagination.totalCount).toBe(1);
      const drafts = await request(fixture.t.app)
        .get(`/api/business/quotations?status=draft&clientId=${other.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(drafts.body.pagination.totalCount).toBe(0);
    });

    it('answers one quotation whole; the list carries it without its lines', async () => {
      const created = await fixture.createQuotation();
      const read = await request(fixture.t.app)
        .get(`/api/business/quotations/${created.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(read.body.quotation).toMatchObject({
        id: created.id,
        items: created.items,
        taxSummary: created.taxSummary,
      });
      const listed = await request(fixture.t.app)
        .get(`/api/business/quotations?search=${created.quotationNumber}`)
        .set(bearer(fixture.sales))
        .expect(200);
      const { items, taxSummary, ...summary } = read.body.quotation;
      expect([items, taxSummary]).not.toContain(undefined);
      expect(listed.body.quotations).toEqual([summary]);
    });

    it('answers 400 for a malformed quotation id, 404 for an unknown one, 403 without quotations.view', async () => {
      const one = (id: string, token = fixture.sales) =>
        request(fixture.t.app).get(`/api/business/quotations/${id}`).set(bearer(token));
      await one('not-an-id').expect(400);
      const unknown = await one(randomUUID()).expect(404);
      expect(unknown.body.message).toBe('Quotation not found');
      const created = await fixture.createQuotation();
      const noAccess = await fixture.t.signIn('sales', { permissions: ['invoices.view'] });
      await one(created.id, noAccess).expect(403);
    });

    it('reads a draft past its validity as expired, and lists it under expired', async () => {
      const old = await buildClient(fixture.t);
      const response = await request(fixture.t.app)
        .post('/api/business/quotations')
        .set(bearer(fixture.admin))
        .send(buildQuotationForm(old.id, { quotationDate: '2020-01-01', validityDays: 7 }))
        .expect(201);
      expect(response.body.quotation).toMatchObject({
        validUntil: '2020-01-08',
        status: 'expired',
      });
      const expired = await request(fixture.t.app)
        .get(`/api/business/quotations?status=expired&clientId=${old.id}`)
        .set(bearer(fixture.sales))
        .expect(200);
      expect(expired.body.quotations.map((q: { status: string }) => q.status)).toEqual(['expired']);
      const accept = await fixture.setStatus(response.body.quotation.id, 'accepted').expect(409);
      expect(accept.body.message).toBe('This quotation is expired and cannot be marked accepted');
    });

    it('refuses an unknown status (400) and a user without quotations.view (403)', async () => {
      await request(fixture.t.app)
        .get('/api/business/quotations?status=won')
        .set(bearer(fixture.admin))
        .expect(400);
      const noAccess = await fixture.t.signIn('sales', { permissions: ['products.view'] });
      await request(fixture.t.app)
        .get('/api/business/quotations')
        .set(bearer(noAccess))
        .expect(403);
    });
  });
});
