import {
  crashGroupActionMessages,
  crashReportMessages,
  otaVersionResponseSchema,
} from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, crashReports } from '../../db/schema';
import {
  activateTestDevice,
  bearer,
  buildCrashReportBody,
  createTestContext,
  nfcCrashTrace,
  obfuscatedStack,
  patrolMapping,
  postApk,
  readableStack,
  type TestContext,
  type TestDevice,
} from '../../../test/builders';
import { retraceUntilDone } from './crash-retrace.service';

/** The NFC crash reached through an HTTP callback: same group, another stack variant. */
const viaCallback = nfcCrashTrace()
  .split('\n')
  .toSpliced(3, 0, '\tat okhttp3.internal.connection.RealCall$AsyncCall.run(RealCall.kt:517)')
  .join('\n');

let t: TestContext;
let admin: string;
let device: TestDevice;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('Admin');
  device = await activateTestDevice(t);
});
afterAll(() => t.close());

async function send(body: object): Promise<{ id: string; fingerprint: string }> {
  const response = await request(t.app)
    .post('/api/crash-reports')
    .set(bearer(device.token))
    .send(body)
    .expect(201);
  return response.body.data as { id: string; fingerprint: string };
}
const group = (fingerprint: string) =>
  request(t.app).get(`/api/crash-reports/groups/${fingerprint}`).set(bearer(admin));
const variants = (fingerprint: string, token = admin) =>
  request(t.app).get(`/api/crash-reports/groups/${fingerprint}/variants`).set(bearer(token));
const splitReports = (fingerprint: string, body: object, token = admin) =>
  request(t.app)
    .post(`/api/crash-reports/groups/${fingerprint}/split-reports`)
    .set(bearer(token))
    .send(body);

