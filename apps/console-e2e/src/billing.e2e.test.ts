import { randomBytes } from 'node:crypto';
import type { ClientResponse } from '@patrol/contracts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { ApiClient } from './support/api-client';
import { createInvoiceViaApi, openAs, payInFull } from './support/billing';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

async function addClient(api: ApiClient, name: string): Promise<string> {
  const suffix = randomBytes(3).toString('hex').toUpperCase();
  const response = await api.post<ClientResponse>('/api/clients', {
    companyId: `BIL-${suffix}`,
    companyName: name,
    contactPerson: 'Farah Aziz',
    email: `billing-${suffix}@example.com`,
    phone: '+60 12-555 0100',
    address: 'Jalan Tun Razak, Kuala Lumpur',
  });
  expect(response.status).toBe(201);
  return response.body.client.id;
}

async function openInvoice(page: Page, baseUrl: string, invoiceNumber: string) {
  await page.goto(new URL(`/billing?tab=invoices&search=${invoiceNumber}`, baseUrl).href);
  const row = page.getByRole('row', { name: new RegExp(invoiceNumber) });
  await row.waitFor();
  return row;
}

/**
 * At the journeys' 1280x800 the invoices table scrolls nowhere sideways and each of the row's
 * named actions lies inside the viewport (issue 29).
 */
async function expectActionsInView(page: Page, row: Locator, labels: readonly string[]) {
  const overflow = await page.evaluate(() => {
    const table = document.querySelector('[data-slot="table-container"]')!;
    const root = document.documentElement;
    return [table.scrollWidth - table.clientWidth, root.scrollWidth - root.clientWidth];
  });
  expect(overflow).toEqual([0, 0]);
  const width = page.viewportSize()!.width;
  for (const label of labels) {
    const box = await row.getByRole('button', { name: label }).boundingBox();
    expect(box, label).not.toBeNull();
    expect(box!.x + box!.width, label).toBeLessThanOrEqual(width);
  }
}

