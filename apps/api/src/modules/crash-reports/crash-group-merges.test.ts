import { crashGroupActionMessages, crashReportMessages } from '@patrol/contracts';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  type TestContext,
  type TestDevice,
  activateTestDevice,
  bearer,
  buildCrashReportBody,
  createTestContext,
  nfcCrashTrace,
} from '../../../test/builders';

describe('merging and splitting crash groups', () => {
  let t: TestContext;
  let admin: string;
  let devices: [TestDevice, TestDevice];
  let nfc = '';
  let other = '';

  const send = async (device: TestDevice, appFrame: string, version = '2.4.0') => {
    const body = buildCrashReportBody({
      stackTrace: nfcCrashTrace(223, appFrame),
      appInfo: { version },
    });
    const response = await request(t.app)
      .post('/api/crash-reports')
      .set(bearer(device.token))
      .send(body)
      .expect(201);
    return response.body.data.fingerprint as string;
  };
  const group = (fingerprint: string) =>
    request(t.app).get(`/api/crash-reports/groups/${fingerprint}`).set(bearer(admin));
  const merge = (target: string, body: object, token = admin) =>
    request(t.app).post(`/api/crash-reports/groups/${target}/merge`).set(bearer(token)).send(body);
  const split = (target: string, body: object, token = admin) =>
    request(t.app).post(`/api/crash-reports/groups/${target}/split`).set(bearer(token)).send(body);

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    devices = [await activateTestDevice(t), await activateTestDevice(t)];
    nfc = await send(devices[0], 'com.patrol.nfc.TagReader.read');
    await send(devices[0], 'com.patrol.nfc.TagReader.read', '2.4.1');
    // The same bug reached through a renamed method: a group of its own until staff merge it.
    other = await send(devices[1], 'com.patrol.nfc.TagReader.readTag', '2.5.0');
  });
  afterAll(() => t.close());

  it('merges a group into another: counts, versions and devices add up, and the reason says so', async () => {
    expect(other).not.toBe(nfc);
    const response = await merge(nfc, { source: other }).expect(200);
    expect(response.body).toMatchObject({
      success: true,
      message: crashGroupActionMessages.merged,
      data: {
        fingerprint: nfc,
        occurrences: 3,
        devices: 2,
        groupingReason: 'same exception and same 2 in-app frames; 1 group merged in by staff',
        merged: [{ fingerprint: other, occurrences: 1 }],
      },
    });
    expect(response.body.data.versions.map((v: { version: string }) => v.version).sort()).toEqual([
      '2.4.0',
      '2.4.1',
      '2.5.0',
    ]);
    await group(other).expect(404);
    const reports = await request(t.app)
      .get('/api/crash-reports')
      .query({ fingerprint: nfc })
      .set(bearer(admin))
      .expect(200);
    expect(reports.body.data.reports).toHaveLength(3);
  });

  it('keeps the merge for reports that arrive later', async () => {
    expect(await send(devices[1], 'com.patrol.nfc.TagReader.readTag')).toBe(nfc);
    const response = await group(nfc).expect(200);
    expect(response.body.data).toMatchObject({ occurrences: 4, merged: [{ occurrences: 2 }] });
  });

  it('splits the merged group out again, with its reports, and new ones stay apart', async () => {
    const response = await split(nfc, { fingerprint: other }).expect(200);
    expect(response.body).toMatchObject({
      message: crashGroupActionMessages.split,
      data: { fingerprint: other, occurrences: 2, devices: 1, merged: [] },
    });
    expect((await group(nfc).expect(200)).body.data).toMatchObject({
      occurrences: 2,
      devices: 1,
      merged: [],
      groupingReason: 'same exception and same 2 in-app frames',
    });
    expect(await send(devices[1], 'com.patrol.nfc.TagReader.readTag')).toBe(other);
  });

  it('records merges and splits in the audit trail', async () => {
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'crash_report'), eq(auditLog.entityId, nfc)));
    expect(entries.map((entry) => [entry.action, entry.changes])).toEqual([
      ['crash_group.merged', { mergedGroup: { before: null, after: other } }],
      ['crash_group.split', { splitGroup: { before: null, after: other } }],
    ]);
  });

  it('answers 400 for a missing source, a group merged into itself or a split of an unmerged group', async () => {
    const missing = await merge(nfc, {}).expect(400);
    expect(missing.body.errors).toEqual({ source: crashGroupActionMessages.fingerprintRequired });
    const itself = await merge(nfc, { source: nfc }).expect(400);
    expect(itself.body.message).toBe(crashGroupActionMessages.sameGroup);
    const unmerged = await split(nfc, { fingerprint: other }).expect(400);
    expect(unmerged.body.message).toBe(crashGroupActionMessages.notMerged);
  });

  it('answers 404 for an unknown group on either side', async () => {
    const unknown = await merge('0000000000000000', { source: other }).expect(404);
    expect(unknown.body.message).toBe(crashReportMessages.groupNotFound);
    await merge(nfc, { source: '0000000000000000' }).expect(404);
    await split('0000000000000000', { fingerprint: other }).expect(404);
    expect((await group(nfc).expect(200)).body.data.occurrences).toBe(2);
  });

  it('finds the group to merge by fingerprint, exception, message or in-app frame', async () => {
    const search = async (term: string) => {
      const response = await request(t.app)
        .get('/api/crash-reports/groups')
        .query({ search: term })
        .set(bearer(admin))
        .expect(200);
      return response.body.data.groups.map((g: { fingerprint: string }) => g.fingerprint);
    };
    expect(await search(other.slice(2, 12))).toEqual([other]);
    expect(await search('NullPointerException')).toEqual(expect.arrayContaining([nfc, other]));
    expect(await search('invoke virtual METHOD')).toEqual(expect.arrayContaining([nfc, other]));
    expect(await search('TagReader.readTag')).toEqual([other]);
    expect(await search('no such frame anywhere')).toEqual([]);
  });

  it('is refused without crashes.manage (403)', async () => {
    const reader = await t.signIn('support', { permissions: ['crashes.view'] });
    await merge(nfc, { source: other }, reader).expect(403);
    await split(nfc, { fingerprint: other }, reader).expect(403);
  });
});
