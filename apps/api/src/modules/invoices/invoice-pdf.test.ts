import { businessDay } from '@patrol/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  createInvoice,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';

describe('GET /api/business/invoices/{id}/download', () => {
  let t: TestContext;
  let sales: string;
  let invoice: { id: string; invoiceNumber: string };
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.signIn('Admin');
    const accounts = await t.signIn('accounts');
    sales = await t.signIn('sales');
    const client = await buildClient(t, { companyName: 'Kawalan Łukasz Świątek Sdn Bhd' });
    // 2 x RM 100 + SST 8% = RM 216.00.
    invoice = await createInvoice(t, admin, client.id);
    const pay = (amount: number, referenceNumber: string) =>
      request(t.app)
        .put(`/api/business/invoices/${invoice.id}/process-payment`)
        .set(bearer(accounts))
        .send({
          amount,
          paymentMethod: 'bank_transfer',
          referenceNumber,
          paymentDate: businessDay(new Date()),
        })
        .expect(200);
    await pay(216, 'TRX-WRONG');
    await request(t.app)
      .put(`/api/invoices/${invoice.id}/reject-payment`)
      .set(bearer(accounts))
      .send({ rejectionReason: 'Transfer not in the bank statement' })
      .expect(200);
    await pay(16, 'TRX-PART');
  });
  afterAll(() => t.close());

  const download = (id: string, token = sales) =>
    binaryBody(request(t.app).get(`/api/business/invoices/${id}/download`).set(bearer(token)));

  it('prints the stored figures and the payments, never the staff correction block', async () => {
    const response = await download(invoice.id).expect(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`,
    );
    const text = (await pdfPages(response.body as Buffer)).join('\n');
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain('Kawalan Łukasz Świątek Sdn Bhd');
    expect(text).toMatch(
      /Patrol licence.*\s+2\s+RM 100\.00\s+RM 16\.00 \(Service 8%\)\s+RM 200\.00/,
    );
    expect(text).toMatch(/Subtotal\s+RM 200\.00/);
    expect(text).toMatch(/SST service tax 8%\s+RM 16\.00/);
    expect(text).toContain('SST service tax 8%: RM 16.00 on RM 200.00');
    // Paid counts validated money only; RM 16 awaits validation.
    expect(text).toMatch(/Paid\s+RM 0\.00/);
    expect(text).toMatch(/Awaiting validation\s+RM 16\.00/);
    expect(text).toMatch(/Outstanding\s+RM 200\.00/);
    expect(text).toMatch(/Total\s+RM 216\.00/);
    expect(text).toMatch(/TRX-WRONG\s+RM 216\.00\s+Rejected/);
    expect(text).toMatch(/TRX-PART\s+RM 16\.00\s+Awaiting validation/);
  });

  it('keeps staff names and rejection reasons off the client PDF', async () => {
    const text = (await pdfPages((await download(invoice.id).expect(200)).body as Buffer)).join(
      '\n',
    );
    expect(text).not.toContain('PAYMENT CORRECTION REQUIRED');
    expect(text).not.toContain('Transfer not in the bank statement');
    expect(text).not.toContain('Rejected by');
  });

  it('prints a discount column, Total before Paid and Outstanding, and the total in words', async () => {
    const admin = await t.signIn('Admin');
    const client = await buildClient(t, { companyName: 'Diskaun Kawalan Sdn Bhd' });
    // 3 x RM 1,234.50 = 3,703.50 less 10% = 3,333.15, service tax 8% 266.65: RM 3,599.80.
    const discounted = await createInvoice(t, admin, client.id, {
      items: [
        {
          productId: null,
          productName: 'Patrol licence',
          description: 'One device, one year',
          quantity: 3,
          unitPrice: 1234.5,
          discount: 10,
        },
        {
          productId: null,
          productName: 'Guard training',
          description: '',
          quantity: 1,
          unitPrice: 50,
          discount: 0,
        },
      ],
    });
    const text = (await pdfPages((await download(discounted.id).expect(200)).body as Buffer)).join(
      '\n',
    );
    expect(text).toMatch(/Unit price\s+Discount\s+Tax\s+Amount/);
    expect(text).toMatch(
      /3\s+RM 1,234\.50\s+-RM 370\.35\s+RM 266\.65 \(Service 8%\)\s+RM 3,333\.15/,
    );
    expect(text).toMatch(/1\s+RM 50\.00\s+-\s+RM 4\.00 \(Service 8%\)\s+RM 50\.00/);
    expect(text).toMatch(
      /Subtotal before discount\s+RM 3,753\.50\s+Discount\s+-RM 370\.35\s+Subtotal\s+RM 3,383\.15/,
    );
    expect(text).toMatch(/Total\s+RM 3,653\.80\s+Paid\s+RM 0\.00\s+Outstanding\s+RM 3,653\.80/);
    expect(text).toContain(
      'Ringgit Malaysia Three Thousand Six Hundred Fifty-Three and Sen Eighty Only',
    );
  });

  it('marks a reverted invoice VOID on every page, with its number and no bank details', async () => {
    const admin = await t.signIn('Admin');
    const client = await buildClient(t, { companyName: 'Void Client Sdn Bhd' });
    const voided = await createInvoice(t, admin, client.id);
    await request(t.app)
      .post(`/api/business/invoices/${voided.id}/revert`)
      .set(bearer(admin))
      .expect(200);
    const pages = await pdfPages((await download(voided.id).expect(200)).body as Buffer);
    for (const page of pages) expect(page).toContain('VOID: this invoice is cancelled');
    const text = pages.join('\n');
    expect(text).toContain(voided.invoiceNumber);
    expect(text).toMatch(/Status\s+Void/);
    expect(text).not.toContain('Pay by bank transfer');
    const live = (await pdfPages((await download(invoice.id).expect(200)).body as Buffer)).join(
      '\n',
    );
    expect(live).not.toContain('VOID');
  });

  it('answers 404 for an invoice that does not exist and 400 for a malformed id', async () => {
    const missing = await request(t.app)
      .get('/api/business/invoices/00000000-0000-4000-8000-000000000000/download')
      .set(bearer(sales))
      .expect(404);
    expect(missing.body.message).toBe('Invoice not found');
    await request(t.app).get('/api/business/invoices/nope/download').set(bearer(sales)).expect(400);
  });

  it('refuses a user without invoices.view', async () => {
    const { token } = await t.createUserWithToken({ role: 'sales', permissions: ['clients.view'] });
    await download(invoice.id, token).expect(403);
  });
});
