import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { crashReportResponseSchema, otaVersionResponseSchema } from '@patrol/contracts';
import { crashSignature } from '@patrol/domain';
import { buildTestApk } from '@patrol/test-apk';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crashGroupDevices,
  crashGroups,
  crashGroupVersions,
  crashMappings,
  crashReports,
} from '../../db/schema';
import {
  activateTestDevice,
  bearer,
  buildCrashReport,
  buildCrashReportBody,
  createTestContext,
  obfuscatedStack,
  patrolMapping,
  postApk,
  readableStack,
  type TestContext,
  type TestDevice,
} from '../../../test/builders';
import { tryLockRetraceJob } from './crash-mappings.repo';
import { mappingDirectory } from './crash-mappings.service';
import { runRetraceBatch, retraceUntilDone } from './crash-retrace.service';

let t: TestContext;
let admin: string;
let devices: TestDevice[];
let nextCode = 700;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.signIn('Admin');
  devices = [await activateTestDevice(t), await activateTestDevice(t)];
});
afterAll(() => t.close());

const readableFingerprint = crashSignature({
  title: 'NFC scan crashed',
  reportType: 'automatic',
  stackTrace: readableStack,
}).fingerprint;

async function release() {
  nextCode += 1;
  const versionName = `7.${nextCode}.0`;
  const apk = await buildTestApk({ versionCode: nextCode, versionName });
  const response = await postApk(t, admin, apk, versionName).expect(201);
  return otaVersionResponseSchema.parse(response.body).version;
}

async function uploadMapping(id: string, mapping = patrolMapping) {
  await request(t.app)
    .post(`/api/ota/versions/${id}/mapping`)
    .set(bearer(admin))
    .attach('mapping', Buffer.from(mapping), 'mapping.txt')
    .expect(201);
  return mappingRow(id);
}

/** The mapping row of a release, with its job's cursor. */
async function mappingRow(otaVersionId: string) {
  const [row] = await t.database.db
    .select()
    .from(crashMappings)
    .where(eq(crashMappings.otaVersionId, otaVersionId));
  return row!;
}

async function sendObfuscated(
  version: string,
  device: TestDevice,
  stackTrace = obfuscatedStack,
): Promise<string> {
  const body = buildCrashReportBody({
    stackTrace,
    errorMessage: null as unknown as undefined,
    appInfo: { appName: 'Patrol', version },
  });
  const response = await request(t.app)
    .post('/api/crash-reports')
    .set('Authorization', `Bearer ${device.token}`)
    .send(body)
    .expect(201);
  return response.body.data.id as string;
}

const reportsOf = (version: string) =>
  t.database.db.select().from(crashReports).where(eq(crashReports.appVersion, version));
const group = async (fingerprint: string) =>
  (
    await t.database.db.select().from(crashGroups).where(eq(crashGroups.fingerprint, fingerprint))
  )[0];

describe('crash intake with a mapping', () => {
  it('keeps the raw stack beside the readable one and fingerprints the readable one', async () => {
    const version = await release();
    await uploadMapping(version.id);
    const id = await sendObfuscated(version.version, devices[0]!);

    const response = await request(t.app)
      .get(`/api/crash-reports/${id}`)
      .set(bearer(admin))
      .expect(200);
    const report = crashReportResponseSchema.parse(response.body).data;
    expect(report.stackTrace).toBe(obfuscatedStack);
    expect(report.readableStackTrace).toBe(readableStack);
    expect(report.fingerprint).toBe(readableFingerprint);
    expect(await group(readableFingerprint)).toMatchObject({
      culprit: 'com.patrol.app.data.ShiftRepository.parse',
    });
    await retraceUntilDone(t.ctx, () => new Date(Date.now() + 60_000));
  });

  it('keeps the report as sent when the mapping file cannot be read, and the job moves on', async () => {
    const version = await release();
    // A mapping of its own, so no parsed index of it is held yet.
    const mapping = await uploadMapping(version.id, `${patrolMapping}# unread\n`);
    await rm(join(mappingDirectory(t.ctx.uploads), mapping.fileName));
    const id = await sendObfuscated(version.version, await activateTestDevice(t));
    const [row] = await t.database.db.select().from(crashReports).where(eq(crashReports.id, id));
    expect(row).toMatchObject({ stackTrace: obfuscatedStack, readableStackTrace: null });

    await retraceUntilDone(t.ctx, () => new Date(mapping.uploadedAt.getTime() + 60_000));
    const finished = await mappingRow(version.id);
    expect(finished.retracedAt).not.toBeNull();
  });

  it('leaves the stack of a version without a mapping as it came', async () => {
    const version = await release();
    const id = await sendObfuscated(version.version, devices[0]!);
    const [row] = await t.database.db.select().from(crashReports).where(eq(crashReports.id, id));
    expect(row).toMatchObject({ stackTrace: obfuscatedStack, readableStackTrace: null });
    expect(row!.fingerprint).not.toBe(readableFingerprint);
  });
});

