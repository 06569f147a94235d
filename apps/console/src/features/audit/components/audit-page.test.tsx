import type { AuditEntry } from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuditPage } from '@/features/audit/components/audit-page';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const entry: AuditEntry = {
  id: '00000000-0000-4000-8000-000000000301',
  action: 'settings.updated',
  actionLabel: 'Company settings changed',
  entityType: 'settings',
  entityId: 'company',
  entityLabel: 'Company settings',
  clientName: null,
  actor: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'aisha',
    fullName: 'Aisha Rahman',
  },
  changes: {
    companyName: { before: 'Old Sdn Bhd', after: 'New Sdn Bhd' },
    'address.city': { before: '', after: 'Kuala Lumpur' },
  },
  createdAt: '2026-11-24T01:30:00.000Z',
  requestId: 'req-1',
};

const trail = (entries: AuditEntry[]) =>
  jsonResponse({
    success: true,
    data: {
      entries,
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalCount: entries.length,
        limit: 50,
        hasNext: false,
        hasPrev: false,
      },
      timeZone: 'Asia/Kuala_Lumpur',
    },
  });

const staff = () =>
  jsonResponse({
    success: true,
    data: {
      users: [
        { id: '00000000-0000-4000-8000-000000000001', username: 'aisha', fullName: 'Aisha Rahman' },
      ],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalCount: 1,
        limit: 100,
        hasNext: false,
        hasPrev: false,
      },
    },
  });

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AuditPage', () => {
  it('shows who changed what, with the fields before and after', async () => {
    stubApi({ 'GET /api/audit': () => trail([entry]), 'GET /api/users': staff });
    renderScreen(<AuditPage />, '/audit');
    const row = (await screen.findByText('Company settings changed')).closest('tr')!;
    expect(within(row).getByText('Aisha Rahman')).toBeInTheDocument();
    expect(within(row).getByText('24/11/2026, 09:30')).toBeInTheDocument();
    expect(within(row).getByText(/Old Sdn Bhd → New Sdn Bhd/)).toBeInTheDocument();
    expect(within(row).getByText(/\(empty\) → Kuala Lumpur/)).toBeInTheDocument();
    expect(screen.getByText('1 entry')).toBeInTheDocument();
  });

  it('filters by entity, user and days on the server', async () => {
    const calls = stubApi({ 'GET /api/audit': () => trail([]), 'GET /api/users': staff });
    renderScreen(<AuditPage />, '/audit');
    expect(await screen.findByText('No changes match these filters.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Entity'), 'settings');
    await userEvent.selectOptions(await screen.findByLabelText('User'), 'Aisha Rahman');
    await userEvent.type(screen.getByLabelText('From'), '2026-11-01');
    await waitFor(() => {
      const query = Object.fromEntries(
        calls.filter((call) => call.path === '/api/audit').at(-1)!.url.searchParams,
      );
      expect(query).toMatchObject({
        entityType: 'settings',
        actorId: '00000000-0000-4000-8000-000000000001',
        dateFrom: '2026-11-01',
      });
    });
  });

  it('exports the matching trail as CSV', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    stubApi({
      'GET /api/audit': () => trail([entry]),
      'GET /api/users': staff,
      'GET /api/audit/export': () => new Response('When (UTC),Who\r\n', { status: 200 }),
    });
    renderScreen(<AuditPage />, '/audit');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Audit trail exported')).toBeInTheDocument();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(
      /^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/,
    );
  });

  it('offers each kind of entity the reader may see, by name', async () => {
    stubApi({ 'GET /api/audit': () => trail([]), 'GET /api/users': staff });
    renderScreen(<AuditPage />, '/audit');
    const entity = await screen.findByLabelText('Entity');
    const names = within(entity)
      .getAllByRole('option')
      .map((option) => option.textContent);
    for (const name of ['Sign-ins and sessions', 'Clients', 'Licences', 'Company settings']) {
      expect(names).toContain(name);
    }
    expect(names).toContain('Users (accounts, passwords, two-factor, permissions)');
  });

  it('offers sales no sign-ins, users or settings', async () => {
    signInAs(testUsers.sales);
    stubApi({ 'GET /api/audit': () => trail([]) });
    renderScreen(<AuditPage />, '/audit');
    const entity = await screen.findByLabelText('Entity');
    const names = within(entity)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(expect.arrayContaining(['Clients', 'Licences', 'Quotations']));
    expect(names).not.toContain('Sign-ins and sessions');
    expect(names).not.toContain('Company settings');
    expect(screen.queryByLabelText('User')).toBeInTheDocument();
  });
});
