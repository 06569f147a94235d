import type { InvoiceLicence, InvoiceLicencesResponse } from '@patrol/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoiceLicencesSection } from '@/features/billing/components/invoice-licences-section';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const invoiceId = '00000000-0000-4000-8000-000000000010';

const issued = (index: number, revokedAt: string | null = null): InvoiceLicence => ({
  id: `00000000-0000-4000-8000-00000000002${index}`,
  invoiceLineId: '00000000-0000-4000-8000-000000000030',
  licenceId: revokedAt ? null : `00000000-0000-4000-8000-00000000004${index}`,
  licenceKey: `MP-AAAA-BBBB-CCCC-000${index}`,
  action: 'issued',
  validUntilBefore: null,
  validUntilAfter: '2027-11-28T00:00:00.000Z',
  issuedAt: '2026-11-28T00:00:00.000Z',
  revokedAt,
  revokedBy: revokedAt ? 'Nurul Accounts' : null,
});

const answer = (licences: InvoiceLicence[], revocable: boolean): InvoiceLicencesResponse => ({
  success: true,
  licences,
  revocable,
});

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('InvoiceLicencesSection', () => {
  it('lists the keys an invoice issued, without revoke while it stands', async () => {
    stubApi({
      [`GET /api/business/invoices/${invoiceId}/licences`]: () =>
        jsonResponse(answer([issued(1), issued(2)], false)),
    });
    renderScreen(<InvoiceLicencesSection invoiceId={invoiceId} />);
    await screen.findByText('Licence keys (2)');
    expect(screen.getByText('MP-AAAA-BBBB-CCCC-0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });

  it('revokes all keys of a credited invoice only after confirming, and says who revoked', async () => {
    const calls = stubApi({
      [`GET /api/business/invoices/${invoiceId}/licences`]: () =>
        jsonResponse(answer([issued(1), issued(2, '2026-11-28T10:00:00.000Z')], true)),
      [`POST /api/business/invoices/${invoiceId}/licences/revoke`]: () =>
        jsonResponse({ ...answer([], true), message: '1 key revoked' }),
    });
    renderScreen(<InvoiceLicencesSection invoiceId={invoiceId} />);
    await screen.findByText(/Revoked .* by Nurul Accounts/);
    await userEvent.click(screen.getByRole('button', { name: 'Revoke all keys' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke all 1 keys of this invoice?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await screen.findByText('1 key revoked');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({});
  });
});
