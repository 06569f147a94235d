import { otaVersionResponseSchema } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashReports } from '../../db/schema';
import {
  activateTestDevice,
  bearer,
  buildCrashReportBody,
  createTestContext,
  obfuscatedStack,
  patrolMapping,
  postApk,
  readableStack,
  type TestContext,
  type TestDevice,
} from '../../../test/builders';
import { retraceUntilDone } from './crash-retrace.service';

let t: TestContext;
let admin: string;
let device: TestDevice;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('Admin');
  device = await activateTestDevice(t);
});
afterAll(() => t.close());

async function release(code: number) {
  const versionName = `8.${code}.0`;
  const apk = await buildTestApk({ versionCode: code, versionName });
  const response = await postApk(t, admin, apk, versionName).expect(201);
  return otaVersionResponseSchema.parse(response.body).version;
}

const uploadMapping = (id: string) =>
  request(t.app)
    .post(`/api/ota/versions/${id}/mapping`)
    .set(bearer(admin))
    .attach('mapping', Buffer.from(patrolMapping), 'mapping.txt')
    .expect(201);

async function send(body: object): Promise<string> {
  const response = await request(t.app)
    .post('/api/crash-reports')
    .set(bearer(device.token))
    .send(body)
    .expect(201);
  return response.body.data.fingerprint as string;
}

describe('regrouping when a mapping arrives, after a merge', () => {
  it('puts the retraced reports into the group staff merged their readable signature into', async () => {
    const first = await release(801);
    await uploadMapping(first.id);
    const obfuscated = (version: string) =>
      buildCrashReportBody({ stackTrace: obfuscatedStack, appInfo: { version } });
    const readableGroup = await send(obfuscated(first.version));
    const otherGroup = await send(buildCrashReportBody());
    await request(t.app)
      .post(`/api/crash-reports/groups/${otherGroup}/merge`)
      .set(bearer(admin))
      .send({ source: readableGroup })
      .expect(200);

    // A later release whose reports arrive before its mapping: grouped on the raw stack first.
    const second = await release(802);
    const rawGroup = await send(obfuscated(second.version));
    expect(rawGroup).not.toBe(otherGroup);
    await uploadMapping(second.id);
    await retraceUntilDone(t.ctx, () => new Date(Date.now() + 60_000));

    const [report] = await t.database.db
      .select()
      .from(crashReports)
      .where(eq(crashReports.appVersion, second.version));
    expect(report).toMatchObject({
      readableStackTrace: readableStack,
      fingerprint: otherGroup,
      signatureFingerprint: readableGroup,
    });
    const merged = await request(t.app)
      .get(`/api/crash-reports/groups/${otherGroup}`)
      .set(bearer(admin))
      .expect(200);
    expect(merged.body.data).toMatchObject({
      occurrences: 3,
      merged: [{ fingerprint: readableGroup, occurrences: 2 }],
    });
    await request(t.app)
      .get(`/api/crash-reports/groups/${rawGroup}`)
      .set(bearer(admin))
      .expect(404);
  });
});
