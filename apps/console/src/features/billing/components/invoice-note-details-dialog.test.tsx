import type { InvoiceNote } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';
import { InvoiceNotesTable } from './invoice-notes-table';

const note: InvoiceNote = {
  id: '00000000-0000-4000-8000-000000000301',
  kind: 'credit',
  noteNumber: 'CN-MP-2026-000004',
  invoiceId: '00000000-0000-4000-8000-000000000302',
  invoiceNumber: 'INV-MP-2026-000009',
  clientId: null,
  clientInfo: {
    companyName: 'Aman Guards Sdn Bhd',
    contactPerson: 'Nur Aina',
    email: 'ops@aman.test',
    address: 'Kuala Lumpur',
    phone: '+60123456789',
  },
  issueDate: '2026-11-27',
  reason: 'Two devices returned',
  lineItems: [
    {
      description: 'Patrol licence',
      quantity: 2,
      unitPrice: 100,
      taxType: 'SERVICE_TAX',
      taxRate: 0.08,
      taxAmount: 16,
      lineTotal: 200,
    },
  ],
  subtotal: 200,
  taxAmount: 16,
  totalAmount: 216,
  taxSummary: [],
  invoiceOwedAfter: 0,
  refundDue: 0,
  refund: null,
  createdBy: null,
  createdAt: '2026-11-27T08:00:00.000Z',
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('credit and debit note details', () => {
  // Renders the table, opens a dialog and loads the status: over 5 s on the shared machine.
  it(
    "open from the note's View action with the note's e-invoice status",
    { timeout: 15_000 },
    async () => {
      stubApi({
        [`GET /api/business/einvoices/${note.id}`]: () =>
          jsonResponse({
            success: true,
            einvoicing: {
              enabled: true,
              environment: 'sandbox',
              missing: [],
              portalUrl: 'https://p',
            },
            submittedJson: null,
            document: {
              id: '00000000-0000-4000-8000-000000000303',
              kind: 'creditNote',
              documentId: note.id,
              number: note.noteNumber,
              clientName: 'Aman Guards Sdn Bhd',
              issueDate: '2026-11-27',
              totalAmount: 216,
              status: 'invalid',
              uuid: null,
              submissionUid: null,
              longId: null,
              validationLink: null,
              errors: [
                {
                  source: 'local',
                  code: 'Precheck',
                  message: 'Original document number is required',
                  target: 'originalDocument.number',
                  at: '2026-11-27T08:00:05.000Z',
                },
              ],
              queuedAt: '2026-11-27T08:00:00.000Z',
              submittedAt: null,
              validatedAt: null,
              cancelledAt: null,
              cancelReason: null,
              rejectionRequestedAt: null,
              statusReason: null,
              cancellableUntil: null,
              stale: false,
              pastDeadline: false,
              attempts: 0,
              consolidatedInto: null,
            },
          }),
      });
      signInAs(roleTemplateUsers.find(([role]) => role === 'accounts')![1]);
      renderScreen(<InvoiceNotesTable notes={[note]} />);
      await userEvent.click(screen.getByRole('button', { name: `View ${note.noteNumber}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Credit note Details' });
      expect(within(dialog).getByText('Two devices returned')).toBeInTheDocument();
      expect(await within(dialog).findByText('Invalid')).toBeInTheDocument();
      expect(within(dialog).getByText(/Original document number is required/)).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    },
  );
});
