import type { AuditEntry } from '@patrol/contracts';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditTable } from '@/features/audit/components/audit-table';

const actor = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'nurul',
  fullName: 'Nurul Accounts',
};

const payment: AuditEntry = {
  id: '00000000-0000-4000-8000-000000000401',
  action: 'payment.recorded',
  actionLabel: 'Payment recorded',
  entityType: 'payment',
  entityId: '00000000-0000-4000-8000-000000000402',
  entityLabel: 'INV-MP-2026-000017',
  clientName: 'Acme Security Sdn Bhd',
  actor,
  changes: {
    id: { before: null, after: '00000000-0000-4000-8000-000000000402' },
    invoiceId: { before: null, after: '00000000-0000-4000-8000-000000000405' },
    notes: { before: null, after: '' },
    amount: { before: null, after: '150.00' },
    paymentMethod: { before: null, after: 'bank_transfer' },
  },
  createdAt: '2026-11-24T16:30:00.000Z',
  requestId: 'req-42',
};

const unlabelled: AuditEntry = {
  ...payment,
  id: '00000000-0000-4000-8000-000000000403',
  action: 'ota.version_activated',
  actionLabel: 'Ota version activated',
  entityType: 'ota_version',
  entityId: '9f1c2d3e-0000-4000-8000-000000000404',
  entityLabel: null,
  clientName: null,
  actor: null,
  changes: { lines: { before: null, after: [{ quantity: 1 }, { quantity: 2 }] } },
};

describe('AuditTable', () => {
  it('reads as an accountant reads: number, client, action in words, company time', () => {
    render(<AuditTable entries={[payment]} timeZone="Asia/Kuala_Lumpur" />);
    const row = screen.getByText('INV-MP-2026-000017').closest('tr')!;
    expect(within(row).getByText('Acme Security Sdn Bhd')).toBeInTheDocument();
    expect(within(row).getByText('Payment recorded')).toHaveAttribute('title', 'payment.recorded');
    expect(within(row).getByText('Nurul Accounts')).toBeInTheDocument();
    // 16:30 UTC is half past midnight the next day in Kuala Lumpur.
    expect(within(row).getByText('25/11/2026, 00:30')).toHaveAttribute('title', 'Request req-42');
    expect(within(row).getByText(/\(empty\) → 150\.00/)).toBeInTheDocument();
    expect(within(row).getByText('Payment method')).toBeInTheDocument();
    // Ids and fields that read the same before and after are left out.
    expect(within(row).queryByText(/00000000-0000/)).not.toBeInTheDocument();
    expect(within(row).queryByText('Notes')).not.toBeInTheDocument();
  });

  it('shows times in the time zone it is given', () => {
    render(<AuditTable entries={[payment]} timeZone="UTC" />);
    expect(screen.getByText('24/11/2026, 16:30')).toBeInTheDocument();
  });

  it('falls back to the kind and a short id, a deleted user, and counts lines', () => {
    render(<AuditTable entries={[unlabelled]} timeZone="Asia/Kuala_Lumpur" />);
    const row = screen.getByText('Deleted user').closest('tr')!;
    expect(within(row).getByText('9f1c2d3e')).toHaveAttribute('title', unlabelled.entityId);
    expect(within(row).getAllByText('Ota Version')).not.toHaveLength(0);
    expect(within(row).getByText(/\(empty\) → 2 lines/)).toBeInTheDocument();
  });

  it('names who acted on sessions: nobody proven for a refused sign-in, the system for a revocation', () => {
    const refused: AuditEntry = {
      ...payment,
      id: '00000000-0000-4000-8000-000000000406',
      action: 'session.sign_in_failed',
      actionLabel: 'Sign-in refused',
      entityType: 'session',
      entityId: 'nobody@example.test',
      entityLabel: 'nobody@example.test',
      clientName: null,
      actor: null,
      changes: {
        address: { before: null, after: '203.0.113.9' },
        reason: { before: null, after: 'unknown_account' },
      },
      requestId: null,
    };
    const revoked: AuditEntry = {
      ...refused,
      id: '00000000-0000-4000-8000-000000000407',
      action: 'session.revoked',
      actionLabel: 'Session ended by the server',
      entityLabel: 'Nurul Accounts',
    };
    render(<AuditTable entries={[refused, revoked]} timeZone="Asia/Kuala_Lumpur" />);
    const refusedRow = screen.getByText('Sign-in refused').closest('tr')!;
    expect(within(refusedRow).getByText('Not signed in')).toBeInTheDocument();
    expect(within(refusedRow).getByText(/\(empty\) → 203\.0\.113\.9/)).toBeInTheDocument();
    const revokedRow = screen.getByText('Session ended by the server').closest('tr')!;
    expect(within(revokedRow).getByText('System')).toBeInTheDocument();
    expect(screen.queryByText('Deleted user')).not.toBeInTheDocument();
  });

  it('names LHDN for an e-invoice status it reported and the patrol app for a device activation', () => {
    const validated: AuditEntry = {
      ...payment,
      id: '00000000-0000-4000-8000-000000000408',
      action: 'einvoice.validated',
      actionLabel: 'E-invoice validated by LHDN',
      entityType: 'einvoice',
      entityLabel: 'INV-2026-000001',
      actor: null,
      changes: { status: { before: 'submitted', after: 'valid' } },
      requestId: null,
    };
    const activated: AuditEntry = {
      ...validated,
      id: '00000000-0000-4000-8000-000000000409',
      action: 'licence.activated',
      actionLabel: 'Licence activated by the patrol app',
      entityType: 'licence',
      entityLabel: 'PTRL-ABCD-EFGH',
      changes: { bound: { before: false, after: true } },
    };
    render(<AuditTable entries={[validated, activated]} timeZone="Asia/Kuala_Lumpur" />);
    const validatedRow = screen.getByText('E-invoice validated by LHDN').closest('tr')!;
    expect(within(validatedRow).getByText('LHDN (MyInvois)')).toBeInTheDocument();
    const activatedRow = screen.getByText('Licence activated by the patrol app').closest('tr')!;
    expect(within(activatedRow).getByText('Patrol app')).toBeInTheDocument();
    expect(screen.queryByText('Deleted user')).not.toBeInTheDocument();
  });
});
