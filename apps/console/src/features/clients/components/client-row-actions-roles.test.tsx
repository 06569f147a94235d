import { emptyClientEInvoice, type Client, type ConsoleActionName } from '@patrol/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientRowActions } from '@/features/clients/components/client-row-actions';
import { renderScreen, stubApi } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { signInAs } from '@/test/test-utils';

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
  eInvoice: emptyClientEInvoice,
  boundLicenceCount: 1,
};

/** Each entry of the client menu and the API action behind it (consoleActions). */
const menuActions: Record<string, ConsoleActionName> = {
  'Edit Client': 'editClient',
  Deactivate: 'setClientStatus',
  'Delete Client': 'deleteClient',
};

afterEach(() => vi.unstubAllGlobals());

describe('ClientRowActions for each role template', () => {
  it.each(roleTemplateUsers)(
    '%s is offered exactly the client actions the API allows it',
    async (_role, user) => {
      stubApi({});
      signInAs(user);
      renderScreen(<ClientRowActions client={client} />);
      const expected = permittedActions(user, menuActions);
      const trigger = screen.queryByRole('button', { name: 'Actions for Acme 1 Sdn Bhd' });
      if (expected.length === 0) {
        expect(trigger).toBeNull();
        return;
      }
      await userEvent.click(trigger!);
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent?.trim() ?? '').sort()).toEqual(expected);
    },
  );
});
