import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listOtaVersionsResponseSchema, otaVersionResponseSchema } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApk } from '@patrol/test-apk';
import { bearer, createTestContext, type TestContext } from '../../../test/builders';
import { apkDirectory } from './ota-files';

let t: TestContext;
let editor: string;
let viewer: string;
let sales: string;
let nextCode = 100;

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  viewer = await t.signIn('Admin', { customDenied: ['ota.upload', 'ota.activate'] });
  sales = await t.signIn('sales');
});
afterAll(() => t.close());

const sha256 = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
const storedApks = async () =>
  (await readdir(apkDirectory(t.ctx.uploads)).catch(() => [] as string[])).sort();

/** A fresh release: a version code above every earlier one in this file. */
async function nextApk(overrides: { packageName?: string; padBytes?: number } = {}) {
  nextCode += 1;
  const versionName = `3.${nextCode}.0`;
  const apk = await buildTestApk({ versionCode: nextCode, versionName, ...overrides });
  return { apk, versionName, versionCode: nextCode };
}

function upload(
  apk: Buffer,
  fields: Record<string, string>,
  token = editor,
  fileName = 'patrol.apk',
) {
  const call = request(t.app).post('/api/ota/upload').set(bearer(token));
  for (const [name, value] of Object.entries(fields)) void call.field(name, value);
  return call.attach('apk', apk, fileName);
}

async function uploaded(overrides: { rolloutPercent?: number } = {}) {
  const release = await nextApk();
  const response = await upload(release.apk, {
    version: release.versionName,
    releaseNotes: 'Faster NFC scans',
    ...(overrides.rolloutPercent === undefined
      ? {}
      : { rolloutPercent: String(overrides.rolloutPercent) }),
  }).expect(201);
  return { ...release, body: otaVersionResponseSchema.parse(response.body) };
}

