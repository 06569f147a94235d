import type { ConvertQuotationResponse, Invoice, QuotationResponse, Role } from '@patrol/contracts';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiClient } from './api-client';
import { signInAsStaff } from './staff-session';

/** A second signed-in user in its own browser context (its own storage), on the same server. */
export async function openAs(browser: Browser, baseUrl: string, role: Role) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const session = await signInAsStaff(page, baseUrl, { role });
  return { page, session, close: () => context.close() };
}

/** An invoice of one line for `clientId`, converted from an accepted quotation through the API. */
export async function createInvoiceViaApi(
  api: ApiClient,
  clientId: string,
  unitPrice: number,
): Promise<Invoice> {
  const created = await api.post<QuotationResponse>('/api/business/quotations', {
    clientId,
    items: [{ productName: 'Patrol licence', quantity: 1, unitPrice }],
  });
  const quotationId = created.body.quotation.id;
  await api.put(`/api/business/quotations/${quotationId}/status`, { status: 'accepted' });
  const converted = await api.put<ConvertQuotationResponse>(
    `/api/business/quotations/${quotationId}/convert-to-invoice`,
  );
  return converted.body.invoice;
}

/** Pays an invoice in full by bank transfer today; it then awaits validation. */
export async function payInFull(api: ApiClient, invoice: Invoice, referenceNumber: string) {
  const paid = await api.put(`/api/business/invoices/${invoice.id}/process-payment`, {
    amount: invoice.totalAmount,
    paymentMethod: 'bank_transfer',
    referenceNumber,
    paymentDate: new Date().toISOString().slice(0, 10),
  });
  expect(paid.status).toBe(200);
}
