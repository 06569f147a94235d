import { randomUUID } from 'node:crypto';
import { businessDay } from '@patrol/domain';
import {
  emptyProductEInvoice,
  type CreateProductBody,
  type CreateQuotationBody,
  type Invoice,
  type Quotation,
  type Receipt,
} from '@patrol/contracts';
import request from 'supertest';
import { products, type NewProductRow, type ProductRow } from '../../src/db/schema';
import { bearer, type TestContext } from '../test-context';

/** A valid product form for POST /api/business/products, unique per call. */
export function buildProductForm(overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  const suffix = randomUUID().slice(0, 8);
  // A licence product sells a type for a validity; any other category has neither.
  const isLicence = (overrides.category ?? 'licence') === 'licence';
  return {
    name: `Patrol licence ${suffix}`,
    licenceType: isLicence ? 'Standard' : null,
    validityDays: isLicence ? 365 : null,
    description: 'One device, one year',
    category: 'licence',
    unitPrice: 120.5,
    unit: 'license',
    minQuantity: 1,
    taxable: true,
    active: true,
    notes: '',
    eInvoice: emptyProductEInvoice,
    ...overrides,
  };
}

/** Inserts a product straight into the database, with a productId outside the numbering series. */
export async function buildProduct(
  t: TestContext,
  overrides: Partial<NewProductRow> = {},
): Promise<ProductRow> {
  const { unitPrice, ...form } = buildProductForm();
  const [row] = await t.database.db
    .insert(products)
    .values({
      ...form,
      unitPrice: unitPrice.toFixed(2),
      productId: `TEST-PRD-${randomUUID().slice(0, 8)}`,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A valid quotation form for POST /api/business/quotations: one line unless `items` are given. */
export function buildQuotationForm(
  clientId: string,
  overrides: Partial<CreateQuotationBody> = {},
): CreateQuotationBody {
  return {
    clientId,
    validityDays: 30,
    paymentTerms: 'NET_30',
    notes: '',
    taxRate: 0.08,
    discountAmount: 0,
    items: [
      {
        productId: null,
        productName: 'Patrol licence',
        description: 'One device, one year',
        quantity: 2,
        unitPrice: 100,
        discount: 0,
      },
    ],
    ...overrides,
  };
}

/** An accepted quotation created through the API (the state conversion starts from). */
export async function createAcceptedQuotation(
  t: TestContext,
  token: string,
  clientId: string,
  overrides: Partial<CreateQuotationBody> = {},
): Promise<Quotation> {
  const created = await request(t.app)
    .post('/api/business/quotations')
    .set(bearer(token))
    .send(buildQuotationForm(clientId, overrides))
    .expect(201);
  const accepted = await request(t.app)
    .put(`/api/business/quotations/${created.body.quotation.id}/status`)
    .set(bearer(token))
    .send({ status: 'accepted' })
    .expect(200);
  return accepted.body.quotation;
}

/** An invoice converted through the API from a fresh accepted quotation. */
export async function createInvoice(
  t: TestContext,
  token: string,
  clientId: string,
  overrides: Partial<CreateQuotationBody> = {},
): Promise<Invoice> {
  const quotation = await createAcceptedQuotation(t, token, clientId, overrides);
  const converted = await request(t.app)
    .put(`/api/business/quotations/${quotation.id}/convert-to-invoice`)
    .set(bearer(token))
    .expect(200);
  return converted.body.invoice;
}

/** A payment as the process-payment form sends it, dated today unless given. */
export interface TestPayment {
  amount: number;
  paymentMethod: string;
  referenceNumber: string;
  paymentDate?: string;
}

/**
 * Records the payments on an invoice through the API as a second accounts user, then validates
 * them as `accountsToken` (two people, as the two-person rule wants), issuing a receipt each.
 */
export async function payAndValidate(
  t: TestContext,
  accountsToken: string,
  invoiceId: string,
  payments: readonly TestPayment[],
): Promise<void> {
  const recorder = await t.signIn('accounts', { fullName: 'Recording Clerk' });
  for (const payment of payments) {
    await request(t.app)
      .put(`/api/business/invoices/${invoiceId}/process-payment`)
      .set(bearer(recorder))
      .send({ paymentDate: businessDay(new Date()), ...payment })
      .expect(200);
  }
  await request(t.app)
    .put(`/api/invoices/${invoiceId}/validate-payment`)
    .set(bearer(accountsToken))
    .send({})
    .expect(200);
}

/** Each listed receipt whole: the list leaves out their allocations, lines and history. */
export function wholeReceipts(
  t: TestContext,
  token: string,
  listed: readonly { id: string }[],
): Promise<Receipt[]> {
  return Promise.all(
    listed.map(
      async ({ id }) =>
        (await request(t.app).get(`/api/business/receipts/${id}`).set(bearer(token)).expect(200))
          .body.receipt as Receipt,
    ),
  );
}
