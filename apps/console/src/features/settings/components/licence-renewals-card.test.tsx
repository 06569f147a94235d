import { defaultCompanySettings, type CompanySettingsWithLogo } from '@patrol/contracts';
import { screen, waitFor } from '@testing-library/react';
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

function stubSettings() {
  return stubApi({
    'GET /api/settings': () => jsonResponse({ success: true, settings: stored }),
    'PUT /api/settings': (call: FakeCall) =>
      jsonResponse({ success: true, settings: { ...(call.body as object), logo: null } }),
  });
}

async function openSettings() {
  signInAs(testUsers.superadmin);
  renderScreen(<SettingsPage />);
  await screen.findByLabelText('Company Name');
}

const days = (step: number) => screen.getByLabelText(`Reminder ${step}: days from the due date`);
const sends = (step: number) => screen.getByLabelText(`Reminder ${step} sends`);

describe('Licence renewals card: the reminder ladder', { timeout: 15_000 }, () => {
  it('edits each step, adds and removes steps, and saves the ladder sorted by day', async () => {
    const calls = stubSettings();
    await openSettings();
    expect(days(1)).toHaveValue(-3);
    expect(screen.getByText('3 days before the due date')).toBeInTheDocument();
    expect(days(5)).toHaveValue(30);
    expect(sends(1)).toHaveValue('email_with_pdf');

    await userEvent.selectOptions(sends(2), 'WhatsApp text only');
    await userEvent.click(screen.getByRole('button', { name: 'Remove reminder 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    expect(days(5)).toHaveValue(37);
    await userEvent.clear(days(5));
    await userEvent.type(days(5), '-1');
    await userEvent.selectOptions(sends(5), 'E-mail without the PDF');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect(await screen.findByText('Settings saved successfully')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({
      licenceRenewals: {
        reminderLadder: [
          { days: -1, sends: 'email' },
          { days: 0, sends: 'whatsapp' },
          { days: 7, sends: 'email_with_pdf' },
          { days: 14, sends: 'email_with_pdf' },
          { days: 30, sends: 'email_with_pdf' },
        ],
      },
    });
  });

  it('refuses a day twice or out of range in words, and saves nothing', async () => {
    const calls = stubSettings();
    await openSettings();
    await userEvent.clear(days(2));
    await userEvent.type(days(2), '-3');
    expect(await screen.findByText('Each reminder day may appear only once')).toBeInTheDocument();
    await userEvent.clear(days(3));
    await userEvent.type(days(3), '400');
    expect(
      await screen.findByText(
        'Each reminder must be between 60 days before and 365 days after the due date',
      ),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(days(2)).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('keeps at least one step and at most ten', async () => {
    stubSettings();
    await openSettings();
    for (let added = 0; added < 5; added += 1) {
      await userEvent.click(screen.getByRole('button', { name: 'Add reminder' }));
    }
    expect(screen.getByRole('button', { name: 'Add reminder' })).toBeDisabled();
    for (let step = 10; step > 1; step -= 1) {
      await userEvent.click(screen.getByRole('button', { name: `Remove reminder ${step}` }));
    }
    expect(screen.getByRole('button', { name: 'Remove reminder 1' })).toBeDisabled();
  });
});
