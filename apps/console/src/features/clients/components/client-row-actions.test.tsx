import { emptyClientEInvoice, type Client } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientRowActions } from '@/features/clients/components/client-row-actions';
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
  licenceCount: 2,
  boundLicenceCount: 1,
  eInvoice: emptyClientEInvoice,
};

afterEach(() => vi.unstubAllGlobals());

describe('ClientRowActions', () => {
  it('asks before deactivating a client, and only then calls the server', async () => {
    const calls = stubApi({
      [`PATCH /api/clients/${client.id}/status`]: () =>
        jsonResponse({ success: true, client: { ...client, active: false } }),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<ClientRowActions client={client} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Acme 1 Sdn Bhd' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Deactivate client Acme 1 Sdn Bhd?',
    });
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Client deactivated successfully')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: false });
  });

  it('activates an inactive client at once', async () => {
    const calls = stubApi({
      [`PATCH /api/clients/${client.id}/status`]: () =>
        jsonResponse({ success: true, client: { ...client, active: true } }),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<ClientRowActions client={{ ...client, active: false }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Acme 1 Sdn Bhd' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Activate' }));
    expect(await screen.findByText('Client activated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ active: true });
  });

  it('shows a refusal inside the dialog, in words, and stays usable', async () => {
    stubApi({
      [`DELETE /api/clients/${client.companyId}`]: () =>
        jsonResponse({ success: false, error: 'FORBIDDEN', message: 'Forbidden' }, 403),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<ClientRowActions client={client} />);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Acme 1 Sdn Bhd' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete Client' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Delete client Acme 1 Sdn Bhd?',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete Client' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are no longer allowed to delete clients.',
    );
    expect(dialog).not.toHaveTextContent('clients.delete');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
