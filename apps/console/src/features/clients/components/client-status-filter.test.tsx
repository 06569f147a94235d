import type { ListClientsResponse } from '@patrol/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

const emptyList: ListClientsResponse = {
  success: true,
  clients: [],
  pagination: {
    currentPage: 1,
    totalPages: 0,
    totalCount: 0,
    limit: 10,
    hasNext: false,
    hasPrev: false,
  },
  summary: { totalClients: 3, activeClients: 2, totalLicences: 0, newThisMonth: 0 },
};

function LocationProbe() {
  return <output aria-label="location">{useLocation().search}</output>;
}

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the client list Filter button', () => {
  it('filters by status on the server and keeps the filter in the URL', async () => {
    const calls = stubApi({ 'GET /api/clients': () => jsonResponse(emptyList) });
    renderScreen(
      <Routes>
        <Route
          path="/clients"
          element={
            <>
              <ClientsPage />
              <LocationProbe />
            </>
          }
        />
      </Routes>,
      '/clients',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Filter' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Inactive' }));
    await vi.waitFor(() =>
      expect(screen.getByLabelText('location')).toHaveTextContent('status=inactive'),
    );
    await vi.waitFor(() => expect(calls.at(-1)!.url.searchParams.get('active')).toBe('false'));
    expect(screen.getByRole('button', { name: 'Filter: Inactive' })).toBeInTheDocument();
  });
});
