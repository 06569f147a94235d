import type { Licence } from '@patrol/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteLicenceDialog } from '@/features/licences/components/delete-licence-dialog';
import { createTestQueryClient, jsonResponse } from '@/test/test-utils';

const licence: Licence = {
  id: '00000000-0000-4000-8000-000000000001',
  key: 'MP-7K3Q-0001-ZX9D',
  clientId: '00000000-0000-4000-8000-000000000002',
  licenseType: 'Standard',
  validUntil: null,
  bound: false,
  deviceId: null,
  projectName: null,
  boundAt: null,
  lastDeviceActivity: null,
  features: [],
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  activationCount: 0,
  lastActivatedAt: null,
  transfersLeft: 3,
  paidBy: null,
};

function renderDialog(onResult = vi.fn()) {
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <DeleteLicenceDialog licence={licence} onOpenChange={vi.fn()} onResult={onResult} />
    </QueryClientProvider>,
  );
  return onResult;
}

afterEach(() => vi.unstubAllGlobals());

describe('DeleteLicenceDialog', () => {
  it('enables Delete Licence only once DELETE is typed exactly', async () => {
    renderDialog();
    const confirm = screen.getByRole('button', { name: 'Delete Licence' });
    const input = screen.getByLabelText('Type DELETE to confirm');
    expect(confirm).toBeDisabled();
    await userEvent.type(input, 'delete');
    expect(confirm).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'DELETE');
    expect(confirm).toBeEnabled();
  });

  it('deletes the licence and reports the server message', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ success: true, message: 'Licence deleted' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onResult = renderDialog();
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Licence' }));
    await vi.waitFor(() => expect(onResult).toHaveBeenCalledWith('success', 'Licence deleted'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/licences/MP-7K3Q-0001-ZX9D',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });

  it("falls back to 'Failed to delete licence' when no answer came", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    const onResult = renderDialog();
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Licence' }));
    await vi.waitFor(() =>
      expect(onResult).toHaveBeenCalledWith('error', 'Failed to delete licence'),
    );
  });
});
