import { moneyMaximum } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestContext,
  activateTestDevice,
  bearer,
  buildClient,
  buildCrashReportBody,
  buildProduct,
  buildProductForm,
  buildQuotationForm,
  createInvoice,
  createTestContext,
} from '../../test/builders';
import { jsonTooDeepMessage, maxJsonDepth } from './json-body';

/** `{"a":{"a":...{}}}` with `depth` objects. */
const nested = (depth: number): Record<string, unknown> => {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level += 1) value = { a: value };
  return value;
};

const tooLarge = [1e15, 2 ** 53 + 1];
const maximumMessage = (label: string) => `${label} must be at most 999,999,999,999.99`;

let t: TestContext;
let token: string;
let clientId: string;
beforeAll(async () => {
  t = await createTestContext();
  token = await t.signIn('superadmin');
  clientId = (await buildClient(t)).id;
});
afterAll(() => t.close());

describe('JSON nested too deeply', () => {
  it(`refuses a crash report whose additionalData nests past ${maxJsonDepth} levels (400), before anything is stored`, async () => {
    const device = await activateTestDevice(t);
    const send = (additionalData: Record<string, unknown>) =>
      request(t.app)
        .post('/api/crash-reports')
        .set(bearer(device.token))
        .send(buildCrashReportBody({ additionalData }));
    // The report itself is one level, so its additionalData may hold one less.
    await send(nested(maxJsonDepth - 1)).expect(201);
    const refused = await send(nested(maxJsonDepth)).expect(400);
    expect(refused.body).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      message: jsonTooDeepMessage,
    });
  });

  it('refuses a body nested thousands of levels deep on any route, strings aside', async () => {
    const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
    const refused = await request(t.app)
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(`{"email":"a@b.co","password":${deepArray}}`)
      .expect(400);
    expect(refused.body.message).toBe(jsonTooDeepMessage);
    // Brackets inside strings are text, not nesting.
    await request(t.app)
      .post('/api/auth/login')
      .send({ email: 'nobody@example.test', password: `"\\${'['.repeat(maxJsonDepth + 1)}` })
      .expect(401);
  });
});

describe('money beyond what the column holds', () => {
  it.each(tooLarge)(
    'refuses a product priced %d, naming the field and the maximum (400)',
    async (price) => {
      const refused = await request(t.app)
        .post('/api/business/products')
        .set(bearer(token))
        .send(buildProductForm({ unitPrice: price }))
        .expect(400);
      expect(refused.body.errors).toEqual({ unitPrice: maximumMessage('Unit price') });
    },
  );

  it('accepts a product at the maximum', async () => {
    await request(t.app)
      .post('/api/business/products')
      .set(bearer(token))
      .send(buildProductForm({ unitPrice: moneyMaximum }))
      .expect(201);
  });

  it.each(tooLarge)('refuses a quotation line or discount of %d (400)', async (amount) => {
    const form = buildQuotationForm(clientId);
    const line = await request(t.app)
      .post('/api/business/quotations')
      .set(bearer(token))
      .send({ ...form, items: [{ ...form.items[0]!, unitPrice: amount }] })
      .expect(400);
    expect(line.body.errors).toEqual({ 'items.0.unitPrice': maximumMessage('Unit price') });
    const discount = await request(t.app)
      .post('/api/business/quotations')
      .set(bearer(token))
      .send({ ...form, discountAmount: amount })
      .expect(400);
    expect(discount.body.errors).toEqual({ discountAmount: maximumMessage('Discount amount') });
  });

  it.each(tooLarge)('refuses a payment of %d (400)', async (amount) => {
    const invoice = await createInvoice(t, token, clientId);
    const refused = await request(t.app)
      .put(`/api/business/invoices/${invoice.id}/process-payment`)
      .set(bearer(token))
      .send({
        amount,
        paymentMethod: 'bank_transfer',
        referenceNumber: 'REF-1',
        paymentDate: businessDay(new Date()),
      })
      .expect(400);
    expect(refused.body.errors).toEqual({ amount: maximumMessage('Payment amount') });
  });
});

describe('a product deleted while a quotation that uses it is saved', () => {
  it('answers 409 naming the product, not 500', async () => {
    const product = await buildProduct(t, { name: 'Guard tour licence' });
    // Deletes the product inside the saving transaction, after the check and before the lines.
    await t.database.db.execute(
      sql.raw(`create function delete_product_before_lines() returns trigger language plpgsql as $$
        begin delete from products where id = '${product.id}'; return new; end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger delete_product_before_lines before insert on quotations
        for each row execute function delete_product_before_lines()`),
    );
    try {
      const form = buildQuotationForm(clientId);
      const refused = await request(t.app)
        .post('/api/business/quotations')
        .set(bearer(token))
        .send({
          ...form,
          items: [{ ...form.items[0]!, productId: product.id, productName: product.name }],
        })
        .expect(409);
      expect(refused.body).toMatchObject({ success: false, error: 'CONFLICT' });
      expect(refused.body.message).toContain('"Guard tour licence" was deleted');
    } finally {
      await t.database.db.execute(
        sql.raw('drop trigger delete_product_before_lines on quotations'),
      );
      await t.database.db.execute(sql.raw('drop function delete_product_before_lines()'));
    }
  });
});
