import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  uploadTestRelease,
  type TestContext,
} from '../../../test/builders';
import { auditLog } from '../../db/schema';

let t: TestContext;
let editor: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  viewer = await t.signIn('Admin', { customDenied: ['ota.upload', 'ota.activate'] });
});
afterAll(() => t.close());

describe('POST /api/ota/mobile/distribute', () => {
  const distribute = (body: object, token = editor) =>
    request(t.app).post('/api/ota/mobile/distribute').set(bearer(token)).send(body);

  it('activates the release, audited and announced, and the console check shows it', async () => {
    const version = await uploadTestRelease(t, editor);
    const response = await distribute({ platform: 'android', version }).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: `Version ${version} is now distributed to Android devices`,
      version: { version, isActive: true, platform: 'android' },
    });
    expect(t.published).toContainEqual({
      event: 'ota_update',
      payload: expect.objectContaining({ type: 'version_activated', version }),
    });
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'ota.version_activated'),
          eq(auditLog.entityId, response.body.version.id as string),
        ),
      );
    expect(audited).toHaveLength(1);
    const mobile = await request(t.app)
      .get('/api/ota/mobile/check')
      .set(bearer(viewer))
      .expect(200);
    expect(mobile.body.android).toMatchObject({ currentVersion: version, hasUpdate: true });
  });

  it('answers 404 for a version never uploaded on that platform', async () => {
    const version = await uploadTestRelease(t, editor);
    const unknown = await distribute({ platform: 'android', version: '0.0.0-none' }).expect(404);
    expect(unknown.body.message).toBe('Version not found');
    await distribute({ platform: 'ios', version }).expect(404);
  });

  it('asks for a platform and version (400), a session (401) and ota.upload or ota.activate (403)', async () => {
    const invalid = await distribute({ platform: 'android', version: ' ' }).expect(400);
    expect(invalid.body.errors).toEqual({ version: 'Choose the version to distribute' });
    await distribute({ platform: 'windows', version: '1.0.0' }).expect(400);
    await request(t.app)
      .post('/api/ota/mobile/distribute')
      .send({ platform: 'android', version: '1.0.0' })
      .expect(401);
    await distribute({ platform: 'android', version: '1.0.0' }, viewer).expect(403);
  });
});
