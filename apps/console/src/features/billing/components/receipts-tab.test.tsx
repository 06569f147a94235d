import { receiptSummarySchema, type ListReceiptsResponse, type Receipt } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReceiptsTab } from '@/features/billing/components/receipts-tab';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const receipt: Receipt = {
  id: '00000000-0000-4000-8000-000000000021',
  receiptNumber: 'RCP-2026-000021',
  invoiceNumbers: ['INV-2026-000007'],
  paymentDate: '2026-11-20',
  clientId: '00000000-0000-4000-8000-000000000031',
  clientInfo: {
    companyName: 'Harbour Guards',
    contactPerson: 'Aina',
    email: 'aina@harbour.test',
    phone: '+60123456789',
    address: 'Port Klang',
  },
  totalAmount: 250,
  paymentMethod: 'bank_transfer',
  transactionType: 'partial_payment',
  referenceNumber: 'TRX-88',
  verificationCode: 'VC-7Q2',
  currency: 'MYR',
  exchangeRate: 1,
  paymentAllocations: [
    {
      invoiceNumber: 'INV-2026-000007',
      allocatedAmount: 250,
      outstandingBefore: 1000,
      outstandingAfter: 750,
    },
  ],
  lineItems: [],
  bankDetails: null,
  notes: '',
  auditLog: [],
  createdAt: '2026-11-20T03:00:00.000Z',
  createdBy: 'Accounts One',
  updatedAt: '2026-11-20T03:00:00.000Z',
  updatedBy: null,
};

/** The list as the server sends it: receipts without their allocations, lines and history. */
function page(receipts: Receipt[]): ListReceiptsResponse {
  return {
    success: true,
    receipts: receipts.map((each) => receiptSummarySchema.parse(each)),
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalCount: receipts.length,
      limit: 20,
      hasNext: false,
      hasPrev: false,
    },
    statistics: { total: 42, thisMonth: 5, totalAmount: 12345.6 },
  };
}

function LocationProbe() {
  return <output aria-label="location">{useLocation().search}</output>;
}

function renderTab(path = '/billing?tab=receipts') {
  renderScreen(
    <Routes>
      <Route
        path="/billing"
        element={
          <>
            <ReceiptsTab />
            <LocationProbe />
          </>
        }
      />
    </Routes>,
    path,
  );
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ReceiptsTab', () => {
  it('lists each receipt with its invoice, type and verification code, and the figures over all', async () => {
    stubApi({ 'GET /api/business/receipts': () => jsonResponse(page([receipt])) });
    renderTab();
    const row = (await screen.findByText('RCP-2026-000021')).closest('tr')!;
    expect(within(row).getByText('INV-2026-000007')).toBeInTheDocument();
    expect(within(row).getByText('Harbour Guards')).toBeInTheDocument();
    expect(within(row).getByText('Partial Payment')).toBeInTheDocument();
    expect(within(row).getByText('VC-7Q2')).toBeInTheDocument();
    expect(screen.getByText('42')).toBeInTheDocument();
    expect(screen.getByText('RM 12,345.60')).toBeInTheDocument();
  });

  it('filters by payment method through the URL and the server', async () => {
    const calls = stubApi({ 'GET /api/business/receipts': () => jsonResponse(page([receipt])) });
    renderTab();
    await screen.findByText('RCP-2026-000021');
    await userEvent.selectOptions(screen.getByLabelText('Payment method'), 'cash');
    await vi.waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent('paymentMethod=cash'),
    );
    await vi.waitFor(() =>
      expect(calls.at(-1)!.url.searchParams.get('paymentMethod')).toBe('cash'),
    );
  });

  it('says so when no receipt matches', async () => {
    stubApi({ 'GET /api/business/receipts': () => jsonResponse(page([])) });
    renderTab('/billing?tab=receipts&search=nobody');
    await screen.findByText('No receipts found matching your criteria');
  });

  it('shows what the payment left owing in the receipt details, read whole', async () => {
    stubApi({
      'GET /api/business/receipts': () => jsonResponse(page([receipt])),
      [`GET /api/business/receipts/${receipt.id}`]: () => jsonResponse({ success: true, receipt }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'View RCP-2026-000021' }));
    const dialog = screen.getByRole('dialog', { name: 'Receipt Details' });
    const allocations = await within(dialog).findByRole('region', { name: 'Payment allocations' });
    expect(within(allocations).getByText('Before RM 1,000.00')).toBeInTheDocument();
    expect(within(allocations).getByText('After RM 750.00')).toBeInTheDocument();
  });

  it('says why the receipt could not be read, and reads it again from Try Again', async () => {
    let failing = true;
    stubApi({
      'GET /api/business/receipts': () => jsonResponse(page([receipt])),
      [`GET /api/business/receipts/${receipt.id}`]: () =>
        failing
          ? jsonResponse({ success: false, error: 'NOT_FOUND', message: 'Receipt not found' }, 404)
          : jsonResponse({ success: true, receipt }),
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'View RCP-2026-000021' }));
    const dialog = screen.getByRole('dialog', { name: 'Receipt Details' });
    expect(within(dialog).getByText('RCP-2026-000021')).toBeInTheDocument();
    const failure = await within(dialog).findByRole('alert');
    expect(failure).toHaveTextContent('Receipt not found');

    failing = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Try Again' }));
    expect(
      await within(dialog).findByRole('region', { name: 'Payment allocations' }),
    ).toBeInTheDocument();
  });
});
