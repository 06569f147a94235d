import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import { billingQuotations, listAnswer } from './billing-test-data';
import { QuotationsTab } from './quotations-tab';

const [draft] = billingQuotations;
const draftPath = `/api/business/quotations/${draft!.id}`;
const lists = {
  'GET /api/business/quotations': listAnswer('quotations', billingQuotations),
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
});
