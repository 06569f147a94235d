import { emptyClientEInvoice, type Client, type ListClientsResponse } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clientDataUnavailableMessage } from '@/features/clients/api/get-clients';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { breakers } from '@/lib/breaker';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const client: Client = {
  id: '00000000-0000-4000-8000-000000000201',
  companyId: 'ACME-1',
  companyName: 'Acme 1 Sdn Bhd',
  contactPerson: 'Nur Aina',
  email: 'ops1@acme.test',
  phone: '+60 12-345 6789',
  address: 'Kuala Lumpur',
  active: true,
  createdAt: '2026-03-02T01:30:00.000Z',
  updatedAt: '2026-03-02T01:30:00.000Z',
  licenceCount: 0,
  eInvoice: emptyClientEInvoice,
  boundLicenceCount: 0,
};

function list(clients: Client[]): ListClientsResponse {
  return {
    success: true,
    clients,
    pagination: {
      currentPage: 1,
      totalPages: clients.length ? 1 : 0,
      totalCount: clients.length,
      limit: 10,
      hasNext: false,
      hasPrev: false,
    },
    summary: {
      totalClients: clients.length,
      activeClients: clients.length,
      totalLicences: 0,
      newThisMonth: 0,
    },
  };
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  breakers.resetAll();
});

describe('deleting a client from the list', () => {
  it('refreshes the list normally: the breaker stays closed, no error is shown', async () => {
    let deleted = false;
    const calls = stubApi({
      'GET /api/clients': () => jsonResponse(list(deleted ? [] : [client])),
      // A detail read racing the delete answers 404: the server answering, not failing.
      'GET /api/clients/ACME-1': () =>
        jsonResponse({ success: false, error: 'NOT_FOUND', message: 'Client not found' }, 404),
      'DELETE /api/clients/ACME-1': () => {
        deleted = true;
        return jsonResponse({ success: true, message: 'Client deleted successfully' });
      },
    });
    renderScreen(<ClientsPage />, '/clients');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Actions for Acme 1 Sdn Bhd' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Client' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete client Acme 1 Sdn Bhd?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Client' }));

    expect(await screen.findByText('Client deleted successfully')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Actions for Acme 1 Sdn Bhd' })).toBeNull(),
    );
    await vi.waitFor(
      () => expect(calls.filter((call) => call.path === '/api/clients').length).toBe(2),
      { timeout: 4_000 },
    );
    expect(screen.queryByText(clientDataUnavailableMessage)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(breakers.get('clientData').getHealth()).toMatchObject({
      state: 'CLOSED',
      failureCount: 0,
    });
  });
});
