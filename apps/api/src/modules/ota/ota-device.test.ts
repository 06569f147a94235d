import { createHash } from 'node:crypto';
import { mobileUpdateCheckResponseSchema } from '@patrol/contracts';
import { rolloutBucket } from '@patrol/domain';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApk } from '@patrol/test-apk';
import { deviceAppVersions } from '../../db/schema';
import {
  activateTestDevice,
  bearer,
  createTestContext,
  type TestContext,
  type TestDevice,
} from '../../../test/builders';

let t: TestContext;
let editor: string;
let device: TestDevice;
let release: { id: string; apk: Buffer; versionName: string };

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  device = await activateTestDevice(t);
  const apk = await buildTestApk({ versionCode: 20, versionName: '2.0.0', padBytes: 64 * 1024 });
  const uploaded = await request(t.app)
    .post('/api/ota/upload')
    .set(bearer(editor))
    .field('version', '2.0.0')
    .field('releaseNotes', 'Night patrol mode')
    .attach('apk', apk, 'patrol.apk')
    .expect(201);
  release = { id: uploaded.body.version.id, apk, versionName: '2.0.0' };
});
afterAll(() => t.close());

const check = (token: string, query: Record<string, string | number> = { versionCode: 10 }) =>
  request(t.app).get('/api/ota/mobile/check').query(query).set(bearer(token));
const setRelease = (path: string, body?: object) =>
  request(t.app)
    .patch(`/api/ota/versions/${release.id}/${path}`)
    .set(bearer(editor))
    .send(body)
    .expect(200);

describe('GET /api/ota/mobile/check (the app)', () => {
  it('offers a newer active release with its size, checksum and download URL', async () => {
    await setRelease('activate');
    const response = await check(device.token, { versionCode: 10, versionName: '1.0.0' }).expect(
      200,
    );
    const { android } = mobileUpdateCheckResponseSchema.parse(response.body);
    expect(android).toEqual({
      currentVersion: '1.0.0',
      latestVersion: '2.0.0',
      hasUpdate: true,
      downloadUrl: `/api/ota/versions/${release.id}/download`,
      releaseNotes: 'Night patrol mode',
      versionCode: 20,
      fileSize: release.apk.length,
      checksum: createHash('sha256').update(release.apk).digest('hex'),
    });
    // What the device runs is recorded, for release health.
    const [row] = await t.database.db
      .select()
      .from(deviceAppVersions)
      .where(eq(deviceAppVersions.deviceId, device.deviceId));
    expect(row).toMatchObject({ versionCode: 10, versionName: '1.0.0' });
  });

  it('offers nothing to a device already on it, or when no release is active', async () => {
    await setRelease('activate');
    expect(
      (await check(device.token, { versionCode: 20 }).expect(200)).body.android.hasUpdate,
    ).toBe(false);
    await setRelease('deactivate');
    expect((await check(device.token).expect(200)).body.android).toMatchObject({
      hasUpdate: false,
      downloadUrl: null,
    });
  });

  it('follows the staged rollout: devices outside the percentage or a paused rollout get nothing', async () => {
    await setRelease('activate');
    const bucket = rolloutBucket(device.deviceId, release.id);
    await setRelease('rollout', { rolloutPercent: bucket });
    expect((await check(device.token).expect(200)).body.android.hasUpdate).toBe(false);
    await setRelease('rollout', { rolloutPercent: bucket + 1 });
    expect((await check(device.token).expect(200)).body.android.hasUpdate).toBe(true);
    await setRelease('rollout', { paused: true });
    expect((await check(device.token).expect(200)).body.android.hasUpdate).toBe(false);
    await setRelease('rollout', { paused: false, rolloutPercent: 100 });
  });

  it('asks for the installed version code (400) and a device token (401)', async () => {
    const missing = await check(device.token, {}).expect(400);
    expect(missing.body.errors).toEqual({ versionCode: 'Send the installed versionCode' });
    await request(t.app).get('/api/ota/mobile/check').query({ versionCode: 1 }).expect(401);
    await check('not-a-device-token').expect(401);
  });

  it('answers the console (ota.view) with the current release, and refuses sales (403)', async () => {
    await setRelease('activate');
    const response = await check(editor, {}).expect(200);
    expect(response.body.android).toMatchObject({
      currentVersion: '2.0.0',
      latestVersion: '2.0.0',
      hasUpdate: true,
    });
    await check(await t.signIn('sales'), {}).expect(403);
  });
});

describe('GET /api/ota/versions/{id}/download', () => {
  const download = (token: string) =>
    request(t.app)
      .get(`/api/ota/versions/${release.id}/download`)
      .set(bearer(token))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it('sends the APK whole, with the checksum as ETag', async () => {
    const response = await download(device.token).expect(200);
    const checksum = createHash('sha256')
      .update(response.body as Buffer)
      .digest('hex');
    expect(checksum).toBe(createHash('sha256').update(release.apk).digest('hex'));
    expect(response.headers.etag).toBe(`"${checksum}"`);
    expect(response.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it('answers a Range request with 206 and exactly those bytes, so a download resumes', async () => {
    const full = await download(device.token).expect(200);
    const response = await download(device.token)
      .set('Range', 'bytes=1000-')
      .set('If-Range', full.headers.etag as string)
      .expect(206);
    expect(response.headers['content-range']).toBe(
      `bytes 1000-${release.apk.length - 1}/${release.apk.length}`,
    );
    expect(Buffer.compare(response.body as Buffer, release.apk.subarray(1000))).toBe(0);
    // A stale If-Range (another file) gets the whole file again.
    await download(device.token).set('Range', 'bytes=1000-').set('If-Range', '"other"').expect(200);
  });

  it('is for a device or the console (401 without a token) and 404 for an unknown release', async () => {
    await request(t.app).get(`/api/ota/versions/${release.id}/download`).expect(401);
    await download(editor).expect(200);
    await request(t.app)
      .get('/api/ota/versions/00000000-0000-4000-8000-000000000000/download')
      .set(bearer(device.token))
      .expect(404);
  });
});
