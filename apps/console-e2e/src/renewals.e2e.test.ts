import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { test } from './support/e2e-test';
import { artifactsDir } from './support/paths';
import { signInAsStaff } from './support/staff-session';

describe('licence renewals', () => {
  test('the renewals view lists keys about to expire, and turns auto-renewal on', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `REN-${suffix}`;
    const companyName = `Renewal Journey ${suffix} Sdn Bhd`;
    const created = await api.post('/api/clients', {
      companyId,
      companyName,
      contactPerson: 'Nadia Rahman',
      email: `renewals-${suffix.toLowerCase()}@example.com`,
      phone: '+60 3-2000 2000',
      address: 'Petaling Jaya, Selangor',
    });
    expect(created.status).toBe(201);
    const added = await api.post<{ licences: { key: string }[] }>(
      `/api/clients/${companyId}/licences`,
      { count: 3, licenseType: 'Trial', validityPeriodDays: 5 },
    );
    expect(added.status).toBe(201);
    const keys = added.body.licences.map((licence) => licence.key);

    await page.goto(new URL('/billing?tab=renewals&days=7', baseUrl).href);
    const row = page.getByRole('row').filter({ hasText: companyName });
    await row.waitFor();
    for (const key of keys) expect(await row.getByText(key).count()).toBe(1);
    expect(await row.innerText()).toContain('Trial');

    await row.getByRole('switch', { name: `Auto-renewal for ${companyName}` }).click();
    await page.getByText(`Auto-renewal turned on for ${companyName}`).waitFor();
    await page.screenshot({ path: join(artifactsDir, 'renewals-view.png'), fullPage: true });
  });

  test('the reminder ladder is edited on the Licence renewals card of Settings', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    type Settings = { licenceRenewals: { reminderLadder: { days: number; sends: string }[] } };
    const before = await api.get<{ settings: Settings & { logo: unknown } }>('/api/settings');
    const { logo: _logo, ...saved } = before.body.settings;
    try {
      await page.goto(new URL('/settings', baseUrl).href);
      const sends = page.getByLabel('Reminder 2 sends');
      await sends.selectOption('whatsapp');
      await page.getByRole('button', { name: 'Add reminder' }).click();
      await page.getByLabel('Reminder 6: days from the due date').fill('45');
      await page.getByRole('button', { name: 'Save Settings' }).click();
      await page.getByText('Settings saved successfully').waitFor();
      // After the save: a screenshot of an element taller than the window leaves Chromium to
      // correct the scroll at its next layout, which can move the Save button under the click.
      const card = page.locator('[data-slot="card"]').filter({ hasText: 'Payment reminders' });
      await card.screenshot({ path: join(artifactsDir, 'settings-reminder-ladder.png') });
      const after = await api.get<{ settings: Settings }>('/api/settings');
      expect(after.body.settings.licenceRenewals.reminderLadder).toEqual([
        { days: -3, sends: 'email_with_pdf' },
        { days: 0, sends: 'whatsapp' },
        { days: 7, sends: 'email_with_pdf' },
        { days: 14, sends: 'email_with_pdf' },
        { days: 30, sends: 'email_with_pdf' },
        { days: 45, sends: 'email_with_pdf' },
      ]);
    } finally {
      await api.put('/api/settings', saved);
    }
  });
});
