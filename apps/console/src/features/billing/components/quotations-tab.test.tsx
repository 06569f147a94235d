import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import type { Quotation } from '@patrol/contracts';
import { billingQuotations, listAnswer, quotationAnswers } from './billing-test-data';
import { QuotationsTab } from './quotations-tab';

const [draft] = billingQuotations;
const draftPath = `/api/business/quotations/${draft!.id}`;
/** The draft as read whole: one line, which the list leaves out. */
const draftWhole: Quotation = {
  ...draft!,
  items: [
    {
      id: '00000000-0000-4000-8000-000000000251',
      productId: null,
      productName: 'Patrol guard hours',
      description: 'Night shift, November',
      quantity: 1,
      unitPrice: 1000,
      discount: 0,
      lineTotal: 1000,
      taxType: 'SERVICE_TAX',
      taxRate: 0.08,
      taxAmount: 80,
      licenceAction: null,
      renewalLicenceIds: [],
    },
  ],
};
const lists = {
  ...quotationAnswers([draftWhole, ...billingQuotations.slice(1)]),
  'GET /api/business/clients': listAnswer('clients', []),
};

function rowOf(number: string) {
  return screen.getByText(number).closest('tr')!;
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('QuotationsTab', () => {
  it('offers each status its workflow: accept or reject a draft, convert an accepted one', async () => {
    stubApi(lists);
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await screen.findByText('QUO-MP-2026-000002');
    const draftRow = rowOf('QUO-MP-2026-000001');
    expect(within(draftRow).getByRole('button', { name: 'Mark Accepted' })).toBeInTheDocument();
    expect(within(draftRow).getByRole('button', { name: 'Mark Rejected' })).toBeInTheDocument();
    const accepted = rowOf('QUO-MP-2026-000002');
    expect(
      within(accepted).getByRole('button', { name: 'Convert to Invoice' }),
    ).toBeInTheDocument();
    expect(within(accepted).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  });

  it('marks a draft accepted only after confirming', async () => {
    const calls = stubApi({
      ...lists,
      [`PUT ${draftPath}/status`]: () =>
        jsonResponse({ success: true, message: 'Quotation status updated', quotation: draft }),
    });
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await screen.findByText('QUO-MP-2026-000001');
    await userEvent.click(
      within(rowOf('QUO-MP-2026-000001')).getByRole('button', { name: 'Mark Accepted' }),
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Mark quotation accepted?' });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark Accepted' }));
    await screen.findByText('Quotation status updated');
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'accepted' });
  });

  it('puts the status back and says why when the server refuses a rejection', async () => {
    stubApi({
      ...lists,
      [`PUT ${draftPath}/status`]: () =>
        jsonResponse({ success: false, error: 'CONFLICT', message: 'Already answered' }, 409),
    });
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await screen.findByText('QUO-MP-2026-000001');
    await userEvent.click(
      within(rowOf('QUO-MP-2026-000001')).getByRole('button', { name: 'Mark Rejected' }),
    );
    await screen.findByText('Error updating quotation status: Already answered');
    await vi.waitFor(() =>
      expect(within(rowOf('QUO-MP-2026-000001')).getByText('Draft')).toBeInTheDocument(),
    );
  });

  it('deletes a draft after confirming and takes it off the list', async () => {
    const calls = stubApi({
      ...lists,
      [`DELETE ${draftPath}`]: () =>
        jsonResponse({ success: true, message: 'Quotation deleted successfully' }),
    });
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete QUO-MP-2026-000001' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete quotation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Quotation deleted successfully');
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows the lines in the details, read with the quotation whole', async () => {
    stubApi(lists);
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await userEvent.click(await screen.findByRole('button', { name: 'View QUO-MP-2026-000001' }));
    const dialog = screen.getByRole('dialog', { name: 'Quotation Details' });
    expect(await within(dialog).findByText('Patrol guard hours')).toBeInTheDocument();
    expect(within(dialog).getByText('Night shift, November')).toBeInTheDocument();
  });

  it('opens Edit Quotation on the lines read whole', async () => {
    stubApi(lists);
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit QUO-MP-2026-000001' }));
    const form = await screen.findByRole('dialog', { name: 'Edit Quotation' });
    expect(within(form).getByLabelText('Item 1 name')).toHaveValue('Patrol guard hours');
    expect(within(form).getByLabelText('Item 1 description')).toHaveValue('Night shift, November');
  });

  it('says why a quotation could not be read for editing, and opens no form', async () => {
    stubApi({
      ...lists,
      [`GET ${draftPath}`]: () =>
        jsonResponse({ success: false, error: 'NOT_FOUND', message: 'Quotation not found' }, 404),
    });
    renderScreen(<QuotationsTab />, '/billing?tab=quotations');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit QUO-MP-2026-000001' }));
    expect(
      await screen.findByText('Error loading quotation: Quotation not found'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Edit Quotation' })).not.toBeInTheDocument();
  });
});
