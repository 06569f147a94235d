import { roleTemplates } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import { awaitingInvoice, invoiceAnswers, listAnswer, unpaidInvoice } from './billing-test-data';
import { InvoicesTab } from './invoices-tab';

const awaitingPath = `/api/business/invoices/${awaitingInvoice.id}`;
const lists = {
  ...invoiceAnswers([awaitingInvoice, unpaidInvoice]),
  'GET /api/business/credit-notes': listAnswer('notes', []),
  'GET /api/business/debit-notes': listAnswer('notes', []),
};

beforeEach(() =>
  signInAs({ ...testUsers.sales, role: 'accounts', permissions: roleTemplates.accounts }),
);
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

// Dialogs over dialogs take several seconds on the shared CI machine.
describe('InvoicesTab', { timeout: 15_000 }, () => {
  it('lists the invoices with their figures, payment and validation', async () => {
    stubApi(lists);
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    const row = (await screen.findByText('INV-MP-2026-000002')).closest('tr')!;
    expect(within(row).getByText('Unpaid')).toBeInTheDocument();
    expect(within(row).getAllByText('RM 1,080.00')).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 2 invoices')).toBeInTheDocument();
  });

  it('reverts to the quotation only after confirming, and takes the row off the list', async () => {
    const calls = stubApi({
      ...lists,
      [`POST ${awaitingPath}/revert`]: () =>
        jsonResponse({ success: true, message: 'Invoice reverted to quotation' }),
    });
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Revert INV-MP-2026-000001 to quotation' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Revert invoice to quotation?' });
    expect(calls.some((call) => call.path.endsWith('/revert'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revert to Quotation' }));
    await screen.findByText('Invoice reverted to quotation');
    expect(calls.filter((call) => call.path === `${awaitingPath}/revert`)).toHaveLength(1);
  });

  it("says the server's refusal of a send in words", async () => {
    stubApi({
      ...lists,
      [`POST ${awaitingPath}/send`]: () =>
        jsonResponse(
          { success: false, error: 'CONFLICT', message: 'The client has no e-mail address' },
          409,
        ),
    });
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(await screen.findByRole('button', { name: 'Send INV-MP-2026-000001' }));
    expect(
      await screen.findByText('Error sending invoice: The client has no e-mail address'),
    ).toBeInTheDocument();
  });

  it('validates the awaiting payment with the remarks typed', async () => {
    const calls = stubApi({
      ...lists,
      [`PUT /api/invoices/${awaitingInvoice.id}/validate-payment`]: () =>
        jsonResponse({ success: true, message: 'Payment validated', invoice: awaitingInvoice }),
    });
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Validate payment for INV-MP-2026-000001' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Validate Payment' });
    await userEvent.type(within(dialog).getByLabelText('Remarks (optional)'), 'Seen');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Validate Payment' }));
    await screen.findByText('Payment validated');
    const call = calls.find((entry) => entry.path.endsWith('/validate-payment'));
    expect(call?.body).toEqual({ validationNotes: 'Seen' });
  });

  it("names the invoice's pending payments in Reject Payment, read with the invoice whole", async () => {
    stubApi(lists);
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject payment for INV-MP-2026-000001' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reject Payment' });
    expect(dialog).toHaveTextContent(
      'The 1 pending payment of INV-MP-2026-000001 will be marked rejected',
    );
  });

  it('says why Reject Payment could not read the invoice, and opens no dialog', async () => {
    stubApi({
      ...lists,
      [`GET ${awaitingPath}`]: () =>
        jsonResponse({ success: false, error: 'SERVER', message: 'Database unavailable' }, 503),
    });
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Reject payment for INV-MP-2026-000001' }),
    );
    expect(
      await screen.findByText(
        'Error loading invoice: Server error occurred. Please try again later.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Reject Payment' })).not.toBeInTheDocument();
  });

  it('opens the details with the pending payment and the note buttons', async () => {
    stubApi(lists);
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(await screen.findByRole('button', { name: 'View INV-MP-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice Details' });
    expect(within(dialog).getByText('MBB-123456', { exact: false })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Credit note' }));
    expect(await screen.findByRole('dialog', { name: 'Credit note' })).toBeInTheDocument();
  });

  it('says why the details could not be read, and reads them again from Try Again', async () => {
    let failing = true;
    stubApi({
      ...lists,
      [`GET ${awaitingPath}`]: () =>
        failing
          ? jsonResponse({ success: false, error: 'SERVER', message: 'Database unavailable' }, 503)
          : jsonResponse({ success: true, invoice: awaitingInvoice }),
    });
    renderScreen(<InvoicesTab />, '/billing?tab=invoices');
    await userEvent.click(await screen.findByRole('button', { name: 'View INV-MP-2026-000001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice Details' });
    expect(within(dialog).getByText('INV-MP-2026-000001')).toBeInTheDocument();
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('Server error occurred. Please try again later.');

    failing = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('MBB-123456', { exact: false })).toBeInTheDocument();
  });
});
