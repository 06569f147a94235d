import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  crashMappingMessages,
  type CreateCrashReportResponse,
  type CreateLicencesResponse,
  type DeviceActivateResponse,
  type ListOtaVersionsResponse,
} from '@patrol/contracts';
import { buildTestApk, generateR8App, generateR8Crash } from '@patrol/test-apk';
import { describe, expect } from 'vitest';
import { expectApkRead } from './support/apk-upload';
import { createApiClient } from './support/api-client';
import { testOnOwnServer } from './support/own-server';
import { artifactsDir } from './support/paths';
import { signInAsStaff } from './support/staff-session';

// A server of its own: its release's version code is the next one there, whatever APKs other
// journeys upload meanwhile.
const test = testOnOwnServer('crash-retrace-server.log');

const liveUpdateTimeout = { timeout: 20_000, interval: 250 };

describe('readable stacks from an R8 build', () => {
  test('an APK uploaded with its mapping: obfuscated crashes show readable, grouped with the reason', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    const existing = await api.get<ListOtaVersionsResponse>(
      '/api/ota/versions?includeInactive=true',
    );
    const versionCode = Math.max(0, ...existing.body.versions.map((v) => v.buildNumber ?? 0)) + 1;
    const versionName = `4.${versionCode}.0`;
    const apk = await buildTestApk({ versionCode, versionName });
    const app = generateR8App(8, 6);

    // The release and its mapping, uploaded together from the OTA screen.
    await page.goto(new URL('/ota', baseUrl).href);
    await page.getByRole('heading', { name: 'Over The Air Update (OTA)' }).waitFor();
    await page.getByRole('button', { name: 'Upload APK' }).first().click();
    const upload = page.getByRole('dialog', { name: 'Upload New APK' });
    await upload.getByLabel('APK file').setInputFiles({
      name: `patrol-${versionName}.apk`,
      mimeType: 'application/vnd.android.package-archive',
      buffer: apk,
    });
    await upload.getByLabel('Mapping file').setInputFiles({
      name: 'mapping.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(app.mapping),
    });
    await expectApkRead(upload, { versionName, versionCode });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText(crashMappingMessages.uploaded(versionName)).waitFor({ timeout: 30_000 });
    await upload.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Actions for version ${versionName}` }).click();
    await page.getByRole('menuitem', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Version Details' });
    await details.getByRole('button', { name: 'Download Mapping' }).waitFor();
    await page.screenshot({ path: join(artifactsDir, 'crash-retrace-mapping.png') });
    await page.keyboard.press('Escape');

    // A device of a client sends obfuscated crashes of that release.
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `R8-${suffix}`;
    await api.post('/api/clients', {
      companyId,
      companyName: `R8 Journey ${suffix} Sdn Bhd`,
      contactPerson: 'Nur Aina',
      email: `r8-${suffix.toLowerCase()}@example.com`,
      phone: '+60 12-345 6789',
      address: 'Kuala Lumpur',
    });
    const licences = await api.post<CreateLicencesResponse>(`/api/clients/${companyId}/licences`, {
      count: 1,
      licenseType: 'Standard',
      validityPeriodDays: 30,
    });
    const activation = await createApiClient(baseUrl).post<DeviceActivateResponse>(
      '/api/device/activate',
      {
        licenceKey: licences.body.licences[0]!.key,
        deviceId: `MPDID-R8${randomBytes(5).toString('hex').toUpperCase()}-Main Gate`,
        projectName: 'Main Gate',
      },
    );
    expect(activation.status).toBe(200);
    const device = createApiClient(baseUrl, activation.body.deviceToken);
    const crash = generateR8Crash(app, 3, 5);
    const title = `Minified crash ${suffix}`;
    const fingerprints = new Set<string>();
    for (let n = 0; n < 3; n += 1) {
      const sent = await device.post<CreateCrashReportResponse>('/api/crash-reports', {
        title,
        severity: 'high',
        errorMessage: 'java.lang.NullPointerException: generated crash',
        stackTrace: crash.obfuscated,
        deviceInfo: { platform: 'android' },
        appInfo: { version: versionName },
      });
      expect(sent.status).toBe(201);
      fingerprints.add(sent.body.data.fingerprint);
    }
    expect(fingerprints.size).toBe(1);

    // The viewer shows the readable stack (and the raw one), and the group says why.
    await page.goto(new URL(`/crash-report?search=${suffix}`, baseUrl).href);
    const open = page.getByRole('button', { name: `View details of ${title}` }).first();
    await open.waitFor(liveUpdateTimeout);
    await open.click();
    const report = page.getByRole('dialog', { name: title });
    const stack = report.getByLabel('Readable stack trace');
    await stack.waitFor();
    const readable = await stack.innerText();
    expect(readable).toBe(crash.readable);
    await page.screenshot({ path: join(artifactsDir, 'crash-retrace-readable.png') });
    await report.getByRole('button', { name: 'Raw (obfuscated)' }).click();
    expect(await report.locator('pre[aria-label="Stack trace"]').innerText()).toBe(
      crash.obfuscated,
    );
    await report.getByRole('button', { name: 'View Group' }).click();
    const group = page.getByRole('dialog', { name: title });
    const reason = group.getByTestId('grouping-reason');
    await reason.waitFor();
    expect(await reason.innerText()).toMatch(/^same exception and same 5 in-app frames$/);
    await page.screenshot({ path: join(artifactsDir, 'crash-retrace-group.png') });

    // Another crash of the release: found by its fingerprint in the merge picker, merged in, and
    // its reports split out again as a stack variant.
    const other = await device.post<CreateCrashReportResponse>('/api/crash-reports', {
      title: `Other crash ${suffix}`,
      severity: 'high',
      stackTrace: generateR8Crash(app, 4, 5).obfuscated,
      deviceInfo: { platform: 'android' },
      appInfo: { version: versionName },
    });
    const otherGroup = other.body.data.fingerprint;
    expect(fingerprints.has(otherGroup)).toBe(false);
    await group.getByLabel('Find a group to merge into this one').fill(otherGroup.slice(0, 12));
    await group.getByRole('button', { name: `Merge ${otherGroup}` }).click({ timeout: 20_000 });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Merge Groups' }).click();
    await page.getByText('Crash groups merged').waitFor();
    // The group now takes the title of its latest report (the merged one's): found by role alone.
    const merged = page.getByRole('dialog');
    await expect
      .poll(() => merged.getByTestId('grouping-reason').innerText(), liveUpdateTimeout)
      .toBe('same exception and same 5 in-app frames; 1 group merged in by staff');
    const variants = merged.getByRole('region', { name: 'Stack variants' });
    await variants
      .getByRole('checkbox', { name: /^Variant 2: 1 report/ })
      .click({ timeout: 20_000 });
    await page.screenshot({ path: join(artifactsDir, 'crash-retrace-variants.png') });
    await variants.getByRole('button', { name: 'Split Into New Group' }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Split Into New Group' })
      .click();
    await page.getByText('Reports split into a new group').waitFor();
    await variants.getByRole('checkbox', { name: /^Variant 2/ }).waitFor({ state: 'detached' });
    // Two uploads, four reports, a merge and a split: longer than a journey of one screen.
  }, 120_000);
});
