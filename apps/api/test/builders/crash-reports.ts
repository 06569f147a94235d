import { randomUUID } from 'node:crypto';
import type { CreateCrashReportBody } from '@patrol/contracts';
import request from 'supertest';
import {
  crashReports,
  type ClientRow,
  type CrashReportRow,
  type NewCrashReportRow,
} from '../../src/db/schema';
import { countReports } from '../../src/modules/crash-reports/crash-report-counts.repo';
import type { TestContext } from '../test-context';
import { buildClient, buildLicence, deviceIdFor } from './clients';

const dayMs = 24 * 60 * 60 * 1000;

/** A patrol device activated through the device API: its token, device ID and client. */
export interface TestDevice {
  token: string;
  deviceId: string;
  client: ClientRow;
}

/** Activates a fresh device on a new licence (of `client`, or of a new client). */
export async function activateTestDevice(
  t: TestContext,
  client?: ClientRow,
  project = 'Crash Site',
): Promise<TestDevice> {
  const owner = client ?? (await buildClient(t));
  const licence = await buildLicence(t, owner.id, {
    validUntil: new Date(Date.now() + 30 * dayMs),
  });
  const hash = randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase();
  const deviceId = deviceIdFor(project, hash);
  const response = await request(t.app)
    .post('/api/device/activate')
    .send({ licenceKey: licence.key, deviceId, projectName: project });
  if (response.status !== 200) {
    throw new Error(`activation failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return { token: response.body.deviceToken as string, deviceId, client: owner };
}

/** An Android stack trace of the NFC reader crash; `frameworkLine` moves the framework frames. */
export function nfcCrashTrace(frameworkLine = 223, appFrame = 'com.patrol.nfc.TagReader.read') {
  return [
    'java.lang.NullPointerException: Attempt to invoke virtual method on a null object reference',
    `\tat ${appFrame}(TagReader.kt:42)`,
    '\tat com.patrol.nfc.ScanActivity.onNewIntent(ScanActivity.kt:88)',
    `\tat android.app.Activity.performNewIntent(Activity.java:${frameworkLine + 8000})`,
    `\tat android.os.Looper.loop(Looper.java:${frameworkLine})`,
    `\tat java.lang.reflect.Method.invoke(Native Method)`,
    `\tat com.android.internal.os.ZygoteInit.main(ZygoteInit.java:${frameworkLine + 700})`,
  ].join('\n');
}

/** A full report body as the patrol app sends it. */
export function buildCrashReportBody(
  overrides: Partial<CreateCrashReportBody> = {},
): Record<string, unknown> {
  return {
    reportType: 'automatic',
    title: 'NFC scan crashed',
    description: 'The app closed while scanning a checkpoint',
    errorMessage: 'java.lang.NullPointerException: Attempt to invoke virtual method',
    stackTrace: nfcCrashTrace(),
    severity: 'high',
    reproducible: true,
    userSteps: 'Open the patrol, scan CP-7',
    userEmail: 'guard@example.test',
    userId: 'guard-17',
    tags: ['nfc'],
    additionalData: { checkpoint: 'CP-7' },
    deviceInfo: {
      platform: 'android',
      osVersion: '14',
      manufacturer: 'Samsung',
      model: 'SM-A546E',
      totalMemory: 8_000_000_000,
      availableMemory: 2_100_000_000,
      batteryLevel: 64,
      networkType: 'wifi',
    },
    appInfo: { appName: 'Patrol', packageName: 'com.patrol', version: '2.4.1', buildNumber: '241' },
    ...overrides,
  };
}

/** Inserts a report straight into the table (createdAt and status can be set). */
export async function buildCrashReport(
  t: TestContext,
  overrides: Partial<NewCrashReportRow> = {},
): Promise<CrashReportRow> {
  const [row] = await t.database.db
    .insert(crashReports)
    .values({
      title: `Crash ${randomUUID().slice(0, 8)}`,
      deviceInfo: { platform: 'android' },
      appInfo: { version: '2.4.1' },
      ...overrides,
    })
    .returning();
  // As the intake does, so the statistics cards count it.
  await countReports(t.database.db, row!.status, row!.severity, 1);
  return row!;
}
