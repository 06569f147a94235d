import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ProductResponse } from '@patrol/contracts';
import { describe, expect } from 'vitest';
import { openAs } from './support/billing';
import { test } from './support/e2e-test';
import { artifactsDir } from './support/paths';
import { signInAsStaff } from './support/staff-session';

describe('licences sold through billing', () => {
  test('sells 5 Standard keys: paid and validated, they are on the client with "Paid by"', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const clientName = `Licence Sale ${suffix} Sdn Bhd`;
    const client = await api.post('/api/clients', {
      companyId: `SALE-${suffix}`,
      companyName: clientName,
      contactPerson: 'Hana Ismail',
      email: `sale-${suffix.toLowerCase()}@example.com`,
      phone: '+60 12-555 0199',
      address: 'Jalan Ampang, Kuala Lumpur',
    });
    expect(client.status).toBe(201);
    const productName = `Standard licence ${suffix}`;
    const product = await api.post<ProductResponse>('/api/business/products', {
      name: productName,
      unitPrice: 480,
      unit: 'license',
      licenceType: 'Standard',
      validityDays: 365,
    });
    expect(product.status).toBe(201);

    // The quotation: 5 new keys of the Standard licence product.
    await page.goto(new URL('/billing?tab=quotations', baseUrl).href);
    await page.getByRole('button', { name: 'Create Quotation' }).click();
    const form = page.getByRole('dialog', { name: 'Create New Quotation' });
    await form.getByLabel('Search clients').fill(clientName);
    await form.locator('select[name="clientId"]').selectOption({ label: clientName });
    await form.getByLabel('Search products').fill(productName);
    await form.getByLabel('Item 1 product').selectOption({ label: `${productName} (RM 480.00)` });
    expect(await form.getByLabel('Item 1 licence keys').inputValue()).toBe('new_keys');
    await form.getByLabel('Quantity').first().fill('5');
    await form.getByRole('button', { name: 'Create Quotation' }).click();
    await page.getByText(/Quotation \S+ created successfully/).waitFor();

    const quotationRow = page.getByRole('row', { name: new RegExp(clientName) });
    await quotationRow.getByRole('button', { name: 'Mark Accepted' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Mark Accepted' }).click();
    await page.getByText('Quotation status updated to accepted').waitFor();
    await quotationRow.getByRole('button', { name: 'Convert to Invoice' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Convert to Invoice' }).click();
    const converted = page.getByText(/Quotation converted to invoice (\S+)\./);
    await converted.waitFor();
    const invoiceNumber = /invoice (\S+)\./.exec(await converted.innerText())![1]!;

    // One user records the payment in full...
    await page.goto(new URL(`/billing?tab=invoices&search=${invoiceNumber}`, baseUrl).href);
    const invoiceRow = page.getByRole('row', { name: new RegExp(invoiceNumber) });
    await invoiceRow.getByRole('button', { name: `Process payment for ${invoiceNumber}` }).click();
    const payment = page.getByRole('dialog', { name: 'Process Payment' });
    await payment.getByLabel('Reference number').fill(`TRX-${suffix}`);
    await payment.getByRole('button', { name: 'Process Payment' }).click();
    await payment.waitFor({ state: 'detached' });
    await invoiceRow.getByText('Pending validation').waitFor();

    // ...and a second one validates it, which issues the keys.
    const accounts = await openAs(browser, baseUrl, 'accounts');
    try {
      await accounts.page.goto(
        new URL(`/billing?tab=invoices&search=${invoiceNumber}`, baseUrl).href,
      );
      const row = accounts.page.getByRole('row', { name: new RegExp(invoiceNumber) });
      await row.getByRole('button', { name: `Validate payment for ${invoiceNumber}` }).click();
      const dialog = accounts.page.getByRole('dialog', { name: 'Validate Payment' });
      await dialog.getByRole('button', { name: 'Validate Payment' }).click();
      await accounts.page.getByText(/The receipt has been issued/).waitFor();
    } finally {
      await accounts.close();
    }

    // The client's licences page lists the 5 keys, each "Paid by" the invoice.
    await page.goto(new URL(`/licences?search=${suffix}`, baseUrl).href);
    const keys = page.locator('li[data-licence-key]');
    await expect.poll(() => keys.count(), { timeout: 20_000, interval: 250 }).toBe(5);
    const paidBy = page.getByRole('link', { name: `Paid by ${invoiceNumber}` });
    expect(await paidBy.count()).toBe(5);
    expect(await keys.first().innerText()).toContain('Standard');
    await page.screenshot({
      path: join(artifactsDir, 'licence-billing-paid-by.png'),
      fullPage: true,
    });

    // The link leads to the invoice, which lists the keys it issued.
    await paidBy.first().click();
    const listed = page.getByRole('row', { name: new RegExp(invoiceNumber) });
    await listed.getByRole('button', { name: `View ${invoiceNumber}` }).click();
    const details = page.getByRole('dialog', { name: 'Invoice Details' });
    await details.getByText('New keys: 5').waitFor();
    await details.getByText('Licence keys (5)').waitFor();
  });
});
