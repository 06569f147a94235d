import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountMenu } from '@/features/account/components/account-menu';
import { sessionStore } from '@/lib/session-storage';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

async function open(item: string) {
  signInAs(testUsers.sales);
  renderScreen(<AccountMenu />);
  await userEvent.click(screen.getByRole('button', { name: 'My account' }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
  return screen.findByRole('dialog', { name: item });
}

describe('AccountMenu', () => {
  it('changes the password with the current one and a code, then signs out', async () => {
    const calls = stubApi({
      'POST /api/auth/change-password': () =>
        jsonResponse({
          success: true,
          message: 'Password changed. Sign in again with your new password.',
        }),
      'POST /api/auth/logout': () => jsonResponse({ success: true, message: 'ok' }),
    });
    const dialog = await open('Change Password');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(await within(dialog).findByText('Current password is required')).toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Current password'), 'Old-password-1');
    await userEvent.type(within(dialog).getByLabelText('New password'), 'New-password-2');
    await userEvent.type(within(dialog).getByLabelText('Code from your authenticator'), '123456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change Password' }));
    expect(
      await screen.findByText('Password changed. Sign in again with your new password.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/change-password')?.body).toEqual({
      currentPassword: 'Old-password-1',
      newPassword: 'New-password-2',
      code: '123456',
    });
    await waitFor(() => expect(sessionStore.getToken()).toBeNull());
  });

  it('shows how many backup codes are left and a fresh set after a code', async () => {
    const fresh = Array.from({ length: 10 }, (_, index) => String(10_000_000 + index));
    stubApi({
      'GET /api/auth/backup-codes': () => jsonResponse({ success: true, remaining: 7, total: 10 }),
      'POST /api/auth/backup-codes': () =>
        jsonResponse({
          success: true,
          message: 'New backup codes are ready. The old ones no longer work.',
          backupCodes: fresh,
        }),
    });
    const dialog = await open('Backup Codes');
    expect(await within(dialog).findByText('7 of 10 backup codes left.')).toBeInTheDocument();
    const generate = within(dialog).getByRole('button', { name: 'Generate New Codes' });
    expect(generate).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Code from your authenticator'), '12a3456');
    await userEvent.click(generate);
    const list = await within(dialog).findByRole('list', { name: 'New backup codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });
});
