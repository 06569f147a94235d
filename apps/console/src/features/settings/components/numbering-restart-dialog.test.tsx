import {
  defaultCompanySettings,
  type CompanySettingsWithLogo,
  type NumberingPreviewResponse,
} from '@patrol/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { renderScreen, stubApi, type FakeCall } from '@/test/fake-api';
import { jsonResponse, signInAs, testUsers } from '@/test/test-utils';

beforeEach(() => {
  // Radix measures a switch inside a form; jsdom has no ResizeObserver.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
});

const stored: CompanySettingsWithLogo = { ...defaultCompanySettings, logo: null };
const unchanged = { current: 'X-1', next: 'X-1', restarts: false };

function stubSettings(invoice: NumberingPreviewResponse['numbers']['invoice']) {
  return stubApi({
    'GET /api/settings': () => jsonResponse({ success: true, settings: stored }),
    'POST /api/settings/numbering/preview': () =>
      jsonResponse({
        success: true,
        numbers: { product: unchanged, quotation: unchanged, invoice, receipt: unchanged },
      }),
    'PUT /api/settings': (call: FakeCall) =>
      jsonResponse({ success: true, settings: { ...(call.body as object), logo: null } }),
  });
}

async function switchOffCurrentYear() {
  signInAs(testUsers.superadmin);
  renderScreen(<SettingsPage />);
  await screen.findByLabelText('Company Name');
  const invoice = screen.getByRole('region', { name: 'Invoice numbering' });
  await userEvent.click(within(invoice).getByRole('switch', { name: 'Use current year' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
}

describe('numbering restart warning', () => {
  it('names the next number and saves only once the restart is confirmed', async () => {
    const calls = stubSettings({
      current: 'INV-MP-2026-000043',
      next: 'INV-MP-000001',
      restarts: true,
    });
    await switchOffCurrentYear();

    const dialog = await screen.findByRole('alertdialog', { name: 'Restart document numbering?' });
    expect(dialog).toHaveTextContent(
      'The next invoice will be INV-MP-000001 (instead of INV-MP-2026-000043).',
    );
    const preview = calls.find((call) => call.path === '/api/settings/numbering/preview')!;
    expect(preview.body).toMatchObject({
      numberingSettings: { invoice: { useCurrentYear: false } },
    });
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    const again = await screen.findByRole('alertdialog');
    await userEvent.click(
      within(again).getByRole('button', { name: 'Save and Restart Numbering' }),
    );
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ numberingSettings: { invoice: { useCurrentYear: false } } });
  });

  it('saves straight away when the change restarts no sequence', async () => {
    const calls = stubSettings({
      current: 'INV-MP-000043',
      next: 'INV-MP-000043',
      restarts: false,
    });
    await switchOffCurrentYear();
    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
