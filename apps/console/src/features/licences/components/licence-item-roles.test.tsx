import type { ConsoleActionName, Licence } from '@patrol/contracts';
import { canExtendLicence } from '@patrol/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LicenceItem } from '@/features/licences/components/licence-item';
import { renderScreen, stubApi } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { signInAs } from '@/test/test-utils';

const now = new Date('2026-06-01T04:00:00.000Z');
const licence: Licence = {
  id: '00000000-0000-4000-8000-000000000001',
  key: 'MP-7K3Q-0001-ZX9D',
  clientId: '00000000-0000-4000-8000-000000000002',
  licenseType: 'Standard',
  validUntil: '2026-06-20T00:00:00.000Z',
  bound: false,
  deviceId: null,
  projectName: null,
  boundAt: null,
  lastDeviceActivity: null,
  features: [],
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  activationCount: 0,
  lastActivatedAt: null,
  paidBy: null,
  transfersLeft: 3,
};

/** Each entry of the licence menu and the API action behind it (consoleActions). */
const menuActions: Record<string, ConsoleActionName> = {
  Bind: 'bindLicence',
  Extend: 'extendLicence',
  Delete: 'deleteLicence',
};

afterEach(() => vi.unstubAllGlobals());

describe('LicenceItem for each role template', () => {
  it('offers Extend for this licence at all (else the test proves less)', () => {
    expect(canExtendLicence(licence.validUntil, now)).toBe(true);
  });

  it.each(roleTemplateUsers)(
    '%s is offered exactly the licence actions the API allows it',
    async (_role, user) => {
      stubApi({});
      signInAs(user);
      renderScreen(<LicenceItem licence={licence} now={now} onAction={vi.fn()} />);
      const expected = permittedActions(user, menuActions);
      const trigger = screen.queryByRole('button', { name: `Actions for licence ${licence.key}` });
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
