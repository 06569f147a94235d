import type { Server as HttpServer } from 'node:http';
import { crashReportMessages, crashReportsPerDeviceMinute } from '@patrol/contracts';
import { eq } from 'drizzle-orm';
import type { Socket as ClientSocket } from 'socket.io-client';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { crashGroupDevices, crashGroups, crashGroupVersions, crashReports } from '../../db/schema';
import { createRealtimeServer, type RealtimeServer } from '../../realtime/realtime-server';
import { hashOpaqueToken } from '../../security/opaque-token';
import { deviceMessages } from '../devices/devices.service';
import {
  type TestContext,
  type TestDevice,
  activateTestDevice,
  buildCrashReportBody,
  connectSocket,
  createTestContext,
  listenOnFreePort,
  nextEvent,
  nfcCrashTrace,
} from '../../../test/builders';

describe('crash report intake: POST /api/crash-reports', () => {
  let t: TestContext;
  let device: TestDevice;

  beforeAll(async () => {
    t = await createTestContext();
    device = await activateTestDevice(t);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    t.published.length = 0;
  });

  const send = (body: object, token: string | null = device.token) => {
    const pending = request(t.app).post('/api/crash-reports');
    return (token ? pending.set('Authorization', `Bearer ${token}`) : pending).send(body);
  };
  const storedReport = async (id: string) =>
    (await t.database.db.select().from(crashReports).where(eq(crashReports.id, id)))[0]!;
  const storedGroup = async (fingerprint: string) =>
    (
      await t.database.db.select().from(crashGroups).where(eq(crashGroups.fingerprint, fingerprint))
    )[0]!;

  it('stores the report under the licence’s client with its device and fingerprint, and announces it after commit', async () => {
    const response = await send(buildCrashReportBody({ companyId: 'SOMEONE-ELSE' })).expect(201);

    expect(response.body).toEqual({
      success: true,
      message: crashReportMessages.received,
      data: { id: expect.any(String), fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/) },
    });
    const { id, fingerprint } = response.body.data;
    expect(await storedReport(id)).toMatchObject({
      title: 'NFC scan crashed',
      severity: 'high',
      status: 'new',
      companyId: device.client.companyId,
      deviceId: device.deviceId,
      fingerprint,
      platform: 'android',
      appVersion: '2.4.1',
      tags: ['nfc'],
      additionalData: { checkpoint: 'CP-7' },
    });
    expect(await storedGroup(fingerprint)).toMatchObject({
      title: 'NFC scan crashed',
      exceptionType: 'java.lang.NullPointerException',
      culprit: 'com.patrol.nfc.TagReader.read',
      occurrences: 1,
      devices: 1,
      severity: 'high',
      lastReportId: id,
    });
    expect(t.published).toEqual([
      {
        event: 'newCrashReport',
        payload: { id, title: 'NFC scan crashed', severity: 'high', reportType: 'automatic' },
      },
    ]);
  });

  it('takes a report with the title alone, or with its optional fields null', async () => {
    const bare = await send({ title: 'Sync log' }).expect(201);
    expect(await storedReport(bare.body.data.id)).toMatchObject({
      reportType: 'automatic',
      severity: 'medium',
      description: null,
      stackTrace: null,
      tags: [],
      deviceInfo: {},
      appInfo: {},
      appVersion: null,
    });

    const nulls = await send({
      title: 'Manual report',
      reportType: 'manual',
      description: null,
      errorMessage: null,
      stackTrace: null,
      userEmail: null,
      reproducible: null,
      tags: null,
      additionalData: null,
      deviceInfo: { platform: 'android', batteryLevel: null, model: null },
      appInfo: null,
      futureField: { ignored: true },
    }).expect(201);
    expect(await storedReport(nulls.body.data.id)).toMatchObject({
      reportType: 'manual',
      tags: [],
      appInfo: {},
      deviceInfo: { platform: 'android', batteryLevel: null, model: null },
    });
  });

  it.each([
    ['title', { title: '' }, 'Title is required'],
    ['severity', { severity: 'fatal' }, expect.any(String)],
    ['reportType', { reportType: 'crash' }, expect.any(String)],
    ['userEmail', { userEmail: 'not-an-email' }, 'Please enter a valid email address'],
    ['deviceInfo.batteryLevel', { deviceInfo: { batteryLevel: 'full' } }, expect.any(String)],
    ['tags.0', { tags: [42] }, expect.any(String)],
  ])(
    'answers a bad %s with 400 naming it, and stores nothing',
    async (field, overrides, message) => {
      const before = t.published.length;
      const response = await send(buildCrashReportBody(overrides as object)).expect(400);
      expect(response.body).toMatchObject({
        success: false,
        error: 'VALIDATION_ERROR',
        errors: { [field]: message },
      });
      expect(t.published.length).toBe(before);
    },
  );

  it('refuses a body over 256 kB with 413 and a clear message, and stores nothing', async () => {
    const before = await t.database.db.$count(crashReports);
    const response = await send(
      buildCrashReportBody({ additionalData: { log: 'x'.repeat(300 * 1024) } }),
    ).expect(413);
    expect(response.body).toEqual({
      success: false,
      error: 'PAYLOAD_TOO_LARGE',
      message: crashReportMessages.tooLarge,
    });
    expect(await t.database.db.$count(crashReports)).toBe(before);
    expect(t.published).toEqual([]);
  });

  it('takes a body just under the limit', async () => {
    await send(
      buildCrashReportBody({ stackTrace: `${nfcCrashTrace()}\n${'y'.repeat(90_000)}` }),
    ).expect(201);
  });

  it('refuses a call without a device token, or with an unknown one, before reading the body (401)', async () => {
    const missing = await send({ title: '' }, null).expect(401);
    expect(missing.body).toMatchObject({
      error: 'UNAUTHENTICATED',
      message: deviceMessages.tokenRequired,
    });
    const unknown = await send({ title: '' }, 'not-a-device-token').expect(401);
    expect(unknown.body).toMatchObject({ message: deviceMessages.tokenInvalid });
    // A staff member's access token is no device token either.
    const staff = await t.signIn('Admin');
    await send(buildCrashReportBody(), staff).expect(401);
  });

  it(`answers 429 past ${crashReportsPerDeviceMinute} reports a minute from one device, leaving its heartbeats alone`, async () => {
    const looping = await activateTestDevice(t);
    const key = hashOpaqueToken(looping.token);
    // Spend the minute's allowance without sending 30 reports.
    for (let i = 0; i < crashReportsPerDeviceMinute - 1; i += 1) {
      await t.ctx.limits.crashReports.consume(key);
    }
    await send(buildCrashReportBody(), looping.token).expect(201);
    const refused = await send(buildCrashReportBody(), looping.token).expect(429);
    expect(refused.body).toMatchObject({ success: false, error: 'RATE_LIMITED' });

    await request(t.app)
      .post('/api/device/heartbeat')
      .set('Authorization', `Bearer ${looping.token}`)
      .send({})
      .expect(200);
    // Another device is not held up.
    const other = await activateTestDevice(t);
    await send(buildCrashReportBody(), other.token).expect(201);
  });

  describe('grouping', () => {
    it('groups reports that differ only in the line numbers of framework frames, counting devices and versions', async () => {
      const crash = (frameworkLine: number, version: string, title = 'NFC scan crashed') =>
        buildCrashReportBody({
          title,
          stackTrace: nfcCrashTrace(frameworkLine, 'com.patrol.grouping.Reader.read'),
          appInfo: { version },
          severity: 'low',
        });
      const first = await send(crash(223, '2.4.0')).expect(201);
      const second = await send(crash(9_999, '2.4.1', 'NFC scan crashed again')).expect(201);
      const fingerprint = first.body.data.fingerprint as string;
      expect(second.body.data.fingerprint).toBe(fingerprint);

      let group = await storedGroup(fingerprint);
      expect(group).toMatchObject({
        occurrences: 2,
        devices: 1,
        title: 'NFC scan crashed again',
        lastReportId: second.body.data.id,
      });

      const other = await activateTestDevice(t);
      await send({ ...crash(1, '2.4.1'), severity: 'critical' }, other.token).expect(201);
      group = await storedGroup(fingerprint);
      expect(group).toMatchObject({ occurrences: 3, devices: 2, severity: 'critical' });
      expect(group.firstSeen.getTime()).toBeLessThanOrEqual(group.lastSeen.getTime());

      const versions = await t.database.db
        .select()
        .from(crashGroupVersions)
        .where(eq(crashGroupVersions.fingerprint, fingerprint));
      expect(versions.map((row) => [row.appVersion, row.occurrences]).sort()).toEqual([
        ['2.4.0', 1],
        ['2.4.1', 2],
      ]);
      const devices = await t.database.db
        .select()
        .from(crashGroupDevices)
        .where(eq(crashGroupDevices.fingerprint, fingerprint));
      expect(devices.map((row) => row.deviceId).sort()).toEqual(
        [device.deviceId, other.deviceId].sort(),
      );
    });

    it('keeps a crash in another app frame apart', async () => {
      const a = await send(
        buildCrashReportBody({ stackTrace: nfcCrashTrace(1, 'com.patrol.apart.A.run') }),
      ).expect(201);
      const b = await send(
        buildCrashReportBody({ stackTrace: nfcCrashTrace(1, 'com.patrol.apart.B.run') }),
      ).expect(201);
      expect(a.body.data.fingerprint).not.toBe(b.body.data.fingerprint);
    });

    it('keeps the group counts exact under concurrent reports of one crash', async () => {
      const devices = await Promise.all([1, 2, 3].map(() => activateTestDevice(t)));
      const body = buildCrashReportBody({
        stackTrace: nfcCrashTrace(1, 'com.patrol.concurrent.C.run'),
        appInfo: { version: '3.0.0' },
      });
      const answers = await Promise.all(
        [...devices, ...devices].map((each) => send(body, each.token)),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
      const group = await storedGroup(answers[0]!.body.data.fingerprint);
      expect(group).toMatchObject({ occurrences: 6, devices: 3 });
    });
  });
});

describe('newCrashReport over the realtime server', () => {
  let t: TestContext;
  let server: HttpServer;
  let url: string;
  let realtime: RealtimeServer;
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestContext();
    ({ server, url } = await listenOnFreePort(t.app));
    realtime = await createRealtimeServer(server, t.ctx);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await realtime.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await t.close();
  });

  it('reaches consoles holding crashes.view, and no one else', async () => {
    const admin = await connectSocket(url, { token: await t.signIn('Admin') });
    const sales = await connectSocket(url, { token: await t.signIn('sales') });
    sockets.push(admin, sales);
    const device = await activateTestDevice(t);

    const told = nextEvent(admin, 'newCrashReport');
    const notTold = nextEvent(sales, 'newCrashReport', 300);
    const response = await request(t.app)
      .post('/api/crash-reports')
      .set('Authorization', `Bearer ${device.token}`)
      .send(buildCrashReportBody({ severity: 'critical', title: 'Patrol app crashed' }))
      .expect(201);

    expect(await told).toEqual({
      id: response.body.data.id,
      title: 'Patrol app crashed',
      severity: 'critical',
      reportType: 'automatic',
    });
    expect(await notTold).toBeUndefined();
  });
});
