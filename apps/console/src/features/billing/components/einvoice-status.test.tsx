import type { EinvoiceDetailResponse } from '@patrol/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/fake-api';
import { createTestQueryClient, jsonResponse } from '@/test/test-utils';
import { EinvoiceStatus } from './einvoice-status';

const documentId = '00000000-0000-4000-8000-000000000010';

function detail(overrides: Partial<EinvoiceDetailResponse['document']>): EinvoiceDetailResponse {
  return {
    success: true,
    einvoicing: { enabled: true, environment: 'sandbox', missing: [], portalUrl: 'https://p' },
    submittedJson: null,
    document: {
      id: '00000000-0000-4000-8000-000000000011',
      kind: 'invoice',
      documentId,
      number: 'INV-MP-2026-000001',
      clientName: 'Aman Guards Sdn Bhd',
      issueDate: '2026-11-27',
      totalAmount: 108,
      status: 'queued',
      uuid: null,
      submissionUid: null,
      longId: null,
      validationLink: null,
      errors: [],
      queuedAt: '2026-11-27T08:00:00.000Z',
      submittedAt: null,
      validatedAt: null,
      cancelledAt: null,
      cancelReason: null,
      rejectionRequestedAt: null,
      statusReason: null,
      cancellableUntil: null,
      stale: false,
      attempts: 0,
      ...overrides,
    },
  };
}

function renderStatus(canRetry = true) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <EinvoiceStatus documentId={documentId} canRetry={canRetry} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('EinvoiceStatus', () => {
  it('reads Not submitted when the document was never queued', async () => {
    stubApi({});
    renderStatus();
    expect(await screen.findByText('Not submitted')).toBeInTheDocument();
  });

  it('shows a valid e-invoice with its validation link', async () => {
    const link = 'https://preprod.myinvois.hasil.gov.my/UUID1/share/LONG1';
    stubApi({
      [`GET /api/business/einvoices/${documentId}`]: () =>
        jsonResponse(
          detail({ status: 'valid', uuid: 'UUID1', longId: 'LONG1', validationLink: link }),
        ),
    });
    renderStatus();
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Validation link/ })).toHaveAttribute('href', link);
  });

  it('lists the errors of an invalid e-invoice and retries it', async () => {
    const calls = stubApi({
      [`GET /api/business/einvoices/${documentId}`]: () =>
        jsonResponse(
          detail({
            status: 'invalid',
            errors: [
              {
                source: 'validation',
                code: 'CV302',
                message: 'Buyer TIN is not valid.',
                target: 'AccountingCustomerParty',
                at: '2026-11-27T08:00:05.000Z',
              },
            ],
          }),
        ),
      [`POST /api/business/einvoices/${documentId}/retry`]: () =>
        jsonResponse({ success: true, message: 'queued', document: detail({}).document }),
    });
    renderStatus();
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(screen.getByText(/Buyer TIN is not valid/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/retry'))).toBe(true);
  });

  it('offers no Retry without the permission to edit invoices', async () => {
    stubApi({
      [`GET /api/business/einvoices/${documentId}`]: () =>
        jsonResponse(detail({ status: 'invalid' })),
    });
    renderStatus(false);
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });
});
