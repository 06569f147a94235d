import { randomBytes } from 'node:crypto';
import type {
  CreateCrashReportResponse,
  CreateLicencesResponse,
  DeviceActivateResponse,
} from '@patrol/contracts';
import { describe, expect } from 'vitest';
import { createApiClient } from './support/api-client';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

const liveUpdateTimeout = { timeout: 20_000, interval: 250 };

describe('crash reports', () => {
  test('a simulated device posts a critical crash: the viewer shows it with a toast, without a reload', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `CRASH-${suffix}`;
    expect(
      (
        await api.post('/api/clients', {
          companyId,
          companyName: `Crash Journey ${suffix} Sdn Bhd`,
          contactPerson: 'Nur Aina',
          email: `crash-${suffix.toLowerCase()}@example.com`,
          phone: '+60 12-345 6789',
          address: 'Kuala Lumpur',
        })
      ).status,
    ).toBe(201);
    const licences = await api.post<CreateLicencesResponse>(`/api/clients/${companyId}/licences`, {
      count: 1,
      licenseType: 'Standard',
      validityPeriodDays: 30,
    });
    expect(licences.status).toBe(201);
    const projectName = 'Main Gate';
    const activation = await createApiClient(baseUrl).post<DeviceActivateResponse>(
      '/api/device/activate',
      {
        licenceKey: licences.body.licences[0]!.key,
        deviceId: `MPDID-CR${randomBytes(5).toString('hex').toUpperCase()}-${projectName}`,
        projectName,
      },
    );
    expect(activation.status).toBe(200);
    const device = createApiClient(baseUrl, activation.body.deviceToken);

    await page.goto(new URL('/crash-report', baseUrl).href);
    await page.getByRole('heading', { name: 'Crash & Debug Reports' }).waitFor();
    await page.getByRole('group', { name: 'Total Reports' }).waitFor();
    // Marks this page load; a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { crashJourney: boolean }).crashJourney = true;
    });

    const title = `IllegalStateException in PatrolService ${suffix}`;
    const sent = await device.post<CreateCrashReportResponse>('/api/crash-reports', {
      title,
      severity: 'critical',
      errorMessage: 'Scanner not ready',
      stackTrace: `java.lang.IllegalStateException: Scanner not ready\n\tat com.patrol.app.PatrolService.scan(PatrolService.kt:88)`,
      deviceInfo: {
        platform: 'android',
        manufacturer: 'Samsung',
        model: 'SM-A515F',
        batteryLevel: 150,
      },
      appInfo: { version: '2.4.1' },
    });
    expect(sent.status).toBe(201);

    await page.getByText('Critical crash report').waitFor(liveUpdateTimeout);
    const titleButton = page.getByRole('button', { name: title, exact: true });
    await titleButton.waitFor(liveUpdateTimeout);
    const row = page.locator('tr', { has: titleButton });
    expect(await row.innerText()).toContain(sent.body.data.id.slice(0, 8));

    await page.getByRole('button', { name: `View details of ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('region', { name: 'Device' }).getByText('Invalid').waitFor();
    await dialog.getByRole('button', { name: /^Status: New\./ }).click();
    await page.getByRole('menuitemradio', { name: 'Investigating' }).click();
    await page.getByText('Crash report updated successfully').waitFor(liveUpdateTimeout);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: /^Status: Investigating\./ }).waitFor();

    await page.getByRole('button', { name: 'Groups' }).click();
    const groupButton = page.getByRole('button', { name: title, exact: true });
    await groupButton.waitFor(liveUpdateTimeout);
    expect(await page.locator('tr', { has: groupButton }).innerText()).toContain('2.4.1');
    expect(
      await page.evaluate(() => (window as unknown as { crashJourney?: boolean }).crashJourney),
    ).toBe(true);
  });
});
