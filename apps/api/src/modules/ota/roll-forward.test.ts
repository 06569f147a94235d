import { buildTestApk } from '@patrol/test-apk';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, otaVersions } from '../../db/schema';
import { bearer, createTestContext, type TestContext } from '../../../test/builders';
import { releaseHealthFixture } from './release-health-test-fixture';

let t: TestContext;
let editor: string;
let viewer: string;
const f = releaseHealthFixture(() => t);

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  // Roll forward needs ota.upload and ota.activate both: a user without ota.upload is refused.
  viewer = await t.signIn('Admin', { customDenied: ['ota.upload'] });
});
afterAll(() => t.close());
beforeEach(() => f.clear());

async function haltedAfterGood() {
  const good = await f.release({ version: '9.0.0', versionCode: 90 });
  const bad = await f.release({
    version: '9.1.0',
    versionCode: 91,
    isActive: true,
    rolloutPercent: 10,
    rolloutPausedAt: new Date(),
    rolloutPauseReason: 'Crash-free sessions worse',
    haltRule: 'crashFreeSessions',
  });
  return { good, bad };
}

const apks = new Map<number, Buffer>();
beforeAll(async () => {
  for (const code of [91, 92, 93, 94, 95]) {
    apks.set(code, await buildTestApk({ versionCode: code, versionName: `9.0.0-rf${code}` }));
  }
});
const rollForward = (id: string, versionCode: number, token = editor) =>
  request(t.app)
    .post(`/api/ota/versions/${id}/roll-forward`)
    .set(bearer(token))
    .attach('apk', apks.get(versionCode)!, 'patrol.apk');

describe('POST /api/ota/versions/{id}/roll-forward', () => {
  it('republishes the good build under a higher version code in one action', async () => {
    const { good, bad } = await haltedAfterGood();
    const response = await rollForward(bad.id, 92).expect(201);
    expect(response.body.message).toBe(
      'Rolled forward: 9.0.0-rf92 (build 92) republishes 9.0.0 in place of 9.1.0',
    );
    expect(response.body.version).toMatchObject({
      version: '9.0.0-rf92',
      buildNumber: 92,
      isActive: true,
      rolloutPercent: 100,
      rolledForwardFrom: good.id,
    });
    const [halted] = await t.database.db
      .select()
      .from(otaVersions)
      .where(eq(otaVersions.id, bad.id));
    expect(halted!.isActive).toBe(false);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, response.body.version.id));
    expect(entry).toMatchObject({ action: 'ota.rolled_forward' });
    expect(t.published).toContainEqual({
      event: 'ota_update',
      payload: expect.objectContaining({ type: 'rollout_changed', version: '9.0.0-rf92' }),
    });
  });

  it('refuses a version code not above the latest (409) and a release not halted (409)', async () => {
    const { bad, good } = await haltedAfterGood();
    const low = await rollForward(bad.id, 91).expect(409);
    expect(low.body.message).toBe(
      "The APK's version code 91 must be above the latest release's (91).",
    );
    const notHalted = await rollForward(good.id, 93).expect(409);
    expect(notHalted.body.message).toBe('Roll forward replaces a halted release: halt it first');
  });

  it('refuses a file that is not an APK (400), staff without ota.upload (403), unknown (404)', async () => {
    const { bad } = await haltedAfterGood();
    const notApk = await request(t.app)
      .post(`/api/ota/versions/${bad.id}/roll-forward`)
      .set(bearer(editor))
      .attach('apk', Buffer.from('plain text'), 'patrol.apk')
      .expect(400);
    expect(notApk.body.errors.apk).toBeDefined();
    await rollForward(bad.id, 94, viewer).expect(403);
    await rollForward('9.9.9', 95).expect(404);
  });
});
