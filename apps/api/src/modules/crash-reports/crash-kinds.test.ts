import { crashKindMessages } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestContext,
  type TestDevice,
  activateTestDevice,
  bearer,
  buildCrashReportBody,
  createTestContext,
} from '../../../test/builders';

const anrStack = (line: number) =>
  [
    '"main" prio=5 tid=1 Blocked',
    `\tat com.patrol.db.PatrolDao.save(PatrolDao.kt:${line})`,
    '\tat com.patrol.ui.CheckpointActivity.onClick(CheckpointActivity.kt:40)',
    '\tat android.view.View.performClick(View.java:7448)',
  ].join('\n');

const tombstone = (installDir: string, signal = 'SIGSEGV') => ({
  signal,
  code: 'SEGV_MAPERR',
  faultAddress: '0x0',
  abortMessage: null,
  frames: [
    { pc: '0x1c0a4', library: '/apex/com.android.runtime/lib64/bionic/libc.so', symbol: 'memcpy' },
    {
      pc: '000000000004a2c4',
      library: `/data/app/${installDir}/lib/arm64/libpatrolnfc.so`,
      symbol: 'nfc_decode',
      offset: 36,
      buildId: '9f2c1e',
    },
  ],
});

describe('crash report kinds', () => {
  let t: TestContext;
  let admin: string;
  let device: TestDevice;
  const send = (body: object) =>
    request(t.app).post('/api/crash-reports').set(bearer(device.token)).send(body);

  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    device = await activateTestDevice(t);
  });
  afterAll(() => t.close());

  it('takes a report without a kind as a crash', async () => {
    const sent = await send(buildCrashReportBody()).expect(201);
    const report = await request(t.app)
      .get(`/api/crash-reports/${sent.body.data.id}`)
      .set(bearer(admin))
      .expect(200);
    expect(report.body.data).toMatchObject({ kind: 'crash', anr: null, native: null });
  });

  it('groups ANRs on the main thread in-app frames, apart from crashes, and keeps the duration', async () => {
    const anr = (line: number, blockedDurationMs: number) =>
      send({
        title: 'App not responding',
        kind: 'anr',
        anr: { blockedDurationMs, mainThreadState: 'Blocked' },
        stackTrace: anrStack(line),
      }).expect(201);
    const one = await anr(10, 5200);
    const two = await anr(77, 9100);
    expect(two.body.data.fingerprint).toBe(one.body.data.fingerprint);
    const report = await request(t.app)
      .get(`/api/crash-reports/${two.body.data.id}`)
      .set(bearer(admin))
      .expect(200);
    expect(report.body.data).toMatchObject({
      kind: 'anr',
      anr: { blockedDurationMs: 9100, mainThreadState: 'Blocked' },
    });
    const group = await request(t.app)
      .get(`/api/crash-reports/groups/${one.body.data.fingerprint}`)
      .set(bearer(admin))
      .expect(200);
    expect(group.body.data).toMatchObject({
      kind: 'anr',
      occurrences: 2,
      culprit: 'com.patrol.db.PatrolDao.save',
      groupingReason: 'ANR with the same 2 in-app frames on the main thread',
    });
  });

  it('groups native crashes on the signal and top frames with their library', async () => {
    const native = (installDir: string, signal?: string) =>
      send({ title: 'Native crash', kind: 'native', native: tombstone(installDir, signal) }).expect(
        201,
      );
    const one = await native('~~a1==');
    const two = await native('~~b2==');
    const abort = await native('~~a1==', 'SIGABRT');
    expect(two.body.data.fingerprint).toBe(one.body.data.fingerprint);
    expect(abort.body.data.fingerprint).not.toBe(one.body.data.fingerprint);
    const group = await request(t.app)
      .get(`/api/crash-reports/groups/${one.body.data.fingerprint}`)
      .set(bearer(admin))
      .expect(200);
    expect(group.body.data).toMatchObject({
      kind: 'native',
      exceptionType: 'SIGSEGV',
      frames: ['libpatrolnfc.so!nfc_decode'],
      groupingReason:
        "same signal (SIGSEGV) and same 1 top frame with their library (the app's libraries)",
    });
    const report = await request(t.app)
      .get(`/api/crash-reports/${one.body.data.id}`)
      .set(bearer(admin))
      .expect(200);
    expect(report.body.data.native.frames[1]).toMatchObject({ buildId: '9f2c1e', offset: 36 });
  });

  it('filters reports and groups by kind', async () => {
    const reports = await request(t.app)
      .get('/api/crash-reports')
      .query({ kind: 'native' })
      .set(bearer(admin))
      .expect(200);
    expect(reports.body.data.reports).toHaveLength(3);
    expect(reports.body.data.reports.every((r: { kind: string }) => r.kind === 'native')).toBe(
      true,
    );
    const groups = await request(t.app)
      .get('/api/crash-reports/groups')
      .query({ kind: 'anr' })
      .set(bearer(admin))
      .expect(200);
    expect(groups.body.data.groups.map((g: { kind: string }) => g.kind)).toEqual(['anr']);
    await request(t.app)
      .get('/api/crash-reports')
      .query({ kind: 'freeze' })
      .set(bearer(admin))
      .expect(400);
  });

  it('refuses an ANR without its duration and a native crash without its tombstone (400)', async () => {
    const anr = await send({ title: 'x', kind: 'anr', stackTrace: anrStack(1) }).expect(400);
    expect(anr.body.errors).toEqual({ anr: crashKindMessages.anrRequired });
    const native = await send({ title: 'x', kind: 'native' }).expect(400);
    expect(native.body.errors).toEqual({ native: crashKindMessages.nativeRequired });
    await send({ title: 'x', kind: 'oops' }).expect(400);
  });
});
