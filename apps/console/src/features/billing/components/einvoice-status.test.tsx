import type { EinvoiceDetailResponse } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen, stubApi } from '@/test/fake-api';
import { roleTemplateUsers } from '@/test/role-users';
import { jsonResponse, signInAs } from '@/test/test-utils';
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
      pastDeadline: false,
      attempts: 0,
      consolidatedInto: null,
      ...overrides,
    },
  };
}

const editor = roleTemplateUsers.find(([, user]) => canPerform(user, 'cancelEinvoice'))![1];
/** Sales see invoices but may not change them. */
const viewer = roleTemplateUsers.find(([role]) => role === 'sales')![1];

function renderStatus(user = editor) {
  signInAs(user);
  renderScreen(<EinvoiceStatus documentId={documentId} />);
}

const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

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
    renderStatus(viewer);
    expect(await screen.findByText('Invalid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  // Two dialog steps of typing and clicking: near 5 s on the shared two-core machine.
  it(
    'cancels a valid e-invoice within 72 hours, with a reason, once confirmed',
    {
      timeout: 15_000,
    },
    async () => {
      const calls = stubApi({
        [`GET /api/business/einvoices/${documentId}`]: () =>
          jsonResponse(detail({ status: 'valid', uuid: 'UUID1', cancellableUntil: hours(10) })),
        [`POST /api/business/einvoices/${documentId}/cancel`]: () =>
          jsonResponse({
            success: true,
            message: 'E-invoice cancelled',
            document: detail({ status: 'cancelled' }).document,
          }),
      });
      renderStatus();
      await userEvent.click(await screen.findByRole('button', { name: 'Cancel e-Invoice' }));
      const dialog = await screen.findByRole('dialog', { name: 'Cancel e-Invoice' });
      const confirm = () =>
        userEvent.click(
          [...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Cancel e-Invoice')!,
        );
      await confirm();
      expect(await screen.findByText('Reason is required')).toBeInTheDocument();
      expect(calls.some((call) => call.path.endsWith('/cancel'))).toBe(false);
      await userEvent.type(screen.getByLabelText('Reason'), 'Wrong buyer details');
      await confirm();
      await vi.waitFor(() =>
        expect(calls.find((call) => call.path.endsWith('/cancel'))?.body).toEqual({
          reason: 'Wrong buyer details',
        }),
      );
    },
  );

  it('after 72 hours offers no Cancel and says to issue a credit note', async () => {
    stubApi({
      [`GET /api/business/einvoices/${documentId}`]: () =>
        jsonResponse(detail({ status: 'valid', uuid: 'UUID1', cancellableUntil: hours(-1) })),
    });
    renderStatus();
    expect(await screen.findByText(/The 72 hours to cancel have passed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel e-Invoice' })).not.toBeInTheDocument();
  });

  it("shows the buyer's rejection request and its reason", async () => {
    stubApi({
      [`GET /api/business/einvoices/${documentId}`]: () =>
        jsonResponse(
          detail({
            status: 'valid',
            cancellableUntil: hours(20),
            rejectionRequestedAt: '2026-11-27T09:00:00.000Z',
            statusReason: 'Wrong invoice details',
          }),
        ),
    });
    renderStatus();
    expect(await screen.findByText(/The buyer asked to reject this e-invoice/)).toHaveTextContent(
      'Wrong invoice details',
    );
  });

  it.each(roleTemplateUsers)('%s sees Cancel only when the API allows it', async (_role, user) => {
    stubApi({
      [`GET /api/business/einvoices/${documentId}`]: () =>
        jsonResponse(detail({ status: 'valid', cancellableUntil: hours(5) })),
    });
    renderStatus(user);
    expect(await screen.findByText('Valid')).toBeInTheDocument();
    expect(!!screen.queryByRole('button', { name: 'Cancel e-Invoice' })).toBe(
      canPerform(user, 'cancelEinvoice'),
    );
  });
});
