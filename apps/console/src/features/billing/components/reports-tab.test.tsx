import type { ReportsResponse } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReportsTab } from '@/features/billing/components/reports-tab';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const buckets = (amount: number) => ({
  current: { count: 1, amount },
  thirty: { count: 0, amount: 0 },
  sixty: { count: 0, amount: 0 },
  ninety: { count: 1, amount: 12000 },
});

function report(): ReportsResponse {
  return {
    success: true,
    data: {
      period: { from: '2026-11-01', to: '2026-11-24' },
      dashboard: {
        totalRevenue: 54000,
        netRevenue: 50000,
        taxAmount: 4000,
        awaitingValidation: 500,
        previousRevenue: 43200,
        totalOutstanding: 12500,
        overdueCount: 3,
        activeClients: 7,
        newClients: 2,
        collectionRate: 75,
        quotationValue: 60000,
        invoiceValue: 50000,
        paymentValue: 37500,
        receiptValue: 30000,
      },
      business: {
        revenue: {
          invoiced: 54000,
          net: 50000,
          tax: 4000,
          collected: 37500,
          awaitingValidation: 500,
          outstanding: 12500,
        },
        topClients: [{ name: 'Aman Guards Sdn Bhd', revenue: 20000, invoices: 4 }],
        quotationConversionRate: 25,
        quotationsConverted: 5,
        totalQuotations: 20,
        averageDealSize: 5000,
        clientRetentionRate: 80,
        monthlyGrowth: 25,
        monthlyRevenue: 50000,
        revenueTrend: [{ period: '2026-11-01', invoiced: 50000, collected: 37500 }],
      },
      payments: {
        methodBreakdown: [{ method: 'bank_transfer', amount: 37500, percentage: 100 }],
        averageInvoiceTime: 1.5,
        averageDaysToPay: 40,
      },
      aging: {
        buckets: buckets(500),
        details: [{ name: 'Aman Guards Sdn Bhd', totalOutstanding: 12500, buckets: buckets(500) }],
      },
    },
  };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:report');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ReportsTab', () => {
  it('shows the overview and the targets with their status', async () => {
    stubApi({ 'GET /api/business/reports': () => jsonResponse(report()) });
    signInAs(testUsers.superadmin);
    renderScreen(<ReportsTab />);
    const revenue = await screen.findByRole('group', { name: 'Total Revenue' });
    expect(within(revenue).getByText('RM 50,000.00')).toBeInTheDocument();
    expect(within(revenue).getByText('+25.0%')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('tab', { name: 'Performance' }));
    const targets = screen.getByText('Progress against Targets').closest('[data-slot="card"]')!;
    // Collection 75 of 95 is 78.9%: needs attention; conversion 25 of 30 is 83.3%: needs
    // attention; 40 days against 30 is 75%: needs attention; RM 50,000 of 100,000: below target.
    expect(within(targets as HTMLElement).getAllByText('Needs attention')).toHaveLength(3);
    expect(within(targets as HTMLElement).getByText('Below target')).toBeInTheDocument();
  });

  it('gives days to collect no verdict when nothing was collected', async () => {
    const nothingCollected = report();
    nothingCollected.data.payments.averageDaysToPay = null;
    stubApi({ 'GET /api/business/reports': () => jsonResponse(nothingCollected) });
    signInAs(testUsers.superadmin);
    renderScreen(<ReportsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Performance' }));
    const targets = screen.getByText('Progress against Targets').closest('[data-slot="card"]')!;
    expect(within(targets as HTMLElement).getAllByText('Needs attention')).toHaveLength(2);
    expect(within(targets as HTMLElement).getByText(/No payment collected/)).toBeInTheDocument();
  });

  it('marks a client owing more than RM 10,000 on the aging tab', async () => {
    stubApi({ 'GET /api/business/reports': () => jsonResponse(report()) });
    signInAs(testUsers.superadmin);
    renderScreen(<ReportsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Aging' }));
    const row = screen.getByRole('row', { name: /Aman Guards/ });
    expect(within(row).getByText('RM 12,500.00')).toHaveClass('text-destructive');
  });

  it('asks for both dates of a custom range before loading it', async () => {
    const calls = stubApi({ 'GET /api/business/reports': () => jsonResponse(report()) });
    signInAs(testUsers.superadmin);
    renderScreen(<ReportsTab />);
    await screen.findByRole('group', { name: 'Total Revenue' });
    await userEvent.selectOptions(screen.getByLabelText('Date range'), 'custom');
    expect(screen.getByText('Choose a start and end date for a custom range')).toBeInTheDocument();
    const before = calls.length;
    await userEvent.type(screen.getByLabelText('From'), '2026-02-01');
    expect(calls.length).toBe(before);
    await userEvent.type(screen.getByLabelText('To'), '2026-02-28');
    await vi.waitFor(() => expect(calls.at(-1)?.url.searchParams.get('dateTo')).toBe('2026-02-28'));
  });

  it('saves the report as JSON when the workbook fails', async () => {
    const calls = stubApi({
      'GET /api/business/reports': () => jsonResponse(report()),
      'GET /api/business/reports/export/aging': ({ url }) =>
        url.searchParams.get('format') === 'json'
          ? new Response('{"type":"aging"}', { status: 200 })
          : jsonResponse({ success: false, message: 'Workbook failed' }, 500),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<ReportsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Aging' }));
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText('The Excel export failed; the aging report was saved as JSON instead');
    const link = vi.mocked(HTMLAnchorElement.prototype.click).mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^aging-report-\d{4}-\d{2}-\d{2}\.json$/);
    expect(
      calls
        .filter((call) => call.path.includes('/export/'))
        .map((call) => call.url.searchParams.get('format')),
    ).toEqual(['xlsx', 'json']);
  });

  it('shows no Export to a role without reports.export', async () => {
    stubApi({ 'GET /api/business/reports': () => jsonResponse(report()) });
    signInAs({ ...testUsers.sales, role: 'accounts', permissions: ['reports.view'] });
    renderScreen(<ReportsTab />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Aging' }));
    await screen.findByText('Aging by Client');
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});
