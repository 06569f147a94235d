import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserFormDialog } from '@/features/users/components/user-form-dialog';
import { sampleUsers } from '@/features/users/components/users-test-data';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

function renderDialog(user: Parameters<typeof UserFormDialog>[0]['user'] = null) {
  const onOpenChange = vi.fn();
  signInAs(testUsers.superadmin);
  renderScreen(<UserFormDialog open onOpenChange={onOpenChange} user={user} />);
  return { onOpenChange };
}

describe('UserFormDialog', () => {
  it("shows the spec's messages for an empty new user and sends nothing", async () => {
    const calls = stubApi({});
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('Full name is required')).toBeInTheDocument();
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required for new users')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the email pattern and the password length', async () => {
    stubApi({});
    renderDialog();
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument();
  });

  it("states the password rules before any error, as the password field's description", async () => {
    stubApi({});
    renderDialog();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'Password must be at least 6 characters long Password must be 128 characters or less',
    );
  });

  it('shows and hides the password', async () => {
    stubApi({});
    renderDialog();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('creates a user with the chosen role and closes', async () => {
    const calls = stubApi({
      'POST /api/users': () =>
        jsonResponse({ success: true, data: { user: sampleUsers.sam } }, 201),
    });
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sam Lee');
    await userEvent.type(screen.getByLabelText('Username'), 'sam');
    await userEvent.type(screen.getByLabelText('Email'), 'Sam@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'Accounts Staff');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      fullName: 'Sam Lee',
      username: 'sam',
      email: 'sam@example.com',
      password: 'secret1',
      role: 'accounts',
      status: 'active',
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("puts the server's 409 messages under the username and email", async () => {
    stubApi({
      'POST /api/users': () =>
        jsonResponse(
          {
            success: false,
            error: 'CONFLICT',
            message: 'Username already exists',
            errors: { username: 'Username already exists', email: 'Email already exists' },
          },
          409,
        ),
    });
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Full Name'), 'Sam Lee');
    await userEvent.type(screen.getByLabelText('Username'), 'sam');
    await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Create User' }));

    expect(await screen.findByText('Email already exists')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      'Username already exists',
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('edits without a password field and sends the profile fields only', async () => {
    const calls = stubApi({
      [`PUT /api/users/${sampleUsers.sam.id}`]: () =>
        jsonResponse({ success: true, data: { user: sampleUsers.sam } }),
    });
    renderDialog(sampleUsers.sam);
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Sam Lee');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Active');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({
      username: 'sam',
      email: 'sam@example.com',
      fullName: 'Sam Lee',
      role: 'sales',
      status: 'active',
    });
  });

  it('shows why saving failed and keeps the dialog open', async () => {
    stubApi({
      [`PUT /api/users/${sampleUsers.sam.id}`]: () => new Response('oops', { status: 500 }),
    });
    const { onOpenChange } = renderDialog(sampleUsers.sam);
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    // A 500 without the envelope surfaces as the transport message, never a blank toast.
    expect(await screen.findByText(/Server error occurred/)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("offers an Admin neither the administrator roles nor another user's email", async () => {
    stubApi({});
    const editedUser = sampleUsers.sam;
    signInAs({ ...testUsers.superadmin, id: 'admin-1', role: 'Admin' });
    renderScreen(<UserFormDialog open onOpenChange={vi.fn()} user={editedUser} />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(
      screen.getByText("Only a superadmin can change another user's email address."),
    ).toBeInTheDocument();
    const roleOptions = screen.getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(roleOptions).not.toContain('Admin');
    expect(roleOptions).not.toContain('superadmin');
    expect(roleOptions).toContain('sales');
  });

  it('asks before a new role replaces the permissions, and sends only once confirmed', async () => {
    const calls = stubApi({
      [`PUT /api/users/${sampleUsers.sam.id}`]: () =>
        jsonResponse({ success: true, data: { user: sampleUsers.sam } }),
    });
    renderDialog(sampleUsers.sam);
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'manager');
    expect(screen.getByText(/Saving gives this user the permissions of the/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(/individual grants and denials stay/);
    expect(calls).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(calls[0]!.body).toMatchObject({ role: 'manager' });
  });

  it('warns that suspending signs the user out', async () => {
    stubApi({});
    renderDialog({ ...sampleUsers.sam, status: 'active' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Suspended');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      /signed out everywhere and cannot sign in until it is active again/,
    );
  });

  it("does not offer one's own role and status", () => {
    stubApi({});
    signInAs(testUsers.superadmin);
    renderScreen(
      <UserFormDialog
        open
        onOpenChange={vi.fn()}
        user={{ ...sampleUsers.sam, id: testUsers.superadmin.id, role: 'superadmin' }}
      />,
    );
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Status')).not.toBeInTheDocument();
    expect(screen.getByText(/can only be changed by another administrator/)).toBeInTheDocument();
  });
});
