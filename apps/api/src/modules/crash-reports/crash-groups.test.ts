import { crashReportMessages } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestContext,
  type TestDevice,
  activateTestDevice,
  bearer,
  buildCrashReportBody,
  createTestContext,
  nfcCrashTrace,
} from '../../../test/builders';

describe('crash groups API', () => {
  let t: TestContext;
  let admin: string;
  let devices: TestDevice[];
  const fingerprints: Record<'nfc' | 'sync' | 'log', string> = { nfc: '', sync: '', log: '' };

  const send = async (device: TestDevice, body: object) => {
    const response = await request(t.app)
      .post('/api/crash-reports')
      .set(bearer(device.token))
      .send(body)
      .expect(201);
    return response.body.data.fingerprint as string;
  };

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    devices = [await activateTestDevice(t), await activateTestDevice(t)];
    const [one, two] = devices as [TestDevice, TestDevice];
    // The NFC crash: three times on two devices and two versions, line numbers moving.
    const nfc = (line: number, version: string) =>
      buildCrashReportBody({ stackTrace: nfcCrashTrace(line), appInfo: { version } });
    fingerprints.nfc = await send(one, nfc(1, '2.4.0'));
    await send(one, nfc(2, '2.4.1'));
    await send(two, nfc(3, '2.4.1'));
    // A sync crash: once, critical, on the newest version.
    fingerprints.sync = await send(
      two,
      buildCrashReportBody({
        title: 'Sync crashed',
        severity: 'critical',
        stackTrace: [
          'java.net.SocketTimeoutException: timeout',
          '\tat com.patrol.sync.Uploader.push(Uploader.kt:10)',
          '\tat okhttp3.internal.Http.call(Http.kt:3)',
        ].join('\n'),
        appInfo: { version: '2.5.0' },
      }),
    );
    // A debug report without a trace.
    fingerprints.log = await send(one, {
      title: 'Patrol log upload',
      reportType: 'debug',
      severity: 'low',
      appInfo: { version: '2.5.0' },
    });
  });
  afterAll(() => t.close());

  const listGroups = (query: Record<string, string | number> = {}, token = admin) =>
    request(t.app).get('/api/crash-reports/groups').query(query).set(bearer(token));
  const names = (body: { data: { groups: { fingerprint: string }[] } }) =>
    body.data.groups.map(
      (group) => Object.entries(fingerprints).find(([, value]) => value === group.fingerprint)?.[0],
    );

  describe('GET /api/crash-reports/groups', () => {
    it('lists each group with its occurrences, devices, first and last seen and versions, most recent first', async () => {
      const response = await listGroups().expect(200);
      expect(names(response.body)).toEqual(['log', 'sync', 'nfc']);
      expect(response.body.data.pagination).toMatchObject({ totalCount: 3, currentPage: 1 });
      const nfc = response.body.data.groups[2];
      expect(nfc).toMatchObject({
        fingerprint: fingerprints.nfc,
        title: 'NFC scan crashed',
        exceptionType: 'java.lang.NullPointerException',
        culprit: 'com.patrol.nfc.TagReader.read',
        reportType: 'automatic',
        severity: 'high',
        occurrences: 3,
        devices: 2,
      });
      expect(nfc.appVersions.sort()).toEqual(['2.4.0', '2.4.1']);
      expect(Date.parse(nfc.firstSeen)).toBeLessThanOrEqual(Date.parse(nfc.lastSeen));
      expect(response.body.data.groups[0]).toMatchObject({
        reportType: 'debug',
        exceptionType: null,
        culprit: null,
        occurrences: 1,
        devices: 1,
        appVersions: ['2.5.0'],
      });
    });

    it.each<[string, Record<string, string>, string[]]>([
      ['occurrences, most first', { sortBy: 'occurrences', sortOrder: 'desc' }, ['nfc']],
      ['devices, most first', { sortBy: 'devices', sortOrder: 'desc' }, ['nfc']],
      [
        'first seen, oldest first',
        { sortBy: 'firstSeen', sortOrder: 'asc' },
        ['nfc', 'sync', 'log'],
      ],
    ])('sorts by %s', async (_name, query, expected) => {
      const response = await listGroups(query).expect(200);
      expect(names(response.body).slice(0, expected.length)).toEqual(expected);
    });

    it.each<[string, Record<string, string>, string[]]>([
      ['an app version', { appVersion: '2.4.0' }, ['nfc']],
      ['another app version', { appVersion: '2.5.0' }, ['log', 'sync']],
      ['the highest severity', { severity: 'critical' }, ['sync']],
      ['the Debug Reports tab', { reportType: 'debug' }, ['log']],
      ['the Crash Reports tab', { reportType: 'crashes' }, ['sync', 'nfc']],
      ['a search in the exception type', { search: 'SocketTimeout' }, ['sync']],
      ['a search in the culprit frame', { search: 'tagreader' }, ['nfc']],
    ])('filters by %s', async (_name, query, expected) => {
      const response = await listGroups(query).expect(200);
      expect(names(response.body)).toEqual(expected);
      expect(response.body.data.pagination.totalCount).toBe(expected.length);
    });

    it('pages', async () => {
      const response = await listGroups({ limit: 2, page: 2 }).expect(200);
      expect(names(response.body)).toEqual(['nfc']);
      expect(response.body.data.pagination).toMatchObject({
        totalCount: 3,
        totalPages: 2,
        hasPrev: true,
      });
    });

    it.each([
      ['sortBy', { sortBy: 'title' }],
      ['severity', { severity: 'fatal' }],
      ['page', { page: 0 }],
    ])('answers a bad %s with 400 naming it', async (field, query) => {
      const response = await listGroups(query).expect(400);
      expect(response.body.errors).toHaveProperty(field);
    });

    it('is refused without crashes.view (403)', async () => {
      await listGroups({}, await t.signIn('sales')).expect(403);
    });
  });

  describe('GET /api/crash-reports/groups/{fingerprint}', () => {
    it('answers the group with its frames and its count per version, and its reports are listed by fingerprint', async () => {
      const response = await request(t.app)
        .get(`/api/crash-reports/groups/${fingerprints.nfc}`)
        .set(bearer(admin))
        .expect(200);
      expect(response.body.data).toMatchObject({
        fingerprint: fingerprints.nfc,
        occurrences: 3,
        devices: 2,
        frames: ['com.patrol.nfc.TagReader.read', 'com.patrol.nfc.ScanActivity.onNewIntent'],
      });
      expect(
        response.body.data.versions
          .map((version: { version: string; occurrences: number }) => [
            version.version,
            version.occurrences,
          ])
          .sort(),
      ).toEqual([
        ['2.4.0', 1],
        ['2.4.1', 2],
      ]);

      const reports = await request(t.app)
        .get('/api/crash-reports')
        .query({ fingerprint: fingerprints.nfc })
        .set(bearer(admin))
        .expect(200);
      expect(reports.body.data.pagination.totalCount).toBe(3);
      expect(
        new Set(reports.body.data.reports.map((report: { deviceId: string }) => report.deviceId)),
      ).toEqual(new Set(devices.map((device) => device.deviceId)));
    });

    it('answers 404 for an unknown fingerprint', async () => {
      const response = await request(t.app)
        .get('/api/crash-reports/groups/0000000000000000')
        .set(bearer(admin))
        .expect(404);
      expect(response.body).toEqual({
        success: false,
        error: 'NOT_FOUND',
        message: crashReportMessages.groupNotFound,
      });
    });

    it('answers 400 naming a fingerprint that is too long', async () => {
      const response = await request(t.app)
        .get(`/api/crash-reports/groups/${'f'.repeat(65)}`)
        .set(bearer(admin))
        .expect(400);
      expect(response.body.errors).toHaveProperty('fingerprint');
    });

    it('is refused without crashes.view (403)', async () => {
      await request(t.app)
        .get(`/api/crash-reports/groups/${fingerprints.nfc}`)
        .set(bearer(await t.signIn('manager')))
        .expect(403);
    });
  });
});
