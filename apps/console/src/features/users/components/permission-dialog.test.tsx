import { permissionKeys, roleTemplates, type Permission } from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PermissionDialog,
  permissionMessages,
} from '@/features/users/components/permission-dialog';
import { sampleUsers } from '@/features/users/components/users-test-data';
import { permissionsRereadDelayMs } from '@/features/users/api/update-user-permissions';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

afterEach(async () => {
  // A save re-reads the permissions a second later, after the dialog has gone: run that read
  // while this file's fetch stub still answers, not in whichever file the worker runs next.
  if (vi.isFakeTimers()) await vi.runOnlyPendingTimersAsync();
  // Sonner keeps toasts in a module-wide store that would replay into the next test.
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const sam = sampleUsers.sam;
const permissionsPath = `GET /api/users/${sam.id}/permissions`;

function permissionsAnswer(
  effectivePermissions: Permission[],
  customPermissions: { granted: Permission[]; denied: Permission[] } = { granted: [], denied: [] },
) {
  return jsonResponse({
    success: true,
    data: {
      permissions: {
        role: 'sales',
        permissions: effectivePermissions,
        customPermissions,
        effectivePermissions,
      },
    },
  });
}

/** Clear All, confirmed in its warning. */
async function clearAll() {
  await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
  const warning = await screen.findByRole('alertdialog', { name: 'Clear every permission?' });
  await userEvent.click(within(warning).getByRole('button', { name: 'Clear All' }));
}

function figure(label: string) {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent;
}

async function openDialog({ isSelf = false } = {}) {
  signInAs(testUsers.superadmin);
  const onClose = vi.fn();
  renderScreen(<PermissionDialog user={sam} isSelf={isSelf} onClose={onClose} />);
  await screen.findByRole('switch', { name: /View dashboard/ });
  return { onClose };
}

// 32 switches under user-event: a loaded machine needs more than the default 5 s.
describe('PermissionDialog', { timeout: 20_000 }, () => {
  it("grants and denies single permissions to this user, and saves them as the user's own", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let saved: Permission[] = roleTemplates.sales;
    const calls = stubApi({
      [permissionsPath]: () => permissionsAnswer(saved),
      [`PUT /api/users/${sam.id}`]: (call) => {
        saved = (call.body as { permissions: Permission[] }).permissions;
        return jsonResponse({ success: true, data: { user: sam } });
      },
    });
    await openDialog();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'View clients: this user only' }),
      'denied',
    );
    expect(screen.getByRole('switch', { name: /View clients/ })).not.toBeChecked();
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Export reports: this user only' }),
      'granted',
    );
    expect(screen.getByRole('switch', { name: /Export reports/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        customPermissions: { granted: ['reports.export'], denied: ['clients.view'] },
      }),
    );
    // The re-read a second later agrees, so no warning is left for the next test.
    await vi.advanceTimersByTimeAsync(permissionsRereadDelayMs + 500);
    expect(screen.queryByText(permissionMessages.mismatch)).not.toBeInTheDocument();
  });

  it('starts from the effective permissions with their counts and coverage', async () => {
    stubApi({ [permissionsPath]: () => permissionsAnswer(roleTemplates.sales) });
    await openDialog();

    expect(figure('Granted')).toBe('8');
    // Nothing is denied to this user explicitly; the 24 unchecked ones are merely not granted.
    expect(figure('Denied')).toBe('0');
    expect(figure('Total Available')).toBe(String(permissionKeys.length));
    expect(figure('Coverage')).toBe('25%');
    expect(screen.getByRole('switch', { name: /Create quotations/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Delete quotations/ })).not.toBeChecked();
    // Quotations 3 of 4 is yellow, dashboard 1 of 1 green, users 0 of 4 red.
    expect(screen.getByTestId('coverage-quotations')).toHaveTextContent('3/4 · 75%');
    expect(screen.getByTestId('coverage-quotations')).toHaveClass('text-yellow-700');
    expect(screen.getByTestId('coverage-dashboard')).toHaveClass('text-green-700');
    expect(screen.getByTestId('coverage-users')).toHaveClass('text-red-700');
  });

  it('counts as Denied only the permissions denied to this user explicitly', async () => {
    stubApi({
      [permissionsPath]: () =>
        permissionsAnswer(
          roleTemplates.sales.filter((key) => key !== 'clients.view'),
          {
            granted: [],
            denied: ['clients.view'],
          },
        ),
    });
    await openDialog();
    expect(figure('Denied')).toBe('1');

    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Export reports: this user only' }),
      'denied',
    );
    expect(figure('Denied')).toBe('2');
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'View clients: this user only' }),
      'none',
    );
    expect(figure('Denied')).toBe('1');
  });

  it('toggles single permissions, applies role templates, clears and grants all', async () => {
    stubApi({ [permissionsPath]: () => permissionsAnswer(roleTemplates.sales) });
    await openDialog();

    await userEvent.click(screen.getByRole('switch', { name: /Delete quotations/ }));
    expect(figure('Granted')).toBe('9');
    expect(screen.getByTestId('coverage-quotations')).toHaveClass('text-green-700');

    await userEvent.click(screen.getByRole('button', { name: 'Manager' }));
    expect(figure('Granted')).toBe(String(roleTemplates.manager.length));
    expect(screen.getByRole('switch', { name: /Delete quotations/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Export reports/ })).toBeChecked();

    await clearAll();
    expect(figure('Granted')).toBe('0');
    expect(figure('Denied')).toBe('0');
    expect(figure('Coverage')).toBe('0%');

    await userEvent.click(screen.getByRole('button', { name: 'Grant All' }));
    expect(figure('Granted')).toBe(String(permissionKeys.length));
    expect(figure('Coverage')).toBe('100%');
  });

  it('saves the checked set and warns when the re-read does not match', async () => {
    // The re-read waits a second: the clock skips it instead of the test sitting through it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let readCount = 0;
    const calls = stubApi({
      // The first read opens the dialog; the re-read after saving still shows the old set.
      [permissionsPath]: () => {
        readCount += 1;
        return permissionsAnswer(roleTemplates.sales);
      },
      [`PUT /api/users/${sam.id}`]: () => jsonResponse({ success: true, data: { user: sam } }),
    });
    const { onClose } = await openDialog();
    await clearAll();
    await userEvent.click(screen.getByRole('switch', { name: /View clients/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));

    expect(await screen.findByText(permissionMessages.saved)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      permissions: ['clients.view'],
      customPermissions: { granted: [], denied: [] },
    });
    await vi.advanceTimersByTimeAsync(permissionsRereadDelayMs);
    expect(await screen.findByText(permissionMessages.mismatch)).toBeInTheDocument();
    // The dialog's own read, then the re-read (the test keeps the dialog open, so the cache
    // refresh after saving reads once more).
    expect(readCount).toBeGreaterThanOrEqual(2);
  });

  it('stays quiet when the re-read matches, and tells a user editing itself to sign in again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let saved: Permission[] = roleTemplates.sales;
    stubApi({
      [permissionsPath]: () => permissionsAnswer(saved),
      [`PUT /api/users/${sam.id}`]: (call) => {
        saved = (call.body as { permissions: Permission[] }).permissions;
        return jsonResponse({ success: true, data: { user: sam } });
      },
    });
    await openDialog({ isSelf: true });
    await userEvent.click(screen.getByRole('button', { name: 'Administrator' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));

    expect(await screen.findByText(permissionMessages.ownPermissions)).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(permissionsRereadDelayMs + 500);
    expect(screen.queryByText(permissionMessages.mismatch)).not.toBeInTheDocument();
    expect(saved).toEqual(roleTemplates.Admin);
  });

  it("says 'Failed to update permissions' when saving fails", async () => {
    stubApi({
      [permissionsPath]: () => permissionsAnswer(roleTemplates.sales),
      [`PUT /api/users/${sam.id}`]: () =>
        jsonResponse({ success: false, error: 'FORBIDDEN', message: 'Forbidden' }, 403),
    });
    const { onClose } = await openDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    expect(await screen.findByText(permissionMessages.saveFailed)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("says 'Failed to load user permissions' when they cannot be read", async () => {
    stubApi({
      [permissionsPath]: () =>
        jsonResponse({ success: false, error: 'NOT_FOUND', message: 'User not found' }, 404),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<PermissionDialog user={sam} isSelf={false} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(permissionMessages.loadFailed),
    );
  });

  it("shows the user's own grants and denials and keeps them when saving", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const effective = [
      ...roleTemplates.sales.filter((permission) => permission !== 'quotations.create'),
      'reports.view' as Permission,
    ];
    const calls = stubApi({
      [permissionsPath]: () =>
        permissionsAnswer(effective, { granted: ['reports.view'], denied: ['quotations.create'] }),
      [`PUT /api/users/${sam.id}`]: () => jsonResponse({ success: true, data: { user: sam } }),
    });
    await openDialog();
    expect(screen.getByText('granted to this user')).toBeInTheDocument();
    expect(screen.getByText('denied to this user')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: /Delete quotations/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    await screen.findByText(permissionMessages.saved);
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      customPermissions: { granted: ['reports.view'], denied: ['quotations.create'] },
    });
  });

  it('drops an override the checked set no longer agrees with', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubApi({
      [permissionsPath]: () =>
        permissionsAnswer([...roleTemplates.sales, 'reports.view'], {
          granted: ['reports.view'],
          denied: [],
        }),
      [`PUT /api/users/${sam.id}`]: () => jsonResponse({ success: true, data: { user: sam } }),
    });
    await openDialog();
    await userEvent.click(screen.getByRole('switch', { name: /View reports/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Permissions' }));
    await screen.findByText(permissionMessages.saved);
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      customPermissions: { granted: [], denied: [] },
    });
  });
});
