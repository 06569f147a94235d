import { roleTemplates } from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsersPage } from '@/features/users/components/users-page';
import { sampleUsers, usersPage } from '@/features/users/components/users-test-data';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

describe('UsersPage', () => {
  it('denies everyone but a superadmin, even with users.view', async () => {
    const calls = stubApi({});
    signInAs({ ...testUsers.sales, role: 'manager', permissions: roleTemplates.manager });
    renderScreen(<UsersPage />);

    const denied = screen.getByRole('alert');
    expect(within(denied).getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    // The page names the real rule, not a permission the manager already holds.
    expect(denied).toHaveTextContent('This page is for the Super Administrator role only.');
    expect(denied).toHaveTextContent('Your role: Manager');
    expect(denied).not.toHaveTextContent('Required permissions');
    expect(screen.queryByRole('button', { name: 'Add User' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('lists users with role and status badges, last login or Never, and the count', async () => {
    stubApi({
      'GET /api/users': () => jsonResponse(usersPage([sampleUsers.root, sampleUsers.sam])),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);

    const samRow = (await screen.findByText('Sam Lee')).closest('tr')!;
    expect(within(samRow).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(samRow).getByText('Sales Staff')).toBeInTheDocument();
    expect(within(samRow).getByText('Suspended')).toHaveAttribute('data-variant', 'danger');
    expect(within(samRow).getByText('Never')).toBeInTheDocument();
    const rootRow = screen.getByText('Aisha Rahman').closest('tr')!;
    expect(within(rootRow).getByText('Super Administrator')).toBeInTheDocument();
    expect(within(rootRow).getByText('Active')).toHaveAttribute('data-variant', 'success');
    expect(within(rootRow).getByText('02/03/2026, 09:30')).toBeInTheDocument();
    expect(screen.getByText('2 users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
  });

  it('shows whether two-factor is set up, and filters and sorts on the server', async () => {
    const calls = stubApi({
      'GET /api/users': () => jsonResponse(usersPage([sampleUsers.root, sampleUsers.sam])),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />, '/users');
    const samRow = (await screen.findByText('Sam Lee')).closest('tr')!;
    expect(within(samRow).getByText('Not set up')).toBeInTheDocument();
    expect(
      within(screen.getByText('Aisha Rahman').closest('tr')!).getByText('Set up'),
    ).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Role'), 'sales');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await userEvent.click(screen.getByRole('button', { name: 'Last Login' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last Login' }));
    await waitFor(() => {
      const query = calls.at(-1)!.url.searchParams;
      expect(Object.fromEntries(query)).toMatchObject({
        role: 'sales',
        status: 'suspended',
        sortBy: 'lastLogin',
        sortOrder: 'desc',
      });
    });
    expect(screen.getByRole('columnheader', { name: 'Last Login' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  it('pages through the users on the server', async () => {
    const calls = stubApi({
      'GET /api/users': (request) => {
        const page = Number(request.url.searchParams.get('page') ?? 1);
        const answer = usersPage([page === 1 ? sampleUsers.root : sampleUsers.sam]);
        answer.data.pagination = { ...answer.data.pagination, currentPage: page, totalPages: 2 };
        return jsonResponse(answer);
      },
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />, '/users');
    await screen.findByText('Aisha Rahman');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'User pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Sam Lee')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it("resets another user's two-factor after a confirmation", async () => {
    const calls = stubApi({
      'GET /api/users': () => jsonResponse(usersPage([sampleUsers.root, sampleUsers.sam])),
      [`POST /api/users/${sampleUsers.sam.id}/reset-2fa`]: () =>
        jsonResponse({
          success: true,
          message:
            'Two-factor authentication was reset. Sam Lee sets it up again at the next sign-in.',
        }),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Sam Lee' }));
    // Sam is suspended: a reset link would be refused, so it is not offered.
    expect(await screen.findByRole('menuitem', { name: 'Send Password Reset' })).toHaveAttribute(
      'data-disabled',
    );
    await userEvent.click(screen.getByRole('menuitem', { name: 'Reset Two-Factor' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Reset Two-Factor for Sam Lee?',
    });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset Two-Factor' }));
    expect(
      await screen.findByText(
        'Two-factor authentication was reset. Sam Lee sets it up again at the next sign-in.',
      ),
    ).toBeInTheDocument();
  });

  it('sets a temporary password that the superadmin can see, change and copy', async () => {
    const active = { ...sampleUsers.sam, status: 'active' as const };
    const calls = stubApi({
      'GET /api/users': () => jsonResponse(usersPage([sampleUsers.root, active])),
      [`POST /api/users/${active.id}/temporary-password`]: () =>
        jsonResponse({ success: true, message: 'Temporary password set for Sam Lee.' }),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Sam Lee' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Set Temporary Password' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Set Temporary Password for Sam Lee?',
    });
    const password = within(dialog).getByLabelText('Temporary password');
    // A suggestion that meets the rules is there already; another can be asked for.
    const suggested = (password as HTMLInputElement).value;
    expect(suggested).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{12}$/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suggest another password' }));
    expect(password).not.toHaveValue(suggested);

    await userEvent.clear(password);
    await userEvent.type(password, 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Temporary Password' }));
    expect(
      await within(dialog).findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.clear(password);
    await userEvent.type(password, 'Handover2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Temporary Password' }));
    expect(await screen.findByText('Temporary password set for Sam Lee.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      password: 'Handover2026',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks a user whose password is temporary', async () => {
    stubApi({
      'GET /api/users': () =>
        jsonResponse(usersPage([{ ...sampleUsers.sam, mustChangePassword: true }])),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    expect(await screen.findByText('Temporary password')).toBeInTheDocument();
  });

  it("offers no recovery actions on one's own row", async () => {
    stubApi({
      'GET /api/users': () =>
        jsonResponse(usersPage([{ ...sampleUsers.root, id: testUsers.superadmin.id }])),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Aisha Rahman' }));
    await screen.findByRole('menuitem', { name: 'Manage Permissions' });
    expect(screen.queryByRole('menuitem', { name: 'Reset Two-Factor' })).not.toBeInTheDocument();
  });

  it('offers no Delete for a superadmin row', async () => {
    stubApi({
      'GET /api/users': () => jsonResponse(usersPage([sampleUsers.root, sampleUsers.sam])),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Aisha Rahman' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Manage Permissions' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('deletes a user after a confirmation that names them', async () => {
    let users = [sampleUsers.root, sampleUsers.sam];
    const calls = stubApi({
      'GET /api/users': () => jsonResponse(usersPage(users)),
      [`DELETE /api/users/${sampleUsers.sam.id}`]: () => {
        users = [sampleUsers.root];
        return jsonResponse({ success: true, message: 'User deleted successfully' });
      },
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Sam Lee' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete user Sam Lee?');
    expect(confirm).toHaveTextContent('cannot be undone');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete User' }));

    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sam Lee')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
  });

  it('searches through the API after a pause in typing', async () => {
    const calls = stubApi({ 'GET /api/users': () => jsonResponse(usersPage([sampleUsers.sam])) });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    await screen.findByText('Sam Lee');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search users' }), 'sam');
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('search')).toBe('sam'));
    expect(calls.filter((call) => call.url.searchParams.get('search') === 's')).toHaveLength(0);
  });

  it("says 'Failed to fetch users' when the list cannot be loaded", async () => {
    stubApi({
      'GET /api/users': () =>
        jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'boom' }, 500),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    // The toast and the table's own message.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch users')).toHaveLength(2));
  });

  it('tells an unsuccessful answer apart', async () => {
    stubApi({ 'GET /api/users': () => jsonResponse({ success: false }) });
    signInAs(testUsers.superadmin);
    renderScreen(<UsersPage />);
    expect(
      await screen.findByText('Failed to fetch users - API returned unsuccessful response'),
    ).toBeInTheDocument();
  });
});
