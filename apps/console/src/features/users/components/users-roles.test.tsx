import type { ConsoleActionName } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserRowActions } from '@/features/users/components/user-row-actions';
import { UsersPage } from '@/features/users/components/users-page';
import { sampleUsers, usersPage } from '@/features/users/components/users-test-data';
import { renderScreen, stubApi } from '@/test/fake-api';
import { permittedActions, roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';

/** Each entry of a user row's menu and the API action behind it (consoleActions). */
const menuActions: Record<string, ConsoleActionName> = {
  Edit: 'editUser',
  'Manage Permissions': 'manageUserPermissions',
  'Send Password Reset': 'sendPasswordReset',
  'Set Temporary Password': 'setTemporaryPassword',
  'Reset Two-Factor': 'resetTwoFactor',
  Delete: 'deleteUser',
};

const active = { ...sampleUsers.sam, status: 'active' as const };

afterEach(() => vi.unstubAllGlobals());

async function menuItems(name: string): Promise<string[]> {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent?.trim() ?? '').sort();
}

describe('the users screen for each role template', () => {
  it.each(roleTemplateUsers)(
    '%s sees Add User and the row actions only as the API allows them',
    async (role, user) => {
      const calls = stubApi({
        'GET /api/users': () => jsonResponse(usersPage([sampleUsers.root, active])),
      });
      signInAs(user);
      renderScreen(<UsersPage />);
      if (role !== 'superadmin') {
        // The page is the superadmin's (spec 2 sections 2.1 and 6): nothing to press, no call.
        expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Add User' })).toBeNull();
        expect(calls).toHaveLength(0);
        return;
      }
      expect(await screen.findByText('Sam Lee')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add User' }) !== null).toBe(
        canPerform(user, 'createUser'),
      );
      expect(await menuItems('Sam Lee')).toEqual(permittedActions(user, menuActions));
    },
  );

  it.each(roleTemplateUsers)(
    "%s is offered exactly the user row's actions the API allows it",
    async (_role, user) => {
      stubApi({});
      signInAs(user);
      renderScreen(<UserRowActions user={active} isSelf={false} onAction={vi.fn()} />);
      const expected = permittedActions(user, menuActions);
      if (expected.length === 0) {
        expect(screen.queryByRole('button', { name: 'Actions for Sam Lee' })).toBeNull();
        return;
      }
      expect(await menuItems('Sam Lee')).toEqual(expected);
    },
  );

  it('offers an Admin holding users.edit Edit only: the rest is a superadmin’s or needs permissions.manage', async () => {
    const [, admin] = roleTemplateUsers.find(([role]) => role === 'Admin')!;
    stubApi({});
    signInAs(admin);
    renderScreen(<UserRowActions user={active} isSelf={false} onAction={vi.fn()} />);
    expect(await menuItems('Sam Lee')).toEqual(['Edit']);
  });

  it('offers no account recovery on one’s own row, and no Delete for a superadmin', async () => {
    const [, superadmin] = roleTemplateUsers[0]!;
    stubApi({});
    signInAs(superadmin);
    renderScreen(<UserRowActions user={sampleUsers.root} isSelf onAction={vi.fn()} />);
    expect(await menuItems('Aisha Rahman')).toEqual(['Edit', 'Manage Permissions']);
  });
});
