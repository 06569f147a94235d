import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildProduct,
  buildProductForm,
  createTestContext,
  type TestContext,
} from '../../../test/builders';

// A licence product says which licence type it sells and for how many days (issue 25).
describe('product catalogue API: licence type and validity', () => {
  let t: TestContext;
  let admin: string;
  let sales: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    sales = await t.signIn('sales');
  });
  afterAll(() => t.close());

  const create = (body: object, token = admin) =>
    request(t.app).post('/api/business/products').set(bearer(token)).send(body);
  const update = (id: string, body: object, token = admin) =>
    request(t.app).put(`/api/business/products/${id}`).set(bearer(token)).send(body);

  it('keeps the type and validity of a licence product', async () => {
    const response = await create(
      buildProductForm({ licenceType: 'Premium', validityDays: 365 }),
    ).expect(201);
    expect(response.body.product).toMatchObject({ licenceType: 'Premium', validityDays: 365 });
  });

  it('requires them for a licence product and refuses them for another category', async () => {
    const missing = await create(
      buildProductForm({ licenceType: null, validityDays: null }),
    ).expect(400);
    expect(missing.body.errors).toMatchObject({
      licenceType: 'Choose the licence type this licence product sells',
      validityDays: 'Validity must be a whole number of days from 1 to 1825',
    });
    const tooLong = await create(buildProductForm({ validityDays: 1826 })).expect(400);
    expect(tooLong.body.errors.validityDays).toBe(
      'Validity must be a whole number of days from 1 to 1825',
    );
    const training = await create({
      ...buildProductForm({ category: 'training' }),
      licenceType: 'Standard',
    }).expect(400);
    expect(training.body.errors.licenceType).toBe(
      'Only a product of category licence has a licence type and validity',
    );
  });

  it('judges an edit on the product as it would be, and clears the fields off licence', async () => {
    const product = await buildProduct(t);
    const refused = await update(product.id, { licenceType: null }).expect(400);
    expect(refused.body.errors.licenceType).toBe(
      'Choose the licence type this licence product sells',
    );
    const moved = await update(product.id, { category: 'support' }).expect(200);
    expect(moved.body.product).toMatchObject({
      category: 'support',
      licenceType: null,
      validityDays: null,
    });
    const back = await update(product.id, { category: 'licence' }).expect(400);
    expect(back.body.errors.licenceType).toBeDefined();
    await update(product.id, {
      category: 'licence',
      licenceType: 'Trial',
      validityDays: 14,
    }).expect(200);
  });

  it('answers 403 without products.edit and 404 for an unknown product', async () => {
    const product = await buildProduct(t);
    await update(product.id, { validityDays: 30 }, sales).expect(403);
    await update(randomUUID(), { validityDays: 30 }).expect(404);
  });
});