describe('retracing the reports received before the mapping', () => {
  it('retraces and regroups them in batches, resuming from the stored cursor after an interruption', async () => {
    const version = await release();
    for (const device of [devices[0]!, devices[1]!, devices[0]!, devices[1]!, devices[0]!]) {
      await sendObfuscated(version.version, device);
    }
    const rawFingerprint = (await reportsOf(version.version))[0]!.fingerprint!;
    // The same raw stack came before from other versions without a readable mapping.
    const rawBefore = (await group(rawFingerprint))!.occurrences;
    expect(rawBefore).toBeGreaterThan(5);
    const before = (await group(readableFingerprint))?.occurrences ?? 0;

    const mapping = await uploadMapping(version.id);
    const later = new Date(mapping.uploadedAt.getTime() + 60_000);
    // One batch of two, then the process stops.
    expect(await runRetraceBatch(t.ctx, later, 2)).toBe(true);
    const halfway = await reportsOf(version.version);
    expect(halfway.filter((report) => report.readableStackTrace === readableStack)).toHaveLength(2);
    const cursor = await mappingRow(version.id);
    expect(cursor).toMatchObject({ cursorId: expect.any(String), retracedAt: null });
    expect(await group(rawFingerprint)).toMatchObject({ occurrences: rawBefore - 2 });

    // Another process picks the job up where the cursor says.
    await retraceUntilDone(t.ctx, () => later);
    const done = await reportsOf(version.version);
    expect(done.every((report) => report.readableStackTrace === readableStack)).toBe(true);
    expect(done.every((report) => report.fingerprint === readableFingerprint)).toBe(true);
    expect(done.every((report) => report.stackTrace === obfuscatedStack)).toBe(true);
    // Left with the other versions' reports: device 0's row stays (it sent one of them), device
    // 1's and this version's go.
    expect(await group(rawFingerprint)).toMatchObject({ occurrences: rawBefore - 5 });
    const rawDevices = await t.database.db
      .select()
      .from(crashGroupDevices)
      .where(eq(crashGroupDevices.fingerprint, rawFingerprint));
    expect(rawDevices.map((row) => row.deviceId)).toContain(devices[0]!.deviceId);
    expect(rawDevices.map((row) => row.deviceId)).not.toContain(devices[1]!.deviceId);
    expect((await group(rawFingerprint))!.devices).toBe(rawDevices.length);
    const rawVersions = await t.database.db
      .select()
      .from(crashGroupVersions)
      .where(eq(crashGroupVersions.fingerprint, rawFingerprint));
    expect(rawVersions.map((row) => row.appVersion)).not.toContain(version.version);
    expect(await group(readableFingerprint)).toMatchObject({ occurrences: before + 5 });
    const [versionRow] = await t.database.db
      .select()
      .from(crashGroupVersions)
      .where(eq(crashGroupVersions.appVersion, version.version));
    expect(versionRow).toMatchObject({ fingerprint: readableFingerprint, occurrences: 5 });
    const finished = await mappingRow(version.id);
    expect(finished.retracedAt).toEqual(later);
    expect(await runRetraceBatch(t.ctx, later)).toBe(false);
  });

  it('walks reports that share one created_at (one transaction) batch by batch to the end', async () => {
    const version = await release();
    for (let i = 0; i < 5; i += 1) {
      await buildCrashReport(t, {
        title: 'NFC scan crashed',
        appInfo: { version: version.version },
        stackTrace: obfuscatedStack,
      });
    }
    // Microseconds, which a JavaScript Date does not keep.
    await t.database.db
      .update(crashReports)
      .set({ createdAt: sql`'2026-11-20T08:00:00.123456Z'::timestamptz` })
      .where(eq(crashReports.appVersion, version.version));
    const mapping = await uploadMapping(version.id);
    const later = new Date(mapping.uploadedAt.getTime() + 60_000);
    let batches = 0;
    while ((await runRetraceBatch(t.ctx, later, 2)) && batches < 10) batches += 1;
    expect(batches).toBeLessThanOrEqual(3);
    const done = await reportsOf(version.version);
    expect(done.every((report) => report.readableStackTrace === readableStack)).toBe(true);
  });

  it('deletes a group left without reports by the regrouping', async () => {
    const version = await release();
    const raw = 'java.lang.IllegalStateException: stopped\n\tat a.a.b(SourceFile:4)';
    await sendObfuscated(version.version, devices[0]!, raw);
    const [before] = await reportsOf(version.version);
    expect(await group(before!.fingerprint!)).toMatchObject({ occurrences: 1 });

    const mapping = await uploadMapping(version.id);
    await retraceUntilDone(t.ctx, () => new Date(mapping.uploadedAt.getTime() + 60_000));
    const [after] = await reportsOf(version.version);
    expect(after!.readableStackTrace).toBe(
      'java.lang.IllegalStateException: stopped\n\tat com.patrol.app.ui.ShiftActivity.stopPatrol(ShiftActivity.kt:70)',
    );
    expect(await group(before!.fingerprint!)).toBeUndefined();
    expect(await group(after!.fingerprint!)).toMatchObject({
      occurrences: 1,
      devices: 1,
      culprit: 'com.patrol.app.ui.ShiftActivity.stopPatrol',
    });
  });

  it('keeps walking new reports until every process reads the mapping, then finishes', async () => {
    const version = await release();
    await sendObfuscated(version.version, devices[1]!);
    const mapping = await uploadMapping(version.id);

    expect(await runRetraceBatch(t.ctx, mapping.uploadedAt)).toBe(false);
    const pending = await mappingRow(version.id);
    expect(pending.retracedAt).toBeNull();
    expect((await reportsOf(version.version))[0]!.readableStackTrace).toBe(readableStack);

    await retraceUntilDone(t.ctx, () => new Date(mapping.uploadedAt.getTime() + 60_000));
    const finished = await mappingRow(version.id);
    expect(finished.retracedAt).not.toBeNull();
  });

  // PGlite has one connection: a second transaction waits for the first instead of running beside it.
  it.skipIf(!process.env.DATABASE_URL)(
    'leaves the job to the worker holding its advisory lock (PostgreSQL)',
    async () => {
      const version = await release();
      await sendObfuscated(version.version, devices[0]!);
      const mapping = await uploadMapping(version.id);
      const later = new Date(mapping.uploadedAt.getTime() + 60_000);
      await t.database.db.transaction(async (tx) => {
        expect(await tryLockRetraceJob(tx)).toBe(true);
        expect(await runRetraceBatch(t.ctx, later)).toBe(false);
      });
      expect((await reportsOf(version.version))[0]!.readableStackTrace).toBeNull();
      await retraceUntilDone(t.ctx, () => later);
      expect((await reportsOf(version.version))[0]!.readableStackTrace).toBe(readableStack);
    },
  );
});
