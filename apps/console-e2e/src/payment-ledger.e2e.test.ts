import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { ClientResponse } from '@patrol/contracts';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createInvoiceViaApi, openAs } from './support/billing';
import { test } from './support/e2e-test';
import { artifactsDir } from './support/paths';
import { signInAsStaff } from './support/staff-session';

/** The text of a downloaded PDF, as poppler's pdftotext reads it. */
async function pdfText(path: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdftotext', [
    '-layout',
    '-enc',
    'UTF-8',
    path,
    '-',
  ]);
  return stdout.replace(/\u00a0/g, ' ');
}

const secondPerson = 'A payment must be validated by someone other than the person who recorded it';

/** The invoice's details dialog, opened from its row on the invoices tab. */
async function openDetails(page: Page, baseUrl: string, invoiceNumber: string) {
  await page.goto(new URL(`/billing?tab=invoices&search=${invoiceNumber}`, baseUrl).href);
  const row = page.getByRole('row', { name: new RegExp(invoiceNumber) });
  await row.getByRole('button', { name: `View ${invoiceNumber}` }).click();
  return page.getByRole('dialog', { name: 'Invoice Details' });
}

describe('payment ledger', () => {
  test('two accounts users: a partial payment validated with its receipt, the next one rejected and kept, a credit note, a voided invoice', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl, { role: 'superadmin' });
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const client = await api.post<ClientResponse>('/api/clients', {
      companyId: `LED-${suffix}`,
      companyName: `Ledger ${suffix} Sdn Bhd`,
      contactPerson: 'Farah Aziz',
      email: `ledger-${suffix}@example.com`,
      phone: '+60 12-555 0100',
      address: 'Jalan Tun Razak, Kuala Lumpur',
    });
    // RM 500 + SST 8% = RM 540.00.
    const invoice = await createInvoiceViaApi(api, client.body.client.id, 500);
    const number = invoice.invoiceNumber;

    const recorder = await openAs(browser, baseUrl, 'accounts');
    const validator = await openAs(browser, baseUrl, 'accounts');
    try {
      // The first accounts user records a partial payment through the dialog.
      await recorder.page.goto(new URL(`/billing?tab=invoices&search=${number}`, baseUrl).href);
      const row = recorder.page.getByRole('row', { name: new RegExp(number) });
      await row.getByRole('button', { name: `Process payment for ${number}` }).click();
      const payDialog = recorder.page.getByRole('dialog', { name: 'Process Payment' });
      await payDialog.getByLabel('Amount (RM)').fill('100');
      await payDialog.getByLabel('Reference number').fill('TRX-PART-1');
      await payDialog.getByRole('button', { name: 'Process Payment' }).click();
      await payDialog.waitFor({ state: 'detached' });

      // The recorder may not validate it: Validate is disabled and says why on hover.
      const own = await openDetails(recorder.page, baseUrl, number);
      const ownValidate = own.getByRole('button', { name: /^Validate payment RM 100\.00/ });
      await ownValidate.waitFor();
      expect(await ownValidate.isDisabled()).toBe(true);
      expect(await ownValidate.locator('xpath=..').getAttribute('title')).toBe(secondPerson);

      // A second accounts user validates it; the partial receipt is issued.
      const details = await openDetails(validator.page, baseUrl, number);
      await details.getByRole('button', { name: /^Validate payment RM 100\.00/ }).click();
      const validate = validator.page.getByRole('dialog', { name: 'Validate Payment' });
      await validate.getByRole('button', { name: 'Validate Payment' }).click();
      await validator.page.getByText(/The receipt has been issued/).waitFor();
      await details.getByRole('listitem', { name: 'Payment TRX-PART-1, Validated' }).waitFor();
      await validator.page.keyboard.press('Escape');

      await validator.page.goto(new URL(`/billing?tab=receipts&search=${number}`, baseUrl).href);
      const receiptRow = validator.page.getByRole('row', { name: new RegExp(number) });
      await receiptRow.getByText('Partial Payment').waitFor();
      expect(await receiptRow.innerText()).toContain('RM 100.00');
      await receiptRow.getByRole('button', { name: /^View / }).click();
      const allocations = validator.page
        .getByRole('dialog', { name: 'Receipt Details' })
        .getByRole('region', { name: 'Payment allocations' });
      await allocations.getByText('Before RM 540.00').waitFor();
      await allocations.getByText('After RM 440.00').waitFor();
      await validator.page.keyboard.press('Escape');

      // The next payment is rejected; it stays listed as rejected, the validated one counted.
      const next = await recorder.session.api.put(
        `/api/business/invoices/${invoice.id}/process-payment`,
        {
          amount: 40,
          paymentMethod: 'cheque',
          referenceNumber: 'CHQ-BOUNCED',
          paymentDate: new Date().toISOString().slice(0, 10),
        },
      );
      expect(next.status).toBe(200);
      const again = await openDetails(validator.page, baseUrl, number);
      await again.getByRole('button', { name: /^Reject payment RM 40\.00/ }).click();
      const reject = validator.page.getByRole('dialog', { name: 'Reject Payment' });
      await reject.getByLabel('Rejection reason').fill('Cheque bounced');
      await reject.getByRole('button', { name: 'Reject Payment' }).click();
      await validator.page.getByText(/Payment rejected successfully/).waitFor();
      const rejected = again.getByRole('listitem', { name: 'Payment CHQ-BOUNCED, Rejected' });
      await rejected.getByText(/Cheque bounced/).waitFor();
      await again.getByRole('listitem', { name: 'Payment TRX-PART-1, Validated' }).waitFor();
      expect(await again.innerText()).toContain('Collected RM 100.00');

      await mkdir(artifactsDir, { recursive: true });
      await again.screenshot({ path: join(artifactsDir, 'payment-ledger-invoice-details.png') });

      // A credit note of RM 40 (exempt) lowers what is owed: 540 - 40 - 100 collected = 400.
      await again.getByRole('button', { name: 'Credit note', exact: true }).click();
      const noteDialog = validator.page.getByRole('dialog', { name: 'Credit note' });
      await noteDialog.getByLabel('Amount (RM)').fill('40');
      await noteDialog.getByLabel('Reason').fill('Two missed patrol rounds');
      await noteDialog.getByRole('button', { name: 'Issue Credit Note' }).click();
      await validator.page
        .getByRole('alertdialog', { name: 'Issue Credit Note?' })
        .getByRole('button', { name: 'Issue Credit Note' })
        .click();
      const credited = await openDetails(validator.page, baseUrl, number);
      await credited.getByText('-RM 40.00').first().waitFor();
      expect(await credited.innerText()).toMatch(/Outstanding\s+RM 400\.00/);
      const notes = credited.getByRole('region', { name: 'Credit and debit notes' });
      const [notePdf] = await Promise.all([
        validator.page.waitForEvent('download'),
        notes.getByRole('button', { name: /^Download CN-.* PDF$/ }).click(),
      ]);
      expect(notePdf.suggestedFilename()).toMatch(/^credit-note-CN-.*\.pdf$/);
      const noteText = await pdfText((await notePdf.path())!);
      expect(noteText).toContain('CREDIT NOTE');
      expect(noteText).toContain('Ringgit Malaysia Forty Only');
      await validator.page.keyboard.press('Escape');
    } finally {
      await recorder.close();
      await validator.close();
    }

    // Reverting an invoice voids it: its PDF carries VOID across every page.
    const voided = await createInvoiceViaApi(api, client.body.client.id, 100);
    await page.goto(new URL(`/billing?tab=invoices&search=${voided.invoiceNumber}`, baseUrl).href);
    const voidRow = page.getByRole('row', { name: new RegExp(voided.invoiceNumber) });
    await voidRow
      .getByRole('button', { name: `Revert ${voided.invoiceNumber} to quotation` })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Revert invoice to quotation?' })
      .getByRole('button', { name: 'Revert to Quotation' })
      .click();
    await voidRow.getByText(/Void/).first().waitFor();
    const [voidPdf] = await Promise.all([
      page.waitForEvent('download'),
      voidRow.getByRole('button', { name: `Download ${voided.invoiceNumber} PDF` }).click(),
    ]);
    const voidText = await pdfText((await voidPdf.path())!);
    expect(voidText).toContain('VOID: this invoice is cancelled');
    expect(voidText).not.toContain('Pay by bank transfer');
    // Two staff sessions, four documents and three PDFs: more than one journey step's minute.
  }, 120_000);
});
