import type { Invoice, InvoiceNote } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';
import { unpaidInvoice } from './billing-test-data';
import { InvoiceNotesOfInvoice } from './invoice-notes-of-invoice';
import { InvoiceNotesSection } from './invoice-notes-section';

const userOf = (role: string) => roleTemplateUsers.find(([name]) => name === role)![1];

const invoice: Invoice = {
  ...unpaidInvoice,
  id: '00000000-0000-4000-8000-000000000402',
  invoiceNumber: 'INV-MP-2026-000010',
  creditedAmount: 20,
  refundedAmount: 5,
  refundDue: 15,
};

const refundNote: InvoiceNote = {
  id: '00000000-0000-4000-8000-000000000401',
  kind: 'refund',
  noteNumber: 'RN-MP-2026-000002',
  invoiceId: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  clientId: null,
  clientInfo: {
    companyName: 'Aman Guards Sdn Bhd',
    contactPerson: 'Nur Aina',
    email: 'ops@aman.test',
    address: 'Kuala Lumpur',
    phone: '+60123456789',
  },
  issueDate: '2026-11-27',
  reason: 'Overcharge paid back',
  lineItems: [
    {
      description: 'Overcharge paid back',
      quantity: 1,
      unitPrice: 5,
      taxType: 'EXEMPT',
      taxRate: 0,
      taxAmount: 0,
      lineTotal: 5,
    },
  ],
  subtotal: 5,
  taxAmount: 0,
  totalAmount: 5,
  taxSummary: [],
  invoiceOwedAfter: 196,
  refundDue: 15,
  refund: { method: 'bank_transfer', refundDate: '2026-11-27', reference: 'RF-9' },
  createdBy: null,
  createdAt: '2026-11-27T09:00:00.000Z',
};

const page = (notes: InvoiceNote[]) =>
  jsonResponse({
    success: true,
    notes,
    pagination: { page: 1, limit: 20, totalCount: notes.length, totalPages: 1 },
  });

function stubNotes() {
  return stubApi({
    'GET /api/business/credit-notes': () => page([]),
    'GET /api/business/debit-notes': () => page([]),
    'GET /api/business/refund-notes': () => page([refundNote]),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('notes of an invoice', { timeout: 15_000 }, () => {
  it('lists its refund notes with their PDF and offers Issue refund note while a refund is due', async () => {
    stubNotes();
    signInAs(userOf('accounts'));
    renderScreen(<InvoiceNotesOfInvoice invoice={invoice} />);
    const section = screen.getByRole('region', { name: 'Credit and debit notes' });
    expect(await within(section).findByText('RN-MP-2026-000002')).toBeInTheDocument();
    expect(within(section).getByText('Refund note')).toBeInTheDocument();
    expect(within(section).getByText('-RM 5.00')).toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: 'Download RN-MP-2026-000002 PDF' }),
    ).toBeInTheDocument();

    await userEvent.click(within(section).getByRole('button', { name: 'Issue refund note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund note' });
    expect(dialog).toHaveTextContent('refund due RM 15.00');
    expect(within(dialog).getByLabelText('Amount (RM)')).toHaveValue(15);
  });

  it('offers no refund note to a role without invoices.edit, or once nothing is due', async () => {
    stubNotes();
    signInAs(userOf('sales'));
    const { unmount } = renderScreen(<InvoiceNotesOfInvoice invoice={invoice} />);
    expect(await screen.findByText('RN-MP-2026-000002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue refund note' })).not.toBeInTheDocument();
    unmount();

    signInAs(userOf('accounts'));
    renderScreen(<InvoiceNotesOfInvoice invoice={{ ...invoice, refundDue: 0 }} />);
    expect(await screen.findByText('RN-MP-2026-000002')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Issue refund note' })).not.toBeInTheDocument();
  });
});

describe('Credit & debit notes section', { timeout: 15_000 }, () => {
  it('switches to refund notes', async () => {
    const calls = stubNotes();
    signInAs(userOf('accounts'));
    renderScreen(<InvoiceNotesSection />);
    expect(await screen.findByText('No credit notes found')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Note type'), 'refund');
    expect(await screen.findByText('RN-MP-2026-000002')).toBeInTheDocument();
    expect(calls.map((call) => call.path)).toContain('/api/business/refund-notes');
    expect(screen.getByRole('button', { name: 'Download RN-MP-2026-000002 PDF' })).toBeEnabled();
  });
});
