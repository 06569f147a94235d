import { randomBytes } from 'node:crypto';
import type {
  CreateLicencesResponse,
  DashboardResponse,
  DeviceActivateResponse,
} from '@patrol/contracts';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createApiClient } from './support/api-client';
import { testOnOwnServer } from './support/own-server';
import { socketConnected } from './support/socket-connected';
import { signInAsStaff } from './support/staff-session';

// A server of its own: the journey expects its own clients, keys and device on top of the
// figures it read first, which other journeys adding and binding keys meanwhile would shift.
const test = testOnOwnServer('dashboard-server.log');

// Live refreshes are debounced and spaced by the dashboard breaker (5 s), so allow for both.
const liveUpdateTimeout = { timeout: 20_000, interval: 250 };

async function tileCount(page: Page, title: string): Promise<number> {
  const text = await page
    .getByRole('listitem', { name: title })
    .getByTestId('licence-tile-count')
    .innerText();
  return Number(text.replace(/,/g, ''));
}

describe('dashboard', () => {
  test('shows a new client and its licences, then a device going active, without a reload', async ({
    page,
    baseUrl,
  }) => {
    const connected = socketConnected(page);
    const { api } = await signInAsStaff(page, baseUrl);
    await page.getByRole('listitem', { name: 'Active Now' }).waitFor();
    await connected;
    // Compare with what the dashboard said before (the server seeds its own figures).
    const before = (await api.get<DashboardResponse>('/api/clients/dashboard')).body;
    expect(before.success).toBe(true);
    const { summary } = before.licenseActivity;
    // Marks this page load; a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { dashboardJourney: boolean }).dashboardJourney = true;
    });

    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `DASH-${suffix}`;
    const companyName = `Dashboard Journey ${suffix} Sdn Bhd`;
    const created = await api.post('/api/clients', {
      companyId,
      companyName,
      contactPerson: 'Nur Aina',
      email: `ops-${suffix.toLowerCase()}@example.com`,
      phone: '+60 12-345 6789',
      address: 'Menara Patrol, Kuala Lumpur',
    });
    expect(created.status).toBe(201);
    const licences = await api.post<CreateLicencesResponse>(`/api/clients/${companyId}/licences`, {
      count: 3,
      licenseType: 'Standard',
      validityPeriodDays: 30,
    });
    expect(licences.status).toBe(201);

    const recentClients = page.getByRole('list', { name: 'Recent clients' });
    await expect
      .poll(
        () => recentClients.getByRole('link', { name: new RegExp(companyName) }).count(),
        liveUpdateTimeout,
      )
      .toBe(1);
    await expect
      .poll(() => tileCount(page, 'Non Activated Licence'), liveUpdateTimeout)
      .toBe(summary.nonActivated + 3);
    expect(await tileCount(page, 'Active Now')).toBe(summary.activeNow);
    const totalClients = await page.getByRole('group', { name: 'Total Clients' }).innerText();
    expect(totalClients.split('\n').filter((line) => line.trim())[1]).toBe(
      String(before.stats.totalClients + 1),
    );

    // The patrol app activates with a key and reports in.
    const projectName = 'Main Gate';
    const activation = await createApiClient(baseUrl).post<DeviceActivateResponse>(
      '/api/device/activate',
      {
        licenceKey: licences.body.licences[0]!.key,
        deviceId: `MPDID-E2E${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}-${projectName}`,
        projectName,
      },
    );
    expect(activation.status).toBe(200);
    const heartbeat = await createApiClient(baseUrl, activation.body.deviceToken).post(
      '/api/device/heartbeat',
      { appVersion: '2.4.0', batteryLevel: 80 },
    );
    expect(heartbeat.status).toBe(200);

    await expect
      .poll(() => tileCount(page, 'Active Now'), liveUpdateTimeout)
      .toBe(summary.activeNow + 1);
    expect(await tileCount(page, 'Non Activated Licence')).toBe(summary.nonActivated + 2);
    expect(await page.getByText('Last updated: Just now').isVisible()).toBe(true);
    const recentActivity = page.getByRole('list', { name: 'Recent activity' });
    await expect
      .poll(() => recentActivity.getByText(companyName).count(), liveUpdateTimeout)
      .toBeGreaterThan(0);
    expect(
      await page.evaluate(
        () => (window as unknown as { dashboardJourney?: boolean }).dashboardJourney,
      ),
    ).toBe(true);

    await recentClients.getByRole('link', { name: new RegExp(companyName) }).click();
    await page.waitForURL((url) => url.pathname === `/clients/${companyId}`);
  });
});
