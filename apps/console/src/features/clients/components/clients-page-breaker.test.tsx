import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { clientDataUnavailableMessage } from '@/features/clients/api/get-clients';
import { breakers } from '@/lib/breaker';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  signInAs(testUsers.superadmin);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
  breakers.resetAll();
});

const answer = (status: number, error: string, message: string) => () =>
  jsonResponse({ success: false, error, message }, status);

/** Loads the list, then asks again `times` times, each past the breaker's 2 s minimum interval. */
async function loadAndRetry(times: number) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderScreen(<ClientsPage />, '/clients');
  for (let attempt = 0; attempt < times; attempt += 1) {
    const tryAgain = await screen.findByRole('button', { name: 'Try Again' });
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await user.click(tryAgain);
  }
}

describe('the client data breaker, seen from the client list', () => {
  it('never opens on 4xx answers: a 404 for a row deleted meanwhile shows the server message', async () => {
    const calls = stubApi({ 'GET /api/clients': answer(404, 'NOT_FOUND', 'Client not found') });
    await loadAndRetry(6);
    expect(await screen.findByRole('heading', { name: 'Client not found' })).toBeVisible();
    expect(screen.queryByText(clientDataUnavailableMessage)).not.toBeInTheDocument();
    expect(calls).toHaveLength(7);
    expect(breakers.get('clientData').getHealth()).toMatchObject({
      state: 'CLOSED',
      failureCount: 0,
    });
  });

  it('opens after 5 server failures and then answers with its message without calling', async () => {
    const calls = stubApi({
      'GET /api/clients': answer(503, 'SERVICE_UNAVAILABLE', 'Database unavailable'),
    });
    await loadAndRetry(5);
    expect(
      await screen.findByRole('heading', { name: clientDataUnavailableMessage }),
    ).toBeVisible();
    expect(calls).toHaveLength(5);
    expect(breakers.get('clientData').getState()).toBe('OPEN');
  });
});
