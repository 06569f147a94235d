import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  defaultCompanySettings,
  type EinvoiceDetailResponse,
  type ListInvoicesResponse,
  type QuotationResponse,
} from '@patrol/contracts';
import { afterAll, describe, expect } from 'vitest';
import { startMyInvoisStandin } from './support/myinvois-standin';
import { testOnOwnServer } from './support/own-server';
import { artifactsDir } from './support/paths';
import { signInAsStaff } from './support/staff-session';

// A server of its own with e-invoicing on, submitting to the MyInvois stand-in.
const standin = await startMyInvoisStandin();
afterAll(() => standin.stop());
const test = testOnOwnServer('einvoicing-server.log', { env: standin.apiEnv });

const run = promisify(execFile);

describe('e-invoicing', () => {
  // The worker's cycles and LHDN's polls (3 to 5 s apart) come on top of the usual steps.
  test(
    'a converted quotation becomes a Valid e-invoice whose PDF carries the QR code',
    {
      timeout: 120_000,
    },
    async ({ page, baseUrl }) => {
      const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
      // The supplier's e-invoice details (a fresh server has none, so nothing could be submitted).
      const saved = await api.put('/api/settings', {
        ...structuredClone(defaultCompanySettings),
        companyName: 'Patrol Systems Sdn Bhd',
        address: {
          ...defaultCompanySettings.address,
          street: 'Lot 66',
          city: 'Kuala Lumpur',
          postalCode: '50480',
        },
        phone: '+60123456789',
        eInvoiceSupplier: {
          tin: 'C20880050010',
          brn: '201901234567',
          tourismTaxNumber: '',
          msicCode: '62010',
          businessActivityDescription: 'Computer programming activities',
          stateCode: '14',
          countryCode: 'MYS',
        },
      });
      expect(saved.status).toBe(200);
      const suffix = randomBytes(3).toString('hex').toUpperCase();
      const clientName = `E-Invoice Buyer ${suffix} Sdn Bhd`;
      const client = await api.post<{ client: { id: string } }>('/api/clients', {
        companyId: `EINV-${suffix}`,
        companyName: clientName,
        contactPerson: 'Hana Ismail',
        email: `einv-${suffix.toLowerCase()}@example.com`,
        phone: '+60125550199',
        address: 'Jalan Ampang, Kuala Lumpur',
        eInvoice: {
          tin: 'C20880050020',
          idType: 'BRN',
          idValue: '202001234567',
          sstNumber: '',
          street: 'Jalan Ampang',
          city: 'Kuala Lumpur',
          postcode: '50450',
          stateCode: '14',
          countryCode: 'MYS',
        },
      });
      expect(client.status).toBe(201);
      const quotation = await api.post<QuotationResponse>('/api/business/quotations', {
        clientId: client.body.client.id,
        items: [{ productName: 'Patrol licence', quantity: 2, unitPrice: 480 }],
      });
      const quotationId = quotation.body.quotation.id;
      await api.put(`/api/business/quotations/${quotationId}/status`, { status: 'accepted' });

      // Converted in the console: the invoice is issued and queued for MyInvois with it.
      await page.goto(new URL('/billing?tab=quotations', baseUrl).href);
      const quotationRow = page.getByRole('row', { name: new RegExp(clientName) });
      await quotationRow.getByRole('button', { name: 'Convert to Invoice' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Convert to Invoice' }).click();
      const converted = page.getByText(/Quotation converted to invoice (\S+)\./);
      await converted.waitFor();
      const number = /invoice (\S+)\./.exec(await converted.innerText())![1]!;
      const listed = await api.get<ListInvoicesResponse>(`/api/business/invoices?search=${number}`);
      const invoiceId = listed.body.invoices[0]!.id;

      // The worker signs and submits it; the stand-in validates it on the second poll.
      await expect
        .poll(
          async () =>
            (await api.get<EinvoiceDetailResponse>(`/api/business/einvoices/${invoiceId}`)).body
              .document?.status,
          { timeout: 45_000, interval: 1_000 },
        )
        .toBe('valid');
      const { body: einvoice } = await api.get<EinvoiceDetailResponse>(
        `/api/business/einvoices/${invoiceId}`,
      );
      const uuid = einvoice.document.uuid!;

      await page.goto(new URL(`/billing?tab=invoices&search=${number}`, baseUrl).href);
      const invoiceRow = page.getByRole('row', { name: new RegExp(number) });
      await invoiceRow.getByRole('button', { name: `View ${number}` }).click();
      const details = page.getByRole('dialog', { name: 'Invoice Details' });
      const link = details.getByRole('link', { name: `Validation link (UUID ${uuid})` });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(einvoice.document.validationLink);
      await details.getByRole('button', { name: 'Cancel e-Invoice' }).waitFor();
      await page.screenshot({ path: join(artifactsDir, 'einvoicing-valid-invoice.png') });
      await page.keyboard.press('Escape');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        invoiceRow.getByRole('button', { name: `Download ${number} PDF` }).click(),
      ]);
      const pdf = (await download.path())!;
      const { stdout: text } = await run('pdftotext', ['-layout', pdf, '-']);
      expect(text).toContain(`UUID: ${uuid}`);
      expect(text).toContain('Validated:');
      expect(text).not.toContain('e-Invoice pending validation');
      // The QR code is an image of the page (pdfimages lists two header lines, then one a picture).
      const { stdout: images } = await run('pdfimages', ['-list', pdf]);
      expect(images.trim().split('\n').length - 2).toBeGreaterThanOrEqual(1);
    },
  );
});
