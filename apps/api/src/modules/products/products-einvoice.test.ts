import { emptyProductEInvoice } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildProductForm,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

describe('product e-invoice codes', () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
  });
  afterAll(() => t.close());

  const codes = { classificationCode: '022', taxTypeCode: '02', unitCode: 'ANN' };

  it('stores the classification, tax type and unit codes and answers them (201)', async () => {
    const response = await request(t.app)
      .post('/api/business/products')
      .set(bearer(admin))
      .send(buildProductForm({ eInvoice: codes }))
      .expect(201);
    expect(response.body.product.eInvoice).toEqual(codes);
  });

  it('starts empty when the form leaves them out, and keeps them when an edit does', async () => {
    const { eInvoice: _omitted, ...form } = buildProductForm();
    const created = await request(t.app)
      .post('/api/business/products')
      .set(bearer(admin))
      .send(form)
      .expect(201);
    expect(created.body.product.eInvoice).toEqual(emptyProductEInvoice);
    const id = created.body.product.id as string;
    await request(t.app)
      .put(`/api/business/products/${id}`)
      .set(bearer(admin))
      .send({ eInvoice: codes })
      .expect(200);
    const renamed = await request(t.app)
      .put(`/api/business/products/${id}`)
      .set(bearer(admin))
      .send({ name: 'Renamed licence' })
      .expect(200);
    expect(renamed.body.product.eInvoice).toEqual(codes);
  });

  it.each([
    ['classificationCode', '999', /Choose a classification code from the list/],
    ['taxTypeCode', 'SST', /Choose an e-invoice tax type from the list/],
    ['unitCode', 'PCS', /Choose a unit of measure from the list/],
  ] as const)('refuses %s %s (400)', async (field, value, message) => {
    const response = await request(t.app)
      .post('/api/business/products')
      .set(bearer(admin))
      .send(buildProductForm({ eInvoice: { ...codes, [field]: value } }));
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
    expect(JSON.stringify(response.body.errors)).toContain(field);
  });

  it('refuses a user without products.edit (403) and an unknown product (404)', async () => {
    const viewer = await t.signIn('sales', { permissions: ['products.view'] });
    await request(t.app)
      .post('/api/business/products')
      .set(bearer(viewer))
      .send(buildProductForm({ eInvoice: codes }))
      .expect(403);
    await request(t.app)
      .put('/api/business/products/00000000-0000-4000-8000-000000000000')
      .set(bearer(admin))
      .send({ eInvoice: codes })
      .expect(404);
  });
});
