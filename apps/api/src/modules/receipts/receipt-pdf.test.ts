import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  createInvoice,
  createTestContext,
  payAndValidate,
  type TestContext,
} from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';

describe('GET /api/business/receipts/{id}/download', () => {
  let t: TestContext;
  let sales: string;
  let receipt: { id: string; receiptNumber: string; verificationCode: string };
  let invoiceNumber: string;
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts');
    sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Perisai Muñoz Sdn Bhd' });
    const invoice = await createInvoice(t, admin, client.id);
    invoiceNumber = invoice.invoiceNumber;
    await payAndValidate(t, accounts, invoice.id, [
      { amount: 16, paymentMethod: 'cash', referenceNumber: 'REF-16' },
      { amount: 200, paymentMethod: 'cheque', referenceNumber: 'REF-200' },
    ]);
    const list = await request(t.app).get('/api/business/receipts').set(bearer(sales)).expect(200);
    // The cheque's receipt, which settled the invoice (each payment has its own).
    receipt = list.body.receipts.find(
      (candidate: { referenceNumber: string }) => candidate.referenceNumber === 'REF-200',
    );
  });
  afterAll(() => t.close());

  const download = (id: string, token = sales) =>
    binaryBody(request(t.app).get(`/api/business/receipts/${id}/download`).set(bearer(token)));

  it('prints the allocation, the method and the verification code', async () => {
    const response = await download(receipt.id).expect(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="receipt-${receipt.receiptNumber}.pdf"`,
    );
    const text = (await pdfPages(response.body as Buffer)).join('\n');
    expect(text).toContain(receipt.receiptNumber);
    expect(text).toContain('Perisai Muñoz Sdn Bhd');
    expect(text).toMatch(new RegExp(`${invoiceNumber}\\s+RM 200\\.00\\s+RM 200\\.00\\s+RM 0\\.00`));
    expect(text).toMatch(/Payment method\s+Cheque/);
    expect(text).toContain(receipt.verificationCode);
    expect(text).toMatch(/Amount received\s+RM 200\.00/);
  });

  it('answers 404 for a receipt that does not exist and 400 for a malformed id', async () => {
    const missing = await request(t.app)
      .get('/api/business/receipts/00000000-0000-4000-8000-000000000000/download')
      .set(bearer(sales))
      .expect(404);
    expect(missing.body.message).toBe('Receipt not found');
    await request(t.app).get('/api/business/receipts/x/download').set(bearer(sales)).expect(400);
  });

  it('refuses a user without invoices.view', async () => {
    const { token } = await t.createUserWithToken({ role: 'sales', permissions: ['clients.view'] });
    await download(receipt.id, token).expect(403);
  });
});
