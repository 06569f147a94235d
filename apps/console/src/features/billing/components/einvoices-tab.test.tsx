import { einvoicePastDeadlineMessage, type ListEinvoicesResponse } from '@patrol/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { createTestQueryClient, jsonResponse } from '@/test/test-utils';
import { EinvoicesTab } from './einvoices-tab';

const counts = {
  queued: 1,
  submitting: 0,
  submitted: 2,
  valid: 5,
  invalid: 1,
  cancelled: 0,
  consolidated: 0,
  stale: 1,
};

function page(enabled = true): ListEinvoicesResponse {
  return {
    success: true,
    einvoicing: {
      enabled,
      environment: 'sandbox',
      missing: enabled ? [] : ['MYINVOIS_CLIENT_ID', 'MYINVOIS_CLIENT_SECRET'],
      portalUrl: null,
    },
    counts,
    documents: [
      {
        id: '00000000-0000-4000-8000-000000000021',
        kind: 'invoice',
        documentId: '00000000-0000-4000-8000-000000000022',
        number: 'INV-MP-2026-000007',
        clientName: 'Aman Guards Sdn Bhd',
        issueDate: '2026-11-27',
        totalAmount: 108,
        status: 'submitted',
        uuid: 'U1',
        submissionUid: 'S1',
        longId: null,
        validationLink: null,
        errors: [],
        queuedAt: '2026-11-27T08:00:00.000Z',
        submittedAt: '2026-11-27T08:00:03.000Z',
        validatedAt: null,
        cancelledAt: null,
        cancelReason: null,
        rejectionRequestedAt: null,
        statusReason: null,
        cancellableUntil: null,
        stale: true,
        pastDeadline: false,
        attempts: 1,
        consolidatedInto: null,
      },
    ],
    pagination: {
      currentPage: 1,
      totalPages: 1,
      totalCount: 1,
      limit: 20,
      hasNext: false,
      hasPrev: false,
    },
  };
}

function renderTab() {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <EinvoicesTab />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('EinvoicesTab', () => {
  it('lists e-invoices with the counts by status and flags the stale ones', async () => {
    const calls = stubApi({ 'GET /api/business/einvoices': () => jsonResponse(page()) });
    renderTab();
    expect(await screen.findByText('INV-MP-2026-000007')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Valid (5)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submitted (2)' })).toBeInTheDocument();
    expect(screen.getByText('No LHDN status after 15 min')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Invalid (1)' }));
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('invalid');
  });

  it("flags a month's consolidated e-invoice past its 7-day deadline", async () => {
    const late = page();
    late.documents = [
      {
        ...late.documents[0]!,
        kind: 'consolidated',
        number: 'CON-202610-01',
        clientName: 'General Public',
        status: 'invalid',
        stale: false,
        pastDeadline: true,
      },
    ];
    stubApi({ 'GET /api/business/einvoices': () => jsonResponse(late) });
    renderTab();
    expect(await screen.findByText('CON-202610-01')).toBeInTheDocument();
    expect(screen.getByText(einvoicePastDeadlineMessage)).toBeInTheDocument();
  });

  it('says how to switch e-invoicing on while it is off', async () => {
    stubApi({ 'GET /api/business/einvoices': () => jsonResponse(page(false)) });
    renderTab();
    expect(await screen.findByRole('status')).toHaveTextContent(
      'set MYINVOIS_CLIENT_ID, MYINVOIS_CLIENT_SECRET',
    );
  });
});
