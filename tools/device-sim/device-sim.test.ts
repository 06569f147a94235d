import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApk } from '@patrol/test-apk';
import {
  crashGroups,
  crashReports,
  deviceAppVersions,
  licences,
  releaseSessionHours,
} from '../../apps/api/src/db/schema';
import { startTestServer, type TestServer } from '../../apps/api/test/builders';
import { availableKeysOfCompany } from './company-keys';
import { createSimulatedClient, issueSimulatedKeys } from './simulator-test-fixture';
import { runDeviceSimulation, simulatedDeviceId } from './simulated-device';

const project = 'Simulated Site';

describe('device simulator', () => {
  let server: TestServer;
  let keys: string[];
  let accessToken: string;

  beforeAll(async () => {
    server = await startTestServer();
    accessToken = (await server.test.createUserWithToken({ role: 'Admin' })).token;
    await createSimulatedClient(server.url, accessToken, 'SIM-01');
    keys = await issueSimulatedKeys(server.url, accessToken, 'SIM-01', 5);
  });
  afterAll(() => server?.close());

  it("lists a company's available keys with an access token", async () => {
    expect(
      (await availableKeysOfCompany(server.url, 'SIM-01', accessToken, project)).sort(),
    ).toEqual([...keys].sort());
  });

  it('activates each device, heartbeats every interval and stops at the end of the duration', async () => {
    const chosen = keys.slice(0, 2);
    const started = Date.now();
    const summary = await runDeviceSimulation({
      url: server.url,
      keys: [...chosen, 'MP-NONE-NONE-NONE-NONE'],
      projectName: project,
      intervalMs: 200,
      durationMs: 4_000,
    });

    expect(Date.now() - started).toBeLessThan(8_000);
    expect(summary).toMatchObject({ activated: 2, refused: 1, failures: 0 });
    expect(summary.heartbeats).toBeGreaterThanOrEqual(4);
    await server.test.ctx.heartbeats.flush();
    const rows = await server.test.database.db
      .select()
      .from(licences)
      .where(inArray(licences.key, chosen));
    for (const row of rows) {
      expect(row).toMatchObject({ bound: true, deviceId: simulatedDeviceId(row.key, project) });
      expect(Date.now() - row.lastDeviceActivity!.getTime()).toBeLessThan(8_000);
    }
    const untouched = await server.test.database.db
      .select()
      .from(licences)
      .where(eq(licences.key, keys[2]!));
    expect(untouched[0]!.bound).toBe(false);
  });

  it('activates the same devices again with their kept tokens and stops when aborted', async () => {
    const tokens = new Map<string, string>();
    const run = async () => {
      const stop = new AbortController();
      setTimeout(() => stop.abort(), 500);
      return runDeviceSimulation({
        url: server.url,
        keys: keys.slice(3, 5),
        projectName: project,
        intervalMs: 100,
        durationMs: 0,
        signal: stop.signal,
        tokens,
      });
    };
    expect(await run()).toMatchObject({ activated: 2, refused: 0 });
    expect(await run()).toMatchObject({ activated: 2, refused: 0 });
    // Without its token, a device cannot activate its bound licence again.
    const forgetful = await runDeviceSimulation({
      url: server.url,
      keys: keys.slice(3, 4),
      projectName: project,
      intervalMs: 100,
      durationMs: 1_000,
    });
    expect(forgetful).toMatchObject({ activated: 0, refused: 1 });
  });

  it('sends crash reports with --crashes, filed under the devices and grouped', async () => {
    const chosen = await issueSimulatedKeys(server.url, accessToken, 'SIM-01', 2);
    const summary = await runDeviceSimulation({
      url: server.url,
      keys: chosen,
      projectName: project,
      intervalMs: 100,
      durationMs: 1_000,
      // A report at every heartbeat.
      crashes: { everyMs: 100 },
    });
    expect(summary.crashReports).toBeGreaterThanOrEqual(2);
    expect(summary.failures).toBe(0);
    const stored = await server.test.database.db.select().from(crashReports);
    // A report in flight when the run ends is stored without its answer being counted.
    expect(stored.length).toBeGreaterThanOrEqual(summary.crashReports);
    expect(stored.length).toBeLessThanOrEqual(summary.crashReports + chosen.length);
    expect(new Set(stored.map((report) => report.deviceId))).toEqual(
      new Set(chosen.map((key) => simulatedDeviceId(key, project))),
    );
    expect(stored.every((report) => report.fingerprint && report.companyId === 'SIM-01')).toBe(
      true,
    );
    const groups = await server.test.database.db.select().from(crashGroups);
    expect(groups.reduce((sum, group) => sum + group.occurrences, 0)).toBe(stored.length);
  });

  it('sends session pings with --sessions: started, then ended crashed on a bad release', async () => {
    const chosen = await issueSimulatedKeys(server.url, accessToken, 'SIM-01', 2);
    const summary = await runDeviceSimulation({
      url: server.url,
      keys: chosen,
      projectName: project,
      intervalMs: 100,
      durationMs: 1_000,
      // Every session crashes at the beat after its start.
      sessions: { lengthMs: 60_000, crashEveryMs: 100, random: () => 0 },
    });
    expect(summary.sessionPings).toBeGreaterThanOrEqual(4);
    expect(summary.failures).toBe(0);
    await server.test.ctx.sessionPings.flush();
    const hours = await server.test.database.db.select().from(releaseSessionHours);
    const started = hours.reduce((sum, hour) => sum + hour.started, 0);
    const crashed = hours.reduce((sum, hour) => sum + hour.crashed, 0);
    expect(started).toBeGreaterThanOrEqual(2);
    expect(crashed).toBeGreaterThanOrEqual(2);
    expect(crashed).toBeLessThanOrEqual(started);
  });

  it('checks for an update with --ota, resumes its download, verifies it and reports the new version', async () => {
    const apk = await buildTestApk({ versionCode: 300, versionName: '3.0.0-sim', padBytes: 4096 });
    const form = new FormData();
    form.append('version', '3.0.0-sim');
    form.append('apk', new Blob([apk]), 'patrol.apk');
    const uploaded = await fetch(`${server.url}/api/ota/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { version } = (await uploaded.json()) as { version: { id: string } };
    const activated = await fetch(`${server.url}/api/ota/versions/${version.id}/activate`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(activated.status).toBe(200);

    const issued = await fetch(`${server.url}/api/clients/SIM-01/licences`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ count: 1, licenseType: 'Standard', validityPeriodDays: 30 }),
    });
    const [key] = ((await issued.json()) as { licences: { key: string }[] }).licences.map(
      (l) => l.key,
    );
    const lines: string[] = [];
    const summary = await runDeviceSimulation({
      url: server.url,
      keys: [key!],
      projectName: project,
      intervalMs: 100,
      durationMs: 1_000,
      ota: { everyMs: 300 },
      log: (line) => lines.push(line),
    });
    expect(summary).toMatchObject({ updatesInstalled: 1, failures: 0 });
    expect(lines.some((line) => /-> 3\.0\.0-sim \(download resumed at byte \d+/.test(line))).toBe(
      true,
    );
    const [installed] = await server.test.database.db
      .select()
      .from(deviceAppVersions)
      .where(eq(deviceAppVersions.deviceId, simulatedDeviceId(key!, project)));
    expect(installed).toMatchObject({ versionCode: 300, versionName: '3.0.0-sim' });
  });
});
