import {
  defaultCompanySettings,
  roleTemplates,
  type CompanySettingsWithLogo,
  type NumberingPreviewResponse,
} from '@patrol/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { companySettingsUpdatedEvent } from '@/lib/company-settings-event';
import { SettingsPage } from '@/features/settings/components/settings-page';
import type { StoredUser } from '@/lib/session-storage';
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

const stored: CompanySettingsWithLogo = {
  ...defaultCompanySettings,
  companyName: 'Acme Sdn Bhd',
  registrationNumber: '202301000001',
  logo: { url: '/api/settings/logo/file?v=abc' },
};

function stubSettings(settings = stored, extra: Record<string, (call: FakeCall) => Response> = {}) {
  return stubApi({
    ...extra,
    'GET /api/settings': () => jsonResponse({ success: true, settings }),
    'PUT /api/settings': (call: FakeCall) =>
      jsonResponse({
        success: true,
        settings: { ...(call.body as object), logo: settings.logo },
      }),
    'POST /api/settings/reset': () =>
      jsonResponse({ success: true, settings: { ...defaultCompanySettings, logo: null } }),
  });
}

async function openSettings(user: StoredUser = testUsers.superadmin) {
  signInAs(user);
  renderScreen(<SettingsPage />);
  return screen.findByLabelText('Company Name');
}

const year = new Date().getFullYear();

// The whole settings page (ten cards, a hundred fields) takes over a second to open in jsdom,
// and two test workers share two cores.
describe('SettingsPage', { timeout: 15_000 }, () => {
  it('enables Save Settings only once something changed, and saving clears it', async () => {
    const calls = stubSettings();
    const announced = vi.fn();
    window.addEventListener(companySettingsUpdatedEvent, announced);
    const companyName = await openSettings();
    const save = screen.getByRole('button', { name: 'Save Settings' });
    expect(save).toBeDisabled();

    await userEvent.type(companyName, ' Group');
    expect(save).toBeEnabled();
    await userEvent.click(save);

    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ companyName: 'Acme Sdn Bhd Group' });
    expect(put.body).not.toHaveProperty('logo');
    expect(announced).toHaveBeenCalledTimes(1);
    window.removeEventListener(companySettingsUpdatedEvent, announced);
  });

  it('asks before Refresh throws away unsaved edits', async () => {
    const calls = stubSettings();
    const companyName = await openSettings();
    await userEvent.type(companyName, ' Group');
    const reads = () => calls.filter((call) => call.method === 'GET').length;
    const readsBefore = reads();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Discard your changes and reload?',
    });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(companyName).toHaveValue('Acme Sdn Bhd Group');
    expect(reads()).toBe(readsBefore);

    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard and Refresh' }));
    await waitFor(() => expect(companyName).toHaveValue('Acme Sdn Bhd'));
  });

  it('shows the live number preview as the numbering changes', async () => {
    stubSettings();
    await openSettings();
    const invoice = screen.getByRole('region', { name: 'Invoice numbering' });
    const preview = within(invoice).getByLabelText('Invoice number preview');
    expect(preview).toHaveTextContent(`INV-MP-${year}-000001`);
    const refunds = screen.getByRole('region', { name: 'Refund note numbering' });
    expect(within(refunds).getByLabelText('Refund note number preview')).toHaveTextContent(
      `RN-MP-${year}-000001`,
    );

    const prefix = within(invoice).getByLabelText('Prefix');
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'bill');
    expect(prefix).toHaveValue('BILL');
    const padLength = within(invoice).getByLabelText('Pad Length');
    await userEvent.clear(padLength);
    await userEvent.type(padLength, '4');
    await userEvent.click(within(invoice).getByRole('switch', { name: 'Use current year' }));
    expect(preview).toHaveTextContent('BILL-MP-0001');

    // A pad length out of range falls back to 6.
    await userEvent.clear(padLength);
    await userEvent.type(padLength, '12');
    expect(preview).toHaveTextContent('BILL-MP-000001');
  });

  it('checks the tagline colour and offers the preset colours', async () => {
    stubSettings();
    await openSettings();
    const colour = screen.getByLabelText('Tagline Colour');
    await userEvent.clear(colour);
    await userEvent.type(colour, '#12345G');
    expect(
      await screen.findByText('Tagline colour must be a hex colour such as #6B7280'),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Blue #2563EB' }));
    expect(colour).toHaveValue('#2563EB');
    expect(screen.queryByText(/Tagline colour must be/)).not.toBeInTheDocument();
    expect(screen.getByTestId('tagline-preview')).toHaveStyle({ color: '#2563EB' });
  });

  it('applies the input rules while typing', async () => {
    stubSettings();
    await openSettings();
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '+60 3-12ab34');
    expect(phone).toHaveValue('+60 3-1234');
    const postalCode = screen.getByLabelText('Postal Code');
    await userEvent.type(postalCode, '50x450');
    expect(postalCode).toHaveValue('50450');
    const registration = screen.getByLabelText('Registration Number');
    await userEvent.type(registration, 'x');
    expect(registration).toHaveValue('202301000001X');
  });

  it('resets to the defaults after a confirmation', async () => {
    const calls = stubSettings();
    await openSettings();
    await userEvent.click(screen.getByRole('button', { name: 'Reset to Default' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('company information, the logo');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Reset to Default' }));

    expect(await screen.findByText('Settings reset to default successfully')).toBeInTheDocument();
    expect(screen.getByLabelText('Company Name')).toHaveValue('');
    expect(screen.getByLabelText('No logo uploaded')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/settings/reset')).toBe(true);
  });

  it('refuses an over-size or non-image logo before uploading', async () => {
    const calls = stubSettings();
    await openSettings();
    const input = screen.getByLabelText('Logo file');

    const big = new File(['x'], 'logo.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File size must be less than 5MB')).toBeInTheDocument();

    const text = new File(['hello'], 'logo.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [text] } });
    expect(await screen.findByText('Please select an image file')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/settings/logo')).toHaveLength(0);
  });

  it('is read-only without settings.edit', async () => {
    stubSettings();
    await openSettings({
      ...testUsers.sales,
      permissions: [...roleTemplates.sales, 'settings.view'],
    });
    expect(screen.getByLabelText('Company Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset to Default' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Logo/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it("says 'Failed to load company settings' when loading fails", async () => {
    stubApi({
      'GET /api/settings': () =>
        jsonResponse({ success: false, error: 'INTERNAL_ERROR', message: 'boom' }, 500),
    });
    signInAs(testUsers.superadmin);
    renderScreen(<SettingsPage />);
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load company settings')).toHaveLength(2),
    );
  });
});

const unchanged = { current: 'X-1', next: 'X-1', restarts: false };

function stubPreview(invoice: NumberingPreviewResponse['numbers']['invoice']) {
  return stubSettings(stored, {
    'POST /api/settings/numbering/preview': () =>
      jsonResponse({
        success: true,
        numbers: { product: unchanged, quotation: unchanged, invoice, receipt: unchanged },
      }),
  });
}

async function switchOffCurrentYear() {
  await openSettings();
  const invoice = screen.getByRole('region', { name: 'Invoice numbering' });
  await userEvent.click(within(invoice).getByRole('switch', { name: 'Use current year' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
}

describe('numbering restart warning', { timeout: 15_000 }, () => {
  it('names the next number and saves only once the restart is confirmed', async () => {
    const calls = stubPreview({
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
    const calls = stubPreview({
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
