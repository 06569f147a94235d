import { defaultCompanySettings, type Invoice, type PaymentEntry } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';
import { PaymentEntriesList } from './payment-entries-list';

const secondPerson = 'A payment must be validated by someone other than the person who recorded it';

function entry(overrides: Partial<PaymentEntry>): PaymentEntry {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    amount: 100,
    paymentMethod: 'bank_transfer',
    paymentDate: '2026-11-20',
    referenceNumber: 'TRX-1',
    status: 'pending_validation',
    notes: '',
    receiptId: null,
    recordedAt: '2026-11-20T02:00:00.000Z',
    recordedById: 'u-9',
    validatedAt: null,
    rejectedAt: null,
    rejectedBy: null,
    rejectionReason: null,
    ...overrides,
  };
}

const invoice = (paymentEntries: PaymentEntry[]) =>
  ({
    id: 'inv-1',
    invoiceNumber: 'INV-1',
    isVoided: false,
    validatedAmount: 0,
    awaitingValidationAmount: 100,
    outstandingAmount: 116,
    paymentEntries,
  }) as unknown as Invoice;

function settings(requireSeparateValidator: boolean) {
  return () =>
    jsonResponse({
      success: true,
      settings: { ...defaultCompanySettings, paymentSettings: { requireSeparateValidator } },
    });
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => vi.restoreAllMocks());

describe('PaymentEntriesList', () => {
  it('disables Validate for the person who recorded the payment, saying why', async () => {
    stubApi({ 'GET /api/settings': settings(true) });
    renderScreen(
      <PaymentEntriesList invoice={invoice([entry({ recordedById: 'u-1' })])} onReview={vi.fn()} />,
    );
    const validate = await screen.findByRole('button', { name: /^Validate payment/ });
    expect(validate).toBeDisabled();
    expect(validate.parentElement).toHaveAttribute('title', secondPerson);
    expect(validate).toHaveAccessibleDescription(secondPerson);
    expect(screen.getByRole('button', { name: /^Reject payment/ })).toBeEnabled();
  });

  it('lets someone else validate, and the recorder too when the company allows it', async () => {
    const onReview = vi.fn();
    stubApi({ 'GET /api/settings': settings(false) });
    const list = invoice([entry({ recordedById: 'u-1' })]);
    renderScreen(<PaymentEntriesList invoice={list} onReview={onReview} />);
    const validate = await screen.findByRole('button', { name: /^Validate payment/ });
    await vi.waitFor(() => expect(validate).toBeEnabled());
    await userEvent.click(validate);
    expect(onReview).toHaveBeenCalledWith(list, list.paymentEntries[0], 'validate');
  });

  it('lists a rejected payment with who rejected it and why, and no actions', async () => {
    stubApi({ 'GET /api/settings': settings(true) });
    renderScreen(
      <PaymentEntriesList
        invoice={invoice([
          entry({
            status: 'rejected',
            rejectedBy: 'Nurul Accounts',
            rejectedAt: '2026-11-21T02:00:00.000Z',
            rejectionReason: 'Cheque bounced',
          }),
        ])}
        onReview={vi.fn()}
      />,
    );
    const item = screen.getByRole('listitem', { name: 'Payment TRX-1, Rejected' });
    expect(within(item).getByText(/Rejected by Nurul Accounts/)).toHaveTextContent(
      'Cheque bounced',
    );
    expect(within(item).queryByRole('button')).toBeNull();
  });
});
