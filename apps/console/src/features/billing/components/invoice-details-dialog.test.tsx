import type { Invoice } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';
import { InvoiceDetailsDialog } from './invoice-details-dialog';

const rejected = {
  id: 'inv-1',
  invoiceNumber: 'INV-MP-2025-000001',
  quotationId: 'quo-1',
  clientId: 'client-1',
  clientInfo: {
    companyName: 'Aman Guards Sdn Bhd',
    contactPerson: 'Aisyah',
    email: '',
    phone: '',
    address: '',
  },
  issueDate: '2025-06-19',
  dueDate: '2025-07-19',
  paymentTerms: 'NET_30',
  lineItems: [],
  subtotal: 2160,
  taxAmount: 172.8,
  discountAmount: 0,
  totalAmount: 2332.8,
  paidAmount: 0,
  validatedAmount: 0,
  awaitingValidationAmount: 0,
  outstandingAmount: 2332.8,
  creditedAmount: 0,
  debitedAmount: 0,
  refundedAmount: 0,
  refundDue: 0,
  taxSummary: [],
  paymentValidationNotes: null,
  paymentRejectionReason: 'Transfer not in the bank statement',
  isVoided: false,
  status: 'issued',
  sentAt: null,
  sentTo: null,
  createdAt: '2025-06-19T02:00:00.000Z',
  updatedAt: '2025-06-21T02:00:00.000Z',
  paymentStatus: 'unpaid',
  paymentValidationStatus: 'validation_rejected',
  paymentEntries: [],
  notes: 'Deliver to the guard house',
  rejectionHistory: [
    {
      rejectionNumber: 1,
      rejectedBy: 'Nurul Accounts',
      rejectedAt: '2025-06-21T02:00:00.000Z',
      rejectionReason: 'Transfer not in the bank statement',
      validationNotes: 'Checked twice',
      clearedPaymentCount: 1,
    },
  ],
} as Invoice;

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('InvoiceDetailsDialog', { timeout: 15_000 }, () => {
  it('shows each rejection as a staff correction card, apart from the client notes', () => {
    stubApi({
      'GET /api/business/invoices/inv-1/reminders': () =>
        jsonResponse({ success: true, reminders: [] }),
    });
    renderScreen(<InvoiceDetailsDialog invoice={rejected} onOpenChange={() => {}} />);
    const card = screen.getByRole('region', { name: 'Payment correction 1' });
    expect(within(card).getByText(/1st rejection/)).toBeInTheDocument();
    expect(within(card).getByText(/Rejected by Nurul Accounts/)).toBeInTheDocument();
    expect(within(card).getByText('Transfer not in the bank statement')).toBeInTheDocument();
    expect(within(card).getByText('Checked twice')).toBeInTheDocument();
    expect(screen.getByText('Deliver to the guard house')).toBeInTheDocument();
  });

  it('lists the payment reminders sent, each offered for WhatsApp', async () => {
    stubApi({
      'GET /api/business/invoices/inv-1/reminders': () =>
        jsonResponse({
          success: true,
          reminders: [
            {
              id: 'rem-1',
              stepDays: 7,
              sends: 'email_with_pdf',
              sentTo: 'ap@aman.my',
              subject: 'Payment reminder',
              text: 'Invoice INV-MP-2025-000001 is 7 days overdue.',
              sentAt: '2025-07-26T02:00:00.000Z',
            },
          ],
        }),
    });
    renderScreen(<InvoiceDetailsDialog invoice={rejected} onOpenChange={() => {}} />);
    expect(await screen.findByText('7 days after the due date')).toBeInTheDocument();
    expect(screen.getByText(/e-mailed to ap@aman.my with the invoice PDF/)).toBeInTheDocument();
  });

  it('opens Issue refund note over the details while a refund is due', async () => {
    const empty = () =>
      jsonResponse({
        success: true,
        notes: [],
        pagination: { page: 1, limit: 100, totalCount: 0, totalPages: 0 },
      });
    stubApi({
      'GET /api/business/invoices/inv-1/reminders': () =>
        jsonResponse({ success: true, reminders: [] }),
      'GET /api/business/credit-notes': empty,
      'GET /api/business/debit-notes': empty,
      'GET /api/business/refund-notes': empty,
    });
    signInAs(roleTemplateUsers.find(([role]) => role === 'accounts')![1]);
    const credited = { ...rejected, creditedAmount: 20, refundedAmount: 5, refundDue: 15 };
    renderScreen(<InvoiceDetailsDialog invoice={credited} onOpenChange={() => {}} />);
    const details = screen.getByRole('dialog', { name: 'Invoice Details' });
    expect(within(details).getByText('Refund due')).toBeInTheDocument();
    expect(within(details).getByText('Refund notes')).toBeInTheDocument();
    await userEvent.click(within(details).getByRole('button', { name: 'Issue refund note' }));
    const refund = await screen.findByRole('dialog', { name: 'Refund note' });
    expect(within(refund).getByLabelText('Amount (RM)')).toHaveValue(15);
  });
});
