import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientsPage } from '@/features/clients/components/clients-page';
import { breakers } from '@/lib/breaker';
import { renderScreen, stubApi } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

beforeEach(() => signInAs(testUsers.superadmin));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  breakers.resetAll();
});

describe('the client list when it cannot load', () => {
  it('offers the error dialog with its hint, service health and Retry', async () => {
    const calls = stubApi({
      'GET /api/clients': () =>
        jsonResponse({ success: false, error: 'RATE_LIMITED', message: 'Too many requests' }, 429),
    });
    renderScreen(<ClientsPage />, '/clients');
    await userEvent.click(await screen.findByRole('button', { name: 'Details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Client List Error' });
    expect(within(dialog).getByTestId('error-hint')).toHaveTextContent(
      'The server is currently experiencing high load. Please wait a moment before retrying.',
    );
    expect(within(dialog).getByText('Healthy services')).toBeInTheDocument();
    // Right after a failure the breaker holds calls back; its reset lets Retry through at once.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Protection' }));
    const before = calls.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(before));
  });
});
