import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildClient,
  createAcceptedQuotation,
  createInvoice,
  createTestContext,
  payAndValidate,
  type TestContext,
} from './builders';
import { binaryBody, pdfPages } from './pdf-text';

let t: TestContext;
let admin: string;
let accounts: string;
let quotation: { id: string; quotationNumber: string };
let receipt: { id: string; receiptNumber: string };

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('Admin');
  accounts = await t.signIn('accounts');
  const mobile = await buildClient(t, { phone: '012-345 6789' });
  quotation = await createAcceptedQuotation(t, admin, mobile.id);
  const invoice = await createInvoice(t, admin, mobile.id);
  await payAndValidate(t, accounts, invoice.id, [
    { amount: 216, paymentMethod: 'bank_transfer', referenceNumber: 'TRX-SHARE' },
  ]);
  const receipts = await request(t.app)
    .get('/api/business/receipts')
    .query({ search: invoice.invoiceNumber })
    .set(bearer(accounts))
    .expect(200);
  receipt = receipts.body.receipts[0];
});
afterAll(() => t.close());

const open = (url: string) =>
  binaryBody(request(t.app).get(new URL(url).pathname + new URL(url).search));

describe.each([
  {
    kind: 'quotation',
    plural: 'quotations',
    doc: () => ({ id: quotation.id, number: quotation.quotationNumber }),
  },
  {
    kind: 'receipt',
    plural: 'receipts',
    doc: () => ({ id: receipt.id, number: receipt.receiptNumber }),
  },
])('signed links to a $kind PDF for WhatsApp', ({ kind, plural, doc }) => {
  const shareLink = (id: string, token = admin) =>
    request(t.app).post(`/api/business/${plural}/${id}/share-link`).set(bearer(token));

  it("answers a 7-day link that opens the PDF without an account, and the client's mobile", async () => {
    const response = await shareLink(doc().id).expect(200);
    expect(response.body).toMatchObject({ success: true, mobile: '60123456789' });
    expect(response.body.url).toContain(`/api/public/${plural}/${doc().id}/pdf?`);
    const pdf = await open(response.body.url).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await pdfPages(pdf.body as Buffer)).join('\n')).toContain(doc().number);
  });

  it('refuses a tampered link (403), a link of another kind (403) and an expired one (410)', async () => {
    const { url } = (await shareLink(doc().id).expect(200)).body as { url: string };
    const link = new URL(url);
    const expires = Number(link.searchParams.get('expires'));
    const signature = link.searchParams.get('signature')!;
    await request(t.app)
      .get(link.pathname)
      .query({ expires: expires + 1000, signature })
      .expect(403);
    // The same id and signature under another kind's route do not open it.
    const other = kind === 'quotation' ? 'receipts' : 'quotations';
    await request(t.app)
      .get(`/api/public/${other}/${doc().id}/pdf`)
      .query({ expires, signature })
      .expect(403);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(expires + 1);
      const expired = await request(t.app)
        .get(link.pathname + link.search)
        .expect(410);
      expect(expired.body.message).toBe('This link has expired. Ask the sender for a new one.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 for an unknown one, 400 for a malformed id and 403 without the view permission', async () => {
    const missing = await shareLink(randomUUID()).expect(404);
    expect(missing.body.message).toBe(
      `${kind === 'quotation' ? 'Quotation' : 'Receipt'} not found`,
    );
    await shareLink('not-an-id').expect(400);
    const { token } = await t.createUserWithToken({ role: 'sales', permissions: ['clients.view'] });
    await shareLink(doc().id, token).expect(403);
  });
});

describe('a landline', () => {
  it('gives no mobile number, so the console disables WhatsApp with its reason', async () => {
    const landline = await buildClient(t, { phone: '03-2161 1234' });
    const quote = await createAcceptedQuotation(t, admin, landline.id);
    const response = await request(t.app)
      .post(`/api/business/quotations/${quote.id}/share-link`)
      .set(bearer(admin))
      .expect(200);
    expect(response.body.mobile).toBeNull();
  });
});
