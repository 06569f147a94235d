import { randomBytes } from 'node:crypto';
import type {
  CreateLicencesResponse,
  DeviceActivateResponse,
  ListOtaVersionsResponse,
} from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { describe, expect } from 'vitest';
import { expectApkRead } from './support/apk-upload';
import { createApiClient } from './support/api-client';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

/** Every device crashes: 100 daily users are the minimum Play's thresholds are judged on. */
const fleetSize = 100;

describe('release health', () => {
  test('a simulated fleet makes a staged release bad and it halts itself, the reason shown', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    const existing = await api.get<ListOtaVersionsResponse>(
      '/api/ota/versions?includeInactive=true',
    );
    const versionCode = Math.max(0, ...existing.body.versions.map((v) => v.buildNumber ?? 0)) + 1;
    const versionName = `4.${versionCode}.0`;

    await page.goto(new URL('/ota', baseUrl).href);
    await page.getByRole('heading', { name: 'Over The Air Update (OTA)' }).waitFor();
    await page.getByRole('button', { name: 'Upload APK' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload New APK' });
    await dialog.getByLabel('APK file').setInputFiles({
      name: `patrol-${versionName}.apk`,
      mimeType: 'application/vnd.android.package-archive',
      buffer: await buildTestApk({ versionCode, versionName }),
    });
    await expectApkRead(dialog, { versionName, versionCode });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 30_000 });
    const listed = await api.get<ListOtaVersionsResponse>('/api/ota/versions?includeInactive=true');
    const release = listed.body.versions.find((v) => v.version === versionName)!;
    expect((await api.patch(`/api/ota/versions/${release.id}/activate`)).status).toBe(200);
    const staged = await api.patch(`/api/ota/versions/${release.id}/rollout`, {
      rolloutPercent: 5,
    });
    expect(staged.status).toBe(200);

    // A fleet on the new release: every device starts a session and crashes in active use.
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `HEALTH-${suffix}`;
    const created = await api.post('/api/clients', {
      companyId,
      companyName: `Release Health ${suffix} Sdn Bhd`,
      contactPerson: 'Nur Aina',
      email: `health-${suffix.toLowerCase()}@example.com`,
      phone: '+60 12-345 6789',
      address: 'Kuala Lumpur',
    });
    expect(created.status).toBe(201);
    const licences = await api.post<CreateLicencesResponse>(`/api/clients/${companyId}/licences`, {
      count: fleetSize,
      licenseType: 'Standard',
      validityPeriodDays: 30,
    });
    expect(licences.status).toBe(201);
    const projectName = 'Main Gate';
    const anonymous = createApiClient(baseUrl);
    for (const [n, licence] of licences.body.licences.entries()) {
      const activation = await anonymous.post<DeviceActivateResponse>('/api/device/activate', {
        licenceKey: licence.key,
        deviceId: `MPDID-RH${suffix}${String(n).padStart(4, '0')}-${projectName}`,
        projectName,
      });
      expect(activation.status).toBe(200);
      const device = anonymous.withToken(activation.body.deviceToken);
      const sessionId = `journey-${suffix}-${n}`;
      const ping = { sessionId, versionCode, versionName };
      expect((await device.post('/api/device/session', { ...ping, event: 'start' })).status).toBe(
        200,
      );
      const end = { ...ping, event: 'end', status: 'crashed', foreground: true };
      expect((await device.post('/api/device/session', end)).status).toBe(200);
    }

    // The minute's release-health evaluation halts it; the OTA screen says why without a reload.
    const row = page.getByRole('row', {
      name: new RegExp(`^${versionName.replace(/\./g, '\\.')}`),
    });
    await row.getByText('Halted').waitFor({ timeout: 90_000 });
    await row
      .getByText(
        `User-perceived crash rate 100% of ${fleetSize} daily users reaches Google Play's bad-behaviour threshold of 1.09%`,
      )
      .waitFor();
    const after = await api.get<ListOtaVersionsResponse>('/api/ota/versions?includeInactive=true');
    const halted = after.body.versions.find((v) => v.id === release.id)!;
    expect(halted.ladder?.haltRule).toBe('playCrashRate');
    await page.screenshot({ path: `artifacts/release-health-halted.png` });
  }, 180_000);
});
