import type { ListOtaVersionsResponse, MobileUpdateCheckResponse } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { describe, expect } from 'vitest';
import { expectApkRead } from './support/apk-upload';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

// Slow enough that the progress bar is seen moving: about 3 s for the padded APK below.
const uploadBytesPerSecond = 768 * 1024;

describe('OTA releases', () => {
  test('uploads an APK with a progress bar, activates it, and the mobile check offers it', async ({
    page,
    baseUrl,
  }) => {
    const session = await signInAsStaff(page, baseUrl);
    // Version codes only go up: start above whatever an earlier run left on this server.
    const existing = await session.api.get<ListOtaVersionsResponse>(
      '/api/ota/versions?includeInactive=true',
    );
    const latestCode = Math.max(0, ...existing.body.versions.map((v) => v.buildNumber ?? 0));
    const versionCode = latestCode + 1;
    const versionName = `3.${versionCode}.0`;
    const apk = await buildTestApk({ versionCode, versionName, padBytes: 2 * 1024 * 1024 });

    await page.goto(new URL('/ota', baseUrl).href);
    await page.getByRole('heading', { name: 'Over The Air Update (OTA)' }).waitFor();
    await page.getByRole('group', { name: 'API Connection' }).getByText('Operational').waitFor();
    expect(await page.getByRole('status', { name: 'Circuit breaker' }).innerText()).toContain(
      'Circuit breaker: Closed',
    );

    await page.getByRole('button', { name: 'Upload APK' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload New APK' });
    await dialog.getByLabel('APK file').setInputFiles({
      name: `patrol-${versionName}.apk`,
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk,
    });
    // The APK is read in the browser: its manifest names the version, which fills Version.
    await expectApkRead(dialog, { versionName, versionCode });
    await dialog.getByLabel('Release notes').fill('Journey release');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: uploadBytesPerSecond,
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const bar = dialog.getByRole('progressbar', { name: 'APK upload progress' });
    await bar.waitFor();
    // The bar moves while the file goes out.
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.getByText('Upload Successful').waitFor({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('row', {
      name: new RegExp(`^${versionName.replace(/\./g, '\\.')}`),
    });
    await row.waitFor();
    expect(await row.innerText()).toContain(`Build ${versionCode}`);
    expect(await row.innerText()).toContain('Inactive');

    await page.getByRole('button', { name: `Actions for version ${versionName}` }).click();
    await page.getByRole('menuitem', { name: 'Activate' }).click();
    // Activating a release is confirmed first (it replaces the one devices are offered).
    const confirm = page.getByRole('alertdialog', { name: `Activate version ${versionName}?` });
    await confirm.getByRole('button', { name: 'Activate' }).click();
    await page.getByText(`Version ${versionName} activated successfully`).waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await page.getByRole('group', { name: 'Current Version' }).getByText(versionName).waitFor();

    const check = await session.api.get<MobileUpdateCheckResponse>('/api/ota/mobile/check');
    expect(check.status).toBe(200);
    expect(check.body.android).toMatchObject({
      currentVersion: versionName,
      hasUpdate: true,
      versionCode,
      fileSize: apk.length,
    });
  });
});
