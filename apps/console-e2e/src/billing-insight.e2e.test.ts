import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ClientResponse } from '@patrol/contracts';
import type { Browser, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createInvoiceViaApi, payInFull } from './support/billing';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

/** A signed-in accounts user in its own context, to validate payments through the API. */
async function accountsSession(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const session = await signInAsStaff(page, baseUrl, { role: 'accounts' });
  return {
    validate: async (invoiceId: string) => {
      const response = await session.api.put(`/api/invoices/${invoiceId}/validate-payment`, {});
      expect(response.status).toBe(200);
    },
    close: () => context.close(),
  };
}

async function figureOf(page: Page, name: string): Promise<string> {
  const group = page.getByRole('group', { name });
  await group.waitFor();
  return group.innerText();
}

describe('billing insight', () => {
  test('dashboards follow a validated payment live; the PDF and the report download', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const clientName = `上海保安 Insight ${suffix} Sdn Bhd`;
    const client = await api.post<ClientResponse>('/api/clients', {
      companyId: `INS-${suffix}`,
      companyName: clientName,
      contactPerson: 'Zoë Muñoz',
      email: `insight-${suffix}@example.com`,
      phone: '012-555 0100',
      address: 'Jalan Ampang, Kuala Lumpur',
    });
    const clientId = client.body.client.id;
    const first = await createInvoiceViaApi(api, clientId, 1000);
    const second = await createInvoiceViaApi(api, clientId, 250);
    await payInFull(api, first, `TRX-${first.invoiceNumber}`);
    const accounts = await accountsSession(browser, baseUrl);
    try {
      // The billing dashboard shows the receipt the validation issues, without a reload.
      await page.goto(new URL('/billing', baseUrl).href);
      const recentReceipts = page.getByRole('region', { name: 'Recent receipts' });
      await recentReceipts.waitFor();
      expect(await recentReceipts.innerText()).not.toContain(clientName);
      await accounts.validate(first.id);
      await recentReceipts.getByText(clientName).waitFor();

      // So does the main dashboard's Business Performance.
      await page.goto(new URL('/', baseUrl).href);
      const paidBefore = await figureOf(page, 'Paid Invoices');
      await payInFull(api, second, `TRX-${second.invoiceNumber}`);
      await accounts.validate(second.id);
      await expect
        .poll(() => figureOf(page, 'Paid Invoices'), { timeout: 10_000 })
        .not.toBe(paidBefore);
    } finally {
      await accounts.close();
    }

    // The invoice PDF downloads under its number.
    await page.goto(new URL(`/billing?tab=invoices&search=${first.invoiceNumber}`, baseUrl).href);
    const row = page.getByRole('row', { name: new RegExp(first.invoiceNumber) });
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: `Download ${first.invoiceNumber} PDF` }).click(),
    ]);
    expect(pdf.suggestedFilename()).toBe(`invoice-${first.invoiceNumber}.pdf`);
    const pdfBytes = await readFile((await pdf.path())!);
    expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');

    // The aging report exports as a workbook.
    await page.goto(new URL('/billing?tab=reports', baseUrl).href);
    await page.getByRole('tab', { name: 'Aging' }).click();
    const [workbook] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(workbook.suggestedFilename()).toMatch(/^aging-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbookBytes = await readFile((await workbook.path())!);
    expect(workbookBytes.subarray(0, 2).toString()).toBe('PK');
    await page.getByText('Aging report exported').waitFor();
  });
});