describe('POST /api/ota/upload', () => {
  it('stores the APK with its checksum and what its manifest says, audited and announced', async () => {
    const release = await nextApk();
    const response = await upload(release.apk, {
      version: release.versionName,
      releaseNotes: 'Faster NFC scans',
    }).expect(201);
    const { version, message } = otaVersionResponseSchema.parse(response.body);
    expect(message).toBe(`Version ${release.versionName} uploaded successfully`);
    expect(version).toMatchObject({
      version: release.versionName,
      buildNumber: release.versionCode,
      packageName: 'com.patrol.guard',
      isActive: false,
      fileSize: release.apk.length,
      checksum: sha256(release.apk),
      releaseNotes: 'Faster NFC scans',
      rolloutPercent: 100,
      downloadUrl: `/api/ota/versions/${version.id}/download`,
    });
    expect(t.published).toContainEqual({
      event: 'ota_update',
      payload: expect.objectContaining({ type: 'version_uploaded', version: release.versionName }),
    });
    // Only the stored release is left in the folder: no temporary file.
    expect((await storedApks()).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('refuses a renamed text file as not a zip, leaving nothing on disk', async () => {
    const before = await storedApks();
    const response = await upload(
      Buffer.from('just some text\n'),
      { version: '9.9.9' },
      editor,
      'notes.apk',
    ).expect(400);
    expect(response.body.errors).toEqual({
      apk: 'The file is not an Android APK: it is not a zip archive.',
    });
    expect(await storedApks()).toEqual(before);
  });

  it('refuses a version name that is not the APK one, and a version code not above the latest', async () => {
    const first = await uploaded();
    const release = await nextApk();
    const mismatch = await upload(release.apk, { version: '1.0.0' }).expect(400);
    expect(mismatch.body.errors.version).toBe(
      `The version entered (1.0.0) is not the APK's version name (${release.versionName}).`,
    );
    const older = await buildTestApk({ versionCode: first.versionCode, versionName: '0.0.1' });
    const refused = await upload(older, { version: '0.0.1' }).expect(409);
    expect(refused.body.message).toBe(
      `The APK's version code ${first.versionCode} must be above the latest release's (${release.versionCode - 1}).`,
    );
    const again = await upload(first.apk, { version: first.versionName }).expect(409);
    expect(again.body.message).toBe(`Version ${first.versionName} has already been uploaded.`);
  });

  it('refuses an APK of another app', async () => {
    await uploaded();
    const other = await nextApk({ packageName: 'com.example.other' });
    const response = await upload(other.apk, { version: other.versionName }).expect(400);
    expect(response.body.errors.apk).toBe(
      'The APK is for com.example.other, but the releases here are for com.patrol.guard.',
    );
  });

  it('asks for the file and the version (400)', async () => {
    const missingFile = await request(t.app)
      .post('/api/ota/upload')
      .set(bearer(editor))
      .field('version', '1.2.3')
      .expect(400);
    expect(missingFile.body.errors).toEqual({ apk: 'Please select a file and enter a version' });
    const release = await nextApk();
    const missingVersion = await upload(release.apk, {}).expect(400);
    expect(missingVersion.body.errors.version).toBe('Please select a file and enter a version');
  });

  it('needs ota.upload or ota.activate (403) and a session (401)', async () => {
    const release = await nextApk();
    await upload(release.apk, { version: release.versionName }, viewer).expect(403);
    await request(t.app).post('/api/ota/upload').expect(401);
  });

  it('refuses a 201 MB upload with 413 and leaves nothing on disk', async () => {
    const before = await storedApks();
    const large = join(t.ctx.uploads.directory, 'large.apk');
    await writeFile(large, Buffer.alloc(201 * 1024 * 1024));
    const response = await request(t.app)
      .post('/api/ota/upload')
      .set(bearer(editor))
      .field('version', '9.0.0')
      .attach('apk', large)
      .expect(413);
    expect(response.body.message).toBe('APK file must be smaller than 200MB.');
    expect(await storedApks()).toEqual(before);
  });
});

describe('releases', () => {
  it('lists the newest first with current and latest, active only unless asked', async () => {
    const older = await uploaded();
    const newer = await uploaded();
    await request(t.app)
      .patch(`/api/ota/versions/${older.body.version.id}/activate`)
      .set(bearer(editor))
      .expect(200);
    const all = listOtaVersionsResponseSchema.parse(
      (
        await request(t.app)
          .get('/api/ota/versions?includeInactive=true')
          .set(bearer(viewer))
          .expect(200)
      ).body,
    );
    expect(all.versions[0]!.version).toBe(newer.versionName);
    expect(all.currentVersion).toBe(older.versionName);
    expect(all.latestVersion).toBe(newer.versionName);
    const active = (await request(t.app).get('/api/ota/versions').set(bearer(viewer)).expect(200))
      .body;
    expect(active.versions.map((v: { version: string }) => v.version)).toEqual([older.versionName]);
    await request(t.app).get('/api/ota/versions').set(bearer(sales)).expect(403);
    await request(t.app)
      .get('/api/ota/versions?includeInactive=maybe')
      .set(bearer(viewer))
      .expect(400);
  });

  it('activates one release per platform at a time, by id or by version, and deactivates it', async () => {
    const first = await uploaded();
    const second = await uploaded();
    await request(t.app)
      .patch(`/api/ota/versions/${first.versionName}/activate`)
      .set(bearer(editor))
      .expect(200);
    const activated = await request(t.app)
      .patch(`/api/ota/versions/${second.body.version.id}/activate`)
      .set(bearer(editor))
      .expect(200);
    expect(activated.body.message).toBe(`Version ${second.versionName} activated successfully`);
    const list = (await request(t.app).get('/api/ota/versions').set(bearer(editor)).expect(200))
      .body;
    expect(list.versions.map((v: { version: string }) => v.version)).toEqual([second.versionName]);

    const deactivated = await request(t.app)
      .patch(`/api/ota/versions/${second.versionName}/deactivate`)
      .set(bearer(editor))
      .expect(200);
    expect(deactivated.body).toMatchObject({
      message: 'Version deactivated successfully',
      version: { isActive: false },
    });
    expect(t.published.map((event) => event.payload)).toContainEqual(
      expect.objectContaining({ type: 'version_deactivated', version: second.versionName }),
    );
    await request(t.app)
      .patch('/api/ota/versions/0.0.0-none/activate')
      .set(bearer(editor))
      .expect(404);
    await request(t.app)
      .patch(`/api/ota/versions/${first.versionName}/activate`)
      .set(bearer(viewer))
      .expect(403);
  });

  it('sets, pauses and resumes a staged rollout', async () => {
    const release = await uploaded({ rolloutPercent: 10 });
    expect(release.body.version.rolloutPercent).toBe(10);
    const path = `/api/ota/versions/${release.body.version.id}/rollout`;
    const widened = await request(t.app)
      .patch(path)
      .set(bearer(editor))
      .send({ rolloutPercent: 50 })
      .expect(200);
    expect(widened.body.message).toBe(
      `Version ${release.versionName} is offered to 50% of devices`,
    );
    const paused = await request(t.app)
      .patch(path)
      .set(bearer(editor))
      .send({ paused: true })
      .expect(200);
    expect(paused.body.version).toMatchObject({ rolloutPauseReason: 'Paused by hand' });
    expect(paused.body.version.rolloutPausedAt).not.toBeNull();
    const resumed = await request(t.app)
      .patch(path)
      .set(bearer(editor))
      .send({ paused: false })
      .expect(200);
    expect(resumed.body.version).toMatchObject({ rolloutPausedAt: null, rolloutPercent: 50 });
    const invalid = await request(t.app)
      .patch(path)
      .set(bearer(editor))
      .send({ rolloutPercent: 150 })
      .expect(400);
    expect(invalid.body.errors).toHaveProperty('rolloutPercent');
    await request(t.app).patch(path).set(bearer(viewer)).send({ paused: true }).expect(403);
    await request(t.app)
      .patch('/api/ota/versions/none/rollout')
      .set(bearer(editor))
      .send({ paused: true })
      .expect(404);
  });

  it('deletes an inactive release and its file; an active one is refused (409)', async () => {
    const release = await uploaded();
    const path = `/api/ota/versions/${release.body.version.id}`;
    await request(t.app).patch(`${path}/activate`).set(bearer(editor)).expect(200);
    const refused = await request(t.app).delete(path).set(bearer(editor)).expect(409);
    expect(refused.body.message).toBe('Deactivate this version before deleting it.');
    await request(t.app).patch(`${path}/deactivate`).set(bearer(editor)).expect(200);
    const before = await storedApks();
    await request(t.app).delete(path).set(bearer(viewer)).expect(403);
    const deleted = await request(t.app).delete(path).set(bearer(editor)).expect(200);
    expect(deleted.body.message).toBe('Version deleted successfully');
    expect(await storedApks()).toHaveLength(before.length - 1);
    await request(t.app).delete(path).set(bearer(editor)).expect(404);
  });
});

describe('GET /api/ota/diagnostic/health', () => {
  it('checks the database and the APK folder for real', async () => {
    const response = await request(t.app)
      .get('/api/ota/diagnostic/health')
      .set(bearer(viewer))
      .expect(200);
    expect(response.body).toMatchObject({
      status: expect.stringMatching(/^(healthy|warning)$/),
      database: 'connected',
      services: {
        database: {
          status: 'connected',
          connection: t.ctx.database.dialect === 'pglite' ? 'embedded (PGlite)' : 'PostgreSQL',
        },
        filesystem: { writable: true },
      },
    });
    expect(response.body.services.database.latency).toBeGreaterThanOrEqual(0);
    expect(response.body.services.filesystem.freeBytes).toBeGreaterThan(0);
    await request(t.app).get('/api/ota/diagnostic/health').set(bearer(sales)).expect(403);
  });
});
