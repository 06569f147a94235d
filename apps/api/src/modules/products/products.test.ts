import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema';
import {
  bearer,
  buildProduct,
  buildProductForm,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

describe('product catalogue API', () => {
  let t: TestContext;
  let admin: string;
  let sales: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    sales = await t.signIn('sales');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.published.length = 0;
  });

  describe('POST /api/business/products', () => {
    it('numbers the product from the settings and answers it with its name and ID', async () => {
      const form = buildProductForm({ unitPrice: 19.99 });
      const first = await request(t.app)
        .post('/api/business/products')
        .set(bearer(admin))
        .send(form)
        .expect(201);
      const second = await request(t.app)
        .post('/api/business/products')
        .set(bearer(admin))
        .send(buildProductForm())
        .expect(201);

      const { product } = first.body;
      expect(product).toMatchObject({ name: form.name, unitPrice: 19.99, active: true });
      expect(product.productId).toMatch(/^PRD-.*\d{6}$/);
      expect(first.body.message).toBe(
        `Product "${form.name}" created with ID ${product.productId}`,
      );
      const sequence = (id: string) => Number(id.slice(-6));
      expect(sequence(second.body.product.productId)).toBe(sequence(product.productId) + 1);
      expect(t.published).toContainEqual({
        event: 'billingUpdated',
        payload: { entity: 'product', action: 'created', id: product.id },
      });
      const trail = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, product.id));
      expect(trail.map((entry) => entry.action)).toEqual(['product.created']);
    });

    it('fills the defaults of spec 3 section 5 (licence, piece, 1, taxable, active)', async () => {
      const response = await request(t.app)
        .post('/api/business/products')
        .set(bearer(admin))
        .send({ name: 'Site survey', unitPrice: 0, licenceType: 'Trial', validityDays: 14 })
        .expect(201);
      expect(response.body.product).toMatchObject({
        category: 'licence',
        licenceType: 'Trial',
        validityDays: 14,
        unit: 'piece',
        minQuantity: 1,
        taxable: true,
        taxType: 'SERVICE_TAX',
        active: true,
        description: '',
        notes: '',
      });
    });

    it('takes a tax type that agrees with taxable, exempting what is not taxable', async () => {
      const create = (body: object) =>
        request(t.app)
          .post('/api/business/products')
          .set(bearer(admin))
          .send(buildProductForm(body));
      const hardware = await create({ taxType: 'SALES_TAX' }).expect(201);
      expect(hardware.body.product).toMatchObject({ taxable: true, taxType: 'SALES_TAX' });
      const free = await create({ taxable: false }).expect(201);
      expect(free.body.product).toMatchObject({ taxable: false, taxType: 'EXEMPT' });

      const mismatch = await create({ taxable: true, taxType: 'EXEMPT' }).expect(400);
      expect(mismatch.body.errors).toEqual({
        taxType:
          'A taxable product needs SST sales tax or service tax, and a product that is not taxable is exempt',
      });
      const unknown = await create({ taxType: 'GST' }).expect(400);
      expect(unknown.body.errors.taxType).toBe('Tax type must be SALES_TAX, SERVICE_TAX or EXEMPT');
    });

    it('refuses a blank name, a negative price and a fractional minimum quantity, naming each field', async () => {
      const response = await request(t.app)
        .post('/api/business/products')
        .set(bearer(admin))
        .send({ name: '  ', unitPrice: -1, minQuantity: 1.5 })
        .expect(400);
      expect(response.body.errors).toMatchObject({
        name: 'Product name is required',
        unitPrice: 'Unit price must be 0 or more',
        minQuantity: 'Minimum quantity must be a whole number of at least 1',
      });
    });

    it('is refused to a sales user, who may only view the catalogue (403)', async () => {
      await request(t.app)
        .post('/api/business/products')
        .set(bearer(sales))
        .send(buildProductForm())
        .expect(403);
    });
  });

  describe('GET /api/business/products', () => {
    it('filters by category, status and search over name and productId, paged on the server', async () => {
      const tag = randomUUID().slice(0, 6);
      await buildProduct(t, { name: `Guard training ${tag}`, category: 'training' });
      await buildProduct(t, { name: `Guard support ${tag}`, category: 'support', active: false });
      const numbered = await buildProduct(t, { name: 'Reader', productId: `PRD-X-${tag}` });

      const training = await request(t.app)
        .get(`/api/business/products?search=${tag}&category=training`)
        .set(bearer(sales))
        .expect(200);
      expect(training.body.products.map((p: { name: string }) => p.name)).toEqual([
        `Guard training ${tag}`,
      ]);

      const inactive = await request(t.app)
        .get(`/api/business/products?search=${tag}&active=false`)
        .set(bearer(sales))
        .expect(200);
      expect(inactive.body.products.map((p: { name: string }) => p.name)).toEqual([
        `Guard support ${tag}`,
      ]);

      const byId = await request(t.app)
        .get(`/api/business/products?search=prd-x-${tag}`)
        .set(bearer(sales))
        .expect(200);
      expect(byId.body.products.map((p: { id: string }) => p.id)).toEqual([numbered.id]);

      const paged = await request(t.app)
        .get(`/api/business/products?search=${tag}&limit=2&page=2&sortBy=name&sortOrder=asc`)
        .set(bearer(sales))
        .expect(200);
      expect(paged.body.products.map((p: { name: string }) => p.name)).toEqual(['Reader']);
      expect(paged.body.pagination).toEqual({
        currentPage: 2,
        totalPages: 2,
        totalCount: 3,
        limit: 2,
        hasNext: false,
        hasPrev: true,
      });
    });

    it('counts the matches on a page past the end', async () => {
      const tag = randomUUID().slice(0, 6);
      await buildProduct(t, { name: `Lonely ${tag}` });
      const response = await request(t.app)
        .get(`/api/business/products?search=${tag}&page=5`)
        .set(bearer(sales))
        .expect(200);
      expect(response.body.products).toEqual([]);
      expect(response.body.pagination.totalCount).toBe(1);
    });

    it('refuses an unknown category (400) and a user without products.view (403)', async () => {
      await request(t.app)
        .get('/api/business/products?category=spaceships')
        .set(bearer(admin))
        .expect(400);
      const noAccess = await t.signIn('sales', { permissions: ['dashboard.view'] });
      await request(t.app).get('/api/business/products').set(bearer(noAccess)).expect(403);
    });
  });

  describe('PUT /api/business/products/{id}', () => {
    it('keeps taxable and the tax type in agreement on edit, refusing a contradiction', async () => {
      const product = await buildProduct(t, { taxable: true, taxType: 'SALES_TAX' });
      const edit = (body: object) =>
        request(t.app).put(`/api/business/products/${product.id}`).set(bearer(admin)).send(body);
      expect((await edit({ taxable: false }).expect(200)).body.product).toMatchObject({
        taxable: false,
        taxType: 'EXEMPT',
      });
      expect((await edit({ taxType: 'SERVICE_TAX' }).expect(200)).body.product).toMatchObject({
        taxable: true,
        taxType: 'SERVICE_TAX',
      });
      const refused = await edit({ taxable: false, taxType: 'SALES_TAX' }).expect(400);
      expect(refused.body.errors.taxType).toBe(
        'A taxable product needs SST sales tax or service tax, and a product that is not taxable is exempt',
      );
      await request(t.app)
        .put(`/api/business/products/${randomUUID()}`)
        .set(bearer(admin))
        .send({ taxType: 'EXEMPT', taxable: false })
        .expect(404);
      await request(t.app)
        .put(`/api/business/products/${product.id}`)
        .set(bearer(sales))
        .send({ taxType: 'EXEMPT' })
        .expect(403);
    });

    it('saves the changed fields only and keeps the productId', async () => {
      const product = await buildProduct(t, { unitPrice: '10.00' });
      const response = await request(t.app)
        .put(`/api/business/products/${product.id}`)
        .set(bearer(admin))
        .send({ unitPrice: 12.3, notes: 'New price from January' })
        .expect(200);
      expect(response.body).toMatchObject({
        message: 'Product updated successfully',
        product: {
          productId: product.productId,
          name: product.name,
          unitPrice: 12.3,
          notes: 'New price from January',
        },
      });
      const [row] = await t.database.db.select().from(products).where(eq(products.id, product.id));
      expect(row!.unitPrice).toBe('12.30');
    });

    it('answers 404 for an unknown product, 400 for a malformed id and 403 without products.edit', async () => {
      const missing = await request(t.app)
        .put(`/api/business/products/${randomUUID()}`)
        .set(bearer(admin))
        .send({ name: 'Renamed' })
        .expect(404);
      expect(missing.body.message).toBe('Product not found');
      await request(t.app)
        .put('/api/business/products/not-an-id')
        .set(bearer(admin))
        .send({ name: 'Renamed' })
        .expect(400);
      const product = await buildProduct(t);
      await request(t.app)
        .put(`/api/business/products/${product.id}`)
        .set(bearer(sales))
        .send({ name: 'Renamed' })
        .expect(403);
    });
  });

  describe('PUT /api/business/products/{id}/status', () => {
    it('switches a product off and on, with the message for each', async () => {
      const product = await buildProduct(t);
      const off = await request(t.app)
        .put(`/api/business/products/${product.id}/status`)
        .set(bearer(admin))
        .send({ active: false })
        .expect(200);
      expect(off.body).toMatchObject({
        message: 'Product deactivated successfully',
        product: { active: false },
      });
      const on = await request(t.app)
        .put(`/api/business/products/${product.id}/status`)
        .set(bearer(admin))
        .send({ active: true })
        .expect(200);
      expect(on.body.message).toBe('Product activated successfully');
      expect(t.published.map((e) => e.payload)).toContainEqual({
        entity: 'product',
        action: 'status_changed',
        id: product.id,
      });
    });

    it('refuses a body without a boolean (400) and an unknown product (404)', async () => {
      const product = await buildProduct(t);
      await request(t.app)
        .put(`/api/business/products/${product.id}/status`)
        .set(bearer(admin))
        .send({ active: 'yes' })
        .expect(400);
      await request(t.app)
        .put(`/api/business/products/${randomUUID()}/status`)
        .set(bearer(admin))
        .send({ active: true })
        .expect(404);
    });
  });

  describe('DELETE /api/business/products/{id}', () => {
    it('deletes a product and records who did it', async () => {
      const product = await buildProduct(t);
      const response = await request(t.app)
        .delete(`/api/business/products/${product.id}`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body).toEqual({ success: true, message: 'Product deleted successfully' });
      expect(
        await t.database.db.select().from(products).where(eq(products.id, product.id)),
      ).toEqual([]);
      const trail = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, product.id));
      expect(trail.map((entry) => entry.action)).toEqual(['product.deleted']);
    });

    it('answers 404 for an unknown product and 403 to a manager (no products.delete)', async () => {
      await request(t.app)
        .delete(`/api/business/products/${randomUUID()}`)
        .set(bearer(admin))
        .expect(404);
      const manager = await t.signIn('manager');
      const product = await buildProduct(t);
      await request(t.app)
        .delete(`/api/business/products/${product.id}`)
        .set(bearer(manager))
        .expect(403);
    });
  });
});
