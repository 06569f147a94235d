import { defaultCompanySettings } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildClient,
  buildQuotationForm,
  createTestContext,
  type TestContext,
} from '../../../test/builders';
import { binaryBody, pdfPages } from '../../../test/pdf-text';

describe('GET /api/business/quotations/{id}/download', () => {
  let t: TestContext;
  let sales: string;
  let short: { id: string; quotationNumber: string; totalAmount: number };
  let long: { id: string; quotationNumber: string };
  beforeAll(async () => {
    t = await createTestContext();
    const admin = await t.signIn('Admin');
    sales = await t.signIn('sales');
    await request(t.app)
      .put('/api/settings')
      .set(bearer(admin))
      .send({
        ...defaultCompanySettings,
        companyName: 'Patrol Systems Sdn Bhd',
        taxSettings: {
          ...defaultCompanySettings.taxSettings,
          sstRegistrationNumber: 'W10-1808-31012345',
        },
      })
      .expect(200);
    const client = await buildClient(t, {
      companyName: '上海保安服务有限公司',
      contactPerson: 'Zoë Muñoz',
    });
    const create = async (items: ReturnType<typeof buildQuotationForm>['items']) =>
      (
        await request(t.app)
          .post('/api/business/quotations')
          .set(bearer(admin))
          .send(buildQuotationForm(client.id, { items, notes: 'Société Générale terms apply' }))
          .expect(201)
      ).body.quotation;
    short = await create([
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
        productName: 'Pemasangan NFC',
        description: 'Kerja pemasangan',
        quantity: 1,
        unitPrice: 99.99,
        discount: 0,
        taxType: 'SALES_TAX',
      },
      {
        productId: null,
        productName: 'Guard training',
        description: '',
        quantity: 1,
        unitPrice: 50,
        discount: 0,
        taxType: 'EXEMPT',
      },
    ]);
    long = await create(
      Array.from({ length: 60 }, (_, index) => ({
        productId: null,
        productName: `Checkpoint tag ${index + 1}`,
        description: 'NFC tag, installed',
        quantity: 1,
        unitPrice: 10,
        discount: 0,
      })),
    );
  });
  afterAll(() => t.close());

  const download = (id: string, token = sales) =>
    binaryBody(request(t.app).get(`/api/business/quotations/${id}/download`).set(bearer(token)));

  it('streams the PDF with the number, the Chinese client name, each line and the exact total', async () => {
    const response = await download(short.id).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="quotation-${short.quotationNumber}.pdf"`,
    );
    const pdf = response.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (await pdfPages(pdf)).join('\n');
    expect(text).toContain(short.quotationNumber);
    expect(text).toContain('上海保安服务有限公司');
    expect(text).toContain('Zoë Muñoz');
    expect(text).toContain('Société Générale terms apply');
    // 3 x 1,234.50 = 3,703.50 less 10% = 3,333.15 at service tax 8% = 266.652 -> 266.65;
    // 99.99 at sales tax 10% = 9.999 -> 10.00; 50.00 exempt. Total 3,483.14 + 276.65 = 3,759.79.
    // The discount is a column of its own (amount and percent), since a line has one.
    expect(text).toMatch(/Unit price\s+Discount\s+Tax\s+Amount/);
    expect(text).toMatch(
      /Patrol licence\s+3\s+RM 1,234\.50\s+-RM 370\.35\s+RM 266\.65 \(Service 8%\)\s+RM 3,333\.15/,
    );
    expect(text).toMatch(/\(10%\)/);
    expect(text).toMatch(
      /Pemasangan NFC\s+1\s+RM 99\.99\s+-\s+RM 10\.00 \(Sales 10%\)\s+RM 99\.99/,
    );
    expect(text).toMatch(/Guard training\s+1\s+RM 50\.00\s+-\s+Exempt\s+RM 50\.00/);
    expect(text).toContain(
      'Ringgit Malaysia Three Thousand Seven Hundred Fifty-Nine and Sen Seventy-Nine Only',
    );
    expect(text).toMatch(/Subtotal before discount\s+RM 3,853\.49/);
    expect(text).toMatch(/Discount\s+-RM 370\.35/);
    expect(text).toMatch(/Subtotal\s+RM 3,483\.14/);
    expect(text).toMatch(/SST sales tax 10%\s+RM 10\.00/);
    expect(text).toMatch(/SST service tax 8%\s+RM 266\.65/);
    expect(text).toMatch(/Total\s+RM 3,759\.79/);
    expect(text).toContain('SST Reg. No. W10-1808-31012345');
    expect(text).toContain('SST registration number: W10-1808-31012345');
    expect(text).toContain('SST service tax 8%: RM 266.65 on RM 3,333.15');
    expect(text).toContain('Exempt: RM 0.00 on RM 50.00');
    expect(short.totalAmount).toBe(3759.79);
  });

  it('flows 60 lines over pages, repeating the header row and numbering the pages', async () => {
    const pages = await pdfPages((await download(long.id).expect(200)).body as Buffer);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      // No line has a discount, so there is no Discount column.
      expect(page).toMatch(/Description\s+Qty\s+Unit price\s+Tax\s+Amount/);
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
      // Every later page repeats the document's header line.
      if (index > 0) expect(page).toContain(`QUOTATION ${long.quotationNumber} (continued)`);
    });
    const text = pages.join('\n');
    for (const line of [1, 30, 60]) expect(text).toContain(`Checkpoint tag ${line}`);
    expect(text).toMatch(/Total\s+RM 648\.00/);
  });

  it('answers 404 for a quotation that does not exist and 400 for a malformed id', async () => {
    const missing = await request(t.app)
      .get('/api/business/quotations/00000000-0000-4000-8000-000000000000/download')
      .set(bearer(sales))
      .expect(404);
    expect(missing.body.message).toBe('Quotation not found');
    await request(t.app)
      .get('/api/business/quotations/not-an-id/download')
      .set(bearer(sales))
      .expect(400);
  });

  it('refuses a user without quotations.view', async () => {
    const { token } = await t.createUserWithToken({ role: 'sales', permissions: ['clients.view'] });
    await download(short.id, token).expect(403);
  });
});