describe('billing', () => {
  test('runs a sale from a new product to its receipt', async ({ page, browser, baseUrl }) => {
    const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
    const suffix = randomBytes(3).toString('hex');
    const clientName = `Billing Journey ${suffix} Sdn Bhd`;
    await addClient(api, clientName);

    // A product, added through its dialog, is listed and tagged NEW.
    await page.goto(new URL('/billing?tab=products', baseUrl).href);
    await page.getByRole('button', { name: 'Add Product' }).click();
    const productDialog = page.getByRole('dialog', { name: 'Add New Product' });
    await productDialog.getByLabel('Product name').fill(`Guard tour ${suffix}`);
    await productDialog.getByLabel('Unit price (RM)').fill('19.99');
    await productDialog.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText(/created with ID \S+/).waitFor();
    const productRow = page.getByRole('row', { name: new RegExp(`Guard tour ${suffix}`) });
    await productRow.getByText('NEW').waitFor();

    // A quotation with that product (7 x RM 19.99 less 15%) and a custom line.
    await page.getByRole('tab', { name: 'Quotations' }).click();
    await page.getByRole('button', { name: 'Create Quotation' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Quotation' });
    await form.getByLabel('Search clients').fill(clientName);
    await form.locator('select[name="clientId"]').selectOption({ label: clientName });
    await form
      .getByLabel('Item 1 product')
      .selectOption({ label: `Guard tour ${suffix} (RM 19.99)` });
    await form.getByLabel('Quantity').first().fill('7');
    await form.getByLabel('Discount (%)').first().fill('15');
    await form.getByRole('button', { name: 'Add Item' }).click();
    await form.getByLabel('Item 2 name').fill('Installation');
    await form.getByLabel('Unit price (RM)').nth(1).fill('100');
    // 118.94 + 100.00 = 218.94; SST 8% = 17.52; total 236.46, as the server will compute.
    await form.getByText('RM 236.46').waitFor();
    await form.getByRole('button', { name: 'Create Quotation' }).click();
    await page.getByText(/Quotation \S+ created successfully/).waitFor();

    const quotationRow = page.getByRole('row', { name: new RegExp(clientName) });
    expect(await quotationRow.innerText()).toContain('RM 236.46');
    await quotationRow.getByRole('button', { name: 'Mark Accepted' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark Accepted' }).click();
    await page.getByText('Quotation status updated to accepted').waitFor();
    await quotationRow.getByRole('button', { name: 'Convert to Invoice' }).click();
    // The confirmation dates the invoice today and due by the terms unless changed.
    await page.getByRole('dialog').getByRole('button', { name: 'Convert to Invoice' }).click();
    const converted = page.getByText(
      /Quotation converted to invoice (\S+)\. Check the Invoices tab\./,
    );
    await converted.waitFor();
    const invoiceNumber = /invoice (\S+)\./.exec(await converted.innerText())![1]!;

    // A partial payment, then the rest (the dialog offers what is outstanding).
    const invoiceRow = await openInvoice(page, baseUrl, invoiceNumber);
    await expectActionsInView(page, invoiceRow, [
      `View ${invoiceNumber}`,
      `Download ${invoiceNumber} PDF`,
      `Process payment for ${invoiceNumber}`,
    ]);
    for (const amount of ['36.46', undefined]) {
      await invoiceRow
        .getByRole('button', { name: `Process payment for ${invoiceNumber}` })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Process Payment' });
      if (amount) await dialog.getByLabel('Amount (RM)').fill(amount);
      await dialog.getByLabel('Reference number').fill(`TRX-${amount ?? 'final'}`);
      await dialog.getByRole('button', { name: 'Process Payment' }).click();
      await dialog.waitFor({ state: 'detached' });
    }
    // A partial payment awaits validation too, so wait for the final one's Paid.
    await invoiceRow.getByText('Paid', { exact: true }).waitFor();
    expect(await invoiceRow.innerText()).toContain('Pending validation');

    // Validation belongs to accounts; it issues the receipt.
    const accounts = await openAs(browser, baseUrl, 'accounts');
    try {
      const row = await openInvoice(accounts.page, baseUrl, invoiceNumber);
      await expectActionsInView(accounts.page, row, [
        `View ${invoiceNumber}`,
        `Download ${invoiceNumber} PDF`,
        `Validate payment for ${invoiceNumber}`,
      ]);
      await row.getByRole('button', { name: `Validate payment for ${invoiceNumber}` }).click();
      const dialog = accounts.page.getByRole('dialog', { name: 'Validate Payment' });
      await dialog.getByRole('button', { name: 'Validate Payment' }).click();
      await accounts.page.getByText(/The receipt has been issued/).waitFor();
      await accounts.page.goto(
        new URL(`/billing?tab=receipts&search=${invoiceNumber}`, baseUrl).href,
      );
      // A receipt per payment: the partial one and the one that settled the invoice.
      const receiptRows = accounts.page.getByRole('row', { name: new RegExp(invoiceNumber) });
      await receiptRows.nth(1).waitFor();
      const receiptsText = (await receiptRows.allInnerTexts()).join('\n');
      expect(receiptsText).toContain('RM 36.46');
      expect(receiptsText).toContain('RM 200.00');
      await receiptRows
        .first()
        .getByRole('button', { name: /^View / })
        .click();
      await accounts.page
        .getByRole('dialog', { name: 'Receipt Details' })
        .getByText('Payment allocations')
        .waitFor();
    } finally {
      await accounts.close();
    }
  });

  test('shows a rejected payment as a correction card; sales cannot validate', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
    const clientId = await addClient(api, `Rejection ${randomBytes(3).toString('hex')} Bhd`);
    const invoice = await createInvoiceViaApi(api, clientId, 500);
    await payInFull(api, invoice, 'TRX-WRONG');

    const sales = await openAs(browser, baseUrl, 'sales');
    try {
      const row = await openInvoice(sales.page, baseUrl, invoice.invoiceNumber);
      await row.getByText('Pending validation').waitFor();
      expect(await row.getByRole('button', { name: /^Validate payment/ }).count()).toBe(0);
      const refused = await sales.session.api.put(
        `/api/invoices/${invoice.id}/validate-payment`,
        {},
      );
      expect(refused.status).toBe(403);
    } finally {
      await sales.close();
    }

    const accounts = await openAs(browser, baseUrl, 'accounts');
    try {
      const row = await openInvoice(accounts.page, baseUrl, invoice.invoiceNumber);
      await row
        .getByRole('button', { name: `Reject payment for ${invoice.invoiceNumber}` })
        .click();
      const dialog = accounts.page.getByRole('dialog', { name: 'Reject Payment' });
      await dialog.getByRole('button', { name: 'Reject Payment' }).click();
      await dialog.getByText('Rejection reason is required').waitFor();
      await dialog.getByLabel('Rejection reason').fill('Transfer not in the bank statement');
      await dialog.getByRole('button', { name: 'Reject Payment' }).click();
      await accounts.page.getByText(/Payment rejected successfully/).waitFor();
      await row.getByRole('button', { name: `View ${invoice.invoiceNumber}` }).click();
      const card = accounts.page.getByRole('region', { name: 'Payment correction 1' });
      await card.getByText('Payment correction required (1st rejection)').waitFor();
      expect(await card.innerText()).toContain('Transfer not in the bank statement');
    } finally {
      await accounts.close();
    }
  });
});