describe('splitting chosen reports or a stack variant out of a group', () => {
  let nfc = '';
  let split = '';
  let variantIds: string[] = [];

  it('lists the stack variants of a group, the most frequent first', async () => {
    for (let n = 0; n < 3; n += 1) nfc = (await send(buildCrashReportBody())).fingerprint;
    for (let n = 0; n < 2; n += 1) {
      const sent = await send(buildCrashReportBody({ stackTrace: viaCallback }));
      // Library frames do not split a group: the variant arrives in the same group.
      expect(sent.fingerprint).toBe(nfc);
    }
    const response = await variants(nfc).expect(200);
    expect(response.body.data.scanned).toBe(5);
    const [common, callback] = response.body.data.variants;
    expect([common.occurrences, callback.occurrences]).toEqual([3, 2]);
    expect(callback.frames).toContain('okhttp3.internal.connection.RealCall$AsyncCall.run');
    expect(callback.frameCount).toBe(common.frameCount + 1);
    expect(callback.reports).toHaveLength(2);
    expect(callback.reports[0]).toMatchObject({ appVersion: '2.4.1', deviceId: device.deviceId });
    variantIds = callback.reports.map((report: { id: string }) => report.id);
  });

  it('splits the variant into a new group that says where it came from', async () => {
    const response = await splitReports(nfc, { reportIds: variantIds }).expect(200);
    split = response.body.data.fingerprint;
    expect(split).not.toBe(nfc);
    expect(response.body).toMatchObject({
      message: crashGroupActionMessages.reportsSplit,
      data: {
        occurrences: 2,
        devices: 1,
        splitFrom: nfc,
        groupingReason: `split out of group ${nfc} by staff`,
        culprit: 'com.patrol.nfc.TagReader.read',
      },
    });
    expect((await group(nfc).expect(200)).body.data).toMatchObject({ occurrences: 3 });
    const listed = await request(t.app)
      .get('/api/crash-reports')
      .query({ fingerprint: split })
      .set(bearer(admin))
      .expect(200);
    expect(listed.body.data.reports.map((r: { id: string }) => r.id).sort()).toEqual(
      [...variantIds].sort(),
    );
    // New reports of the signature still join the group they came from.
    expect((await send(buildCrashReportBody({ stackTrace: viaCallback }))).fingerprint).toBe(nfc);
  });

  it('keeps the split through a merge of the split group and its split out again', async () => {
    await request(t.app)
      .post(`/api/crash-reports/groups/${nfc}/merge`)
      .set(bearer(admin))
      .send({ source: split })
      .expect(200);
    expect((await group(nfc).expect(200)).body.data).toMatchObject({
      occurrences: 6,
      merged: [{ fingerprint: split, occurrences: 2 }],
    });
    const back = await request(t.app)
      .post(`/api/crash-reports/groups/${nfc}/split`)
      .set(bearer(admin))
      .send({ fingerprint: split })
      .expect(200);
    expect(back.body.data).toMatchObject({ fingerprint: split, occurrences: 2 });
    expect((await group(nfc).expect(200)).body.data.occurrences).toBe(4);
  });

  it('records the split in the audit trail', async () => {
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'crash_group.reports_split'), eq(auditLog.entityId, nfc)));
    expect(entries.map((entry) => entry.changes)).toEqual([
      {
        splitGroup: { before: null, after: split },
        splitReports: { before: null, after: 2 },
      },
    ]);
  });

  it('answers 400 for no reports, a report of another group, or a group left empty; 404; 403', async () => {
    const none = await splitReports(nfc, { reportIds: [] }).expect(400);
    expect(none.body.errors).toEqual({ reportIds: crashGroupActionMessages.reportsRequired });
    const foreign = await splitReports(nfc, { reportIds: [variantIds[0]] }).expect(400);
    expect(foreign.body.message).toBe(crashGroupActionMessages.reportsNotInGroup);
    const all = await splitReports(split, { reportIds: variantIds }).expect(400);
    expect(all.body.message).toBe(crashGroupActionMessages.groupWouldEmpty);
    const unknown = await splitReports('0000000000000000', { reportIds: variantIds }).expect(404);
    expect(unknown.body.message).toBe(crashReportMessages.groupNotFound);
    await variants('0000000000000000').expect(404);
    const reader = await t.signIn('support', { permissions: ['crashes.view'] });
    await variants(nfc, reader).expect(200);
    await splitReports(nfc, { reportIds: variantIds }, reader).expect(403);
    await variants(nfc, await t.signIn('sales', { permissions: ['clients.view'] })).expect(403);
  });
});

describe('regrouping after a split', () => {
  it('leaves split reports where staff put them when a mapping arrives', async () => {
    const versionName = '8.903.0';
    const apk = await buildTestApk({ versionCode: 903, versionName });
    const response = await postApk(t, admin, apk, versionName).expect(201);
    const release = otaVersionResponseSchema.parse(response.body).version;
    const body = buildCrashReportBody({
      stackTrace: obfuscatedStack,
      appInfo: { version: versionName },
    });
    const kept = await send(body);
    const moved = await send(body);
    const split = (await splitReports(kept.fingerprint, { reportIds: [moved.id] }).expect(200)).body
      .data.fingerprint as string;

    await request(t.app)
      .post(`/api/ota/versions/${release.id}/mapping`)
      .set(bearer(admin))
      .attach('mapping', Buffer.from(patrolMapping), 'mapping.txt')
      .expect(201);
    await retraceUntilDone(t.ctx, () => new Date(Date.now() + 60_000));

    const rows = await t.database.db
      .select()
      .from(crashReports)
      .where(eq(crashReports.appVersion, versionName));
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Both are readable now; the one left in the raw group moves to its readable group.
    expect(byId.get(kept.id)).toMatchObject({ readableStackTrace: readableStack });
    expect(byId.get(kept.id)!.fingerprint).not.toBe(kept.fingerprint);
    expect(byId.get(moved.id)).toMatchObject({
      readableStackTrace: readableStack,
      fingerprint: split,
      splitFingerprint: split,
    });
    expect((await group(split).expect(200)).body.data.occurrences).toBe(1);
  });
});
