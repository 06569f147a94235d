import { randomBytes } from 'node:crypto';
import type {
  CreateLicencesResponse,
  DeviceActivateResponse,
  ListOtaVersionsResponse,
} from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { expectApkRead } from './support/apk-upload';
import { createApiClient, type ApiClient } from './support/api-client';
import { testOnOwnServer } from './support/own-server';
import { signInAsStaff } from './support/staff-session';

// A server of its own: the journey's releases are the only ones, so no other journey's upload or
// activation moves the rollout it watches. It evaluates release health every 5 s, not every minute.
const test = testOnOwnServer('release-health-server.log', {
  env: { RELEASE_HEALTH_INTERVAL_SECONDS: '5' },
});

/** Every device crashes: 100 daily users are the minimum Play's thresholds are judged on. */
const fleetSize = 100;

/** Uploads an APK through Upload New APK, activates it, and answers its id. */
async function uploadAndActivate(
  page: Page,
  api: ApiClient,
  apk: { versionName: string; versionCode: number },
): Promise<string> {
  await page.getByRole('button', { name: 'Upload APK' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upload New APK' });
  await dialog.getByLabel('APK file').setInputFiles({
    name: `patrol-${apk.versionName}.apk`,
    mimeType: 'application/vnd.android.package-archive',
    buffer: await buildTestApk(apk),
  });
  await expectApkRead(dialog, apk);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await dialog.waitFor({ state: 'detached', timeout: 30_000 });
  const listed = await api.get<ListOtaVersionsResponse>('/api/ota/versions?includeInactive=true');
  const release = listed.body.versions.find((v) => v.version === apk.versionName)!;
  expect((await api.patch(`/api/ota/versions/${release.id}/activate`)).status).toBe(200);
  return release.id;
}

describe('release health', () => {
  test('a simulated fleet makes a staged release bad, it halts itself with the reason shown, and a rebuilt good build rolls forward', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    await page.goto(new URL('/ota', baseUrl).href);
    await page.getByRole('heading', { name: 'Over The Air Update (OTA)' }).waitFor();
    await uploadAndActivate(page, api, { versionName: '4.1.0', versionCode: 1 });
    const versionCode = 2;
    const versionName = '4.2.0';
    const releaseId = await uploadAndActivate(page, api, { versionName, versionCode });
    const staged = await api.patch(`/api/ota/versions/${releaseId}/rollout`, {
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

    // The next release-health evaluation halts it; the OTA screen says why without a reload.
    const row = page.getByRole('row', {
      name: new RegExp(`^${versionName.replace(/\./g, '\\.')}`),
    });
    await row.getByText('Halted').waitFor({ timeout: 30_000 });
    await row
      .getByText(
        `User-perceived crash rate 100% of ${fleetSize} daily users reaches Google Play's bad-behaviour threshold of 1.09%`,
      )
      .waitFor();
    const after = await api.get<ListOtaVersionsResponse>('/api/ota/versions?includeInactive=true');
    const halted = after.body.versions.find((v) => v.id === releaseId)!;
    expect(halted.ladder?.haltRule).toBe('playCrashRate');
    await page.screenshot({ path: `artifacts/release-health-halted.png` });

    // Roll forward: 4.1.0 rebuilt with a version code above 4.2.0's, read in the browser first.
    await row.getByRole('button', { name: 'Rollout of version 4.2.0: 5%, halted' }).click();
    await page.getByRole('menuitem', { name: 'Roll forward…' }).click();
    const rollForward = page.getByRole('dialog', { name: 'Roll forward from 4.2.0?' });
    await rollForward.getByLabel('Rebuilt APK of 4.1.0').setInputFiles({
      name: 'patrol-4.1.1.apk',
      mimeType: 'application/vnd.android.package-archive',
      buffer: await buildTestApk({ versionName: '4.1.1', versionCode: 3 }),
    });
    await rollForward.getByText('version 4.1.1, version code 3.', { exact: false }).waitFor();
    await page.screenshot({ path: `artifacts/release-health-roll-forward.png` });
    await rollForward.getByRole('button', { name: 'Roll Forward' }).click();
    await rollForward.waitFor({ state: 'detached', timeout: 30_000 });
    const rolled = await api.get<ListOtaVersionsResponse>('/api/ota/versions?includeInactive=true');
    expect(rolled.body.versions.find((v) => v.version === '4.1.1')).toMatchObject({
      isActive: true,
      buildNumber: 3,
      rolloutPercent: 100,
    });
    expect(rolled.body.versions.find((v) => v.id === releaseId)?.isActive).toBe(false);
  }, 180_000);
});
