import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { consoleBuildInfoSchema, type ListOtaVersionsResponse } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { afterAll, describe, expect } from 'vitest';
import { testOnOwnServer } from './support/own-server';
import { repoRoot } from './support/paths';
import { signInAsStaff } from './support/staff-session';

// The server serves a copy of the console build, so the journey can "deploy" a newer build under
// it (a new build-info.json) while a browser runs the one it loaded.
const servedDist = mkdtempSync(join(tmpdir(), 'patrol-e2e-console-'));
cpSync(join(repoRoot, 'apps/console/dist'), servedDist, { recursive: true });
const buildInfoFile = join(servedDist, 'build-info.json');
const loadedBuild = consoleBuildInfoSchema.parse(JSON.parse(readFileSync(buildInfoFile, 'utf8')));
afterAll(() => rmSync(servedDist, { recursive: true, force: true }));

const test = testOnOwnServer('updates-server.log', { consoleDist: servedDist });

/** The first check runs 2 s after start; allow for a slow machine beyond that. */
const noticeTimeout = { timeout: 15_000, interval: 250 };

/** "Deploys" a newer build: same files, a new id and version, as after `npm run build`. */
function deployNewerBuild(): string {
  const buildId = `e2e-${randomBytes(4).toString('hex')}`;
  writeFileSync(
    buildInfoFile,
    JSON.stringify({
      ...loadedBuild,
      buildId,
      version: '8.3.0',
      releaseNotes: 'Faster client search',
      builtAt: new Date().toISOString(),
    }),
  );
  return buildId;
}

describe('update notices', () => {
  test('a newer console build is served: the notice appears, Update downloads it and the page reloads', async ({
    page,
    baseUrl,
  }) => {
    await signInAsStaff(page, baseUrl);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    // The loaded build is the one served: the first check (2 s in) raises nothing.
    await page.waitForTimeout(3_000);
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    deployNewerBuild();
    await page.reload();
    await expect
      .poll(
        () => page.getByRole('button', { name: 'Notifications, 1 unread' }).isVisible(),
        noticeTimeout,
      )
      .toBe(true);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    await panel.getByText('Dashboard Update Available').waitFor();
    const card = panel.getByRole('region', { name: 'Console update' });
    await card.getByText('Console 8.3.0 is available').waitFor();
    await card.getByText('Faster client search').waitFor();

    // Marks this page load; the update's reload loses it.
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
    });
    const assetRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/assets/')) assetRequests.push(request.url());
    });
    await card.getByRole('button', { name: 'Update' }).click();
    await card.getByText('Update ready: reloading in 3 seconds…').waitFor({ timeout: 30_000 });
    // Every file of the build was fetched (and checked against its SHA-256 by the browser).
    expect(new Set(assetRequests.map((url) => new URL(url).pathname)).size).toBe(
      loadedBuild.assets.length,
    );
    await expect
      .poll(
        () =>
          page
            .evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)
            .catch(() => true),
        { timeout: 10_000, interval: 250 },
      )
      .toBe(false);
    await page.getByRole('button', { name: /^Notifications/ }).waitFor();
  });

  test('a new app release raises a notice; Distribute makes it the one devices are offered', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    const versionName = `7.${Date.now() % 100_000}.0`;
    const apk = await buildTestApk({ versionCode: 700_000 + (Date.now() % 100_000), versionName });
    const form = new FormData();
    form.set('version', versionName);
    form.set('apk', new Blob([new Uint8Array(apk)]), 'patrol.apk');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const uploaded = await fetch(new URL('/api/ota/upload', baseUrl), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);

    await page.reload();
    const notice = page.getByRole('listitem', { name: 'Mobile App Update' });
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread/ });
    await bell.waitFor(noticeTimeout);
    await bell.click();
    await notice
      .getByText(`Android app ${versionName} is uploaded but not distributed yet.`)
      .waitFor();
    await notice.getByRole('button', { name: 'Distribute' }).click();
    // Distributing is confirmed first.
    const confirm = page.getByRole('alertdialog', {
      name: `Distribute Android app ${versionName}?`,
    });
    await confirm.getByRole('button', { name: 'Distribute' }).click();
    await page.getByText(`Version ${versionName} is now distributed to Android devices`).waitFor();

    const versions = await api.get<ListOtaVersionsResponse>('/api/ota/versions');
    expect(versions.body.currentVersion).toBe(versionName);
  });
});
