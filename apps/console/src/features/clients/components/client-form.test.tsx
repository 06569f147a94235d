import { emptyClientEInvoice } from '@patrol/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ClientForm } from '@/features/clients/components/client-form';
import { ApiError } from '@/lib/api-client';

const filled = {
  companyId: 'ACME-001',
  companyName: 'Acme Security Sdn Bhd',
  contactPerson: 'Nur Aina',
  email: 'ops@acme.example.com',
  phone: '+60 12-345 6789',
  address: 'Kuala Lumpur',
  eInvoice: emptyClientEInvoice,
};

describe('ClientForm', () => {
  it('shows the spec message under every empty field and sends nothing', async () => {
    const onSubmit = vi.fn();
    render(
      <ClientForm
        mode="add"
        submitLabel="Add Client"
        pendingLabel="Adding..."
        onSubmit={onSubmit}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    for (const message of [
      'Company ID is required',
      'Company name is required',
      'Contact person is required',
      'Email is required',
      'Phone number is required',
      'Address is required',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and lowercases a valid one', async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(
      <ClientForm
        mode="add"
        submitLabel="Add Client"
        pendingLabel="Adding..."
        onSubmit={onSubmit}
      />,
    );
    for (const [label, value] of [
      ['Company ID', filled.companyId],
      ['Company Name', filled.companyName],
      ['Contact Person', filled.contactPerson],
      ['Email', 'not-an-email'],
      ['Phone Number', filled.phone],
      ['Address', filled.address],
    ] as const) {
      await userEvent.type(screen.getByLabelText(label), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'Ops@Acme.Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Add Client' }));
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ ...filled, email: 'ops@acme.example.com' }),
    );
  });

  it('keeps companyId read-only when editing and puts server field errors under the fields', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(409, 'CONFLICT', 'Email already used', { email: 'Email already used' });
    });
    render(
      <ClientForm
        mode="edit"
        initialValues={filled}
        submitLabel="Update Client"
        pendingLabel="Updating..."
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByLabelText('Company ID')).toHaveAttribute('readonly');
    await userEvent.click(screen.getByRole('button', { name: 'Update Client' }));
    expect(await screen.findByText('Email already used')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith(filled);
  });
});
