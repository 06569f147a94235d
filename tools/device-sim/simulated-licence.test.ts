import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../apps/api/test/builders';
import { createSimulatedClient, issueSimulatedKeys } from './simulator-test-fixture';
import { runDeviceSimulation } from './simulated-device';

const project = 'Simulated Site';
const dayMs = 24 * 60 * 60 * 1000;

describe('device simulator: signed licence files', () => {
  let server: TestServer;
  let keys: string[];

  beforeAll(async () => {
    server = await startTestServer();
    const { token } = await server.test.createUserWithToken({ role: 'Admin' });
    await createSimulatedClient(server.url, token, 'SIM-02');
    keys = await issueSimulatedKeys(server.url, token, 'SIM-02', 4);
  });
  afterAll(() => server?.close());

  /** One device for `durationMs`, cut off from the API after `offlineAfterMs`. */
  const simulate = (key: string, options: { offlineAfterMs?: number; clock?: () => Date }) => {
    const lines: string[] = [];
    const run = runDeviceSimulation({
      url: server.url,
      keys: [key],
      projectName: project,
      intervalMs: 100,
      durationMs: 1_200,
      log: (line) => lines.push(line),
      ...options,
    });
    return run.then((summary) => ({ summary, lines }));
  };

  it('verifies the file of the activation and of every heartbeat with the published key', async () => {
    const { summary } = await simulate(keys[0]!, {});
    expect(summary).toMatchObject({ activated: 1, licenceFilesRefused: 0, offlineBeats: 0 });
    expect(summary.heartbeats).toBeGreaterThanOrEqual(3);
    expect(summary.licenceFilesVerified).toBe(summary.heartbeats + 1);
  });

  it('keeps working offline on its grace after --offline-after, and stops once the grace is over', async () => {
    const offline = await simulate(keys[1]!, { offlineAfterMs: 400 });
    expect(offline.summary).toMatchObject({ activated: 1, licenceFilesRefused: 0 });
    expect(offline.summary.offlineBeats).toBeGreaterThanOrEqual(3);
    expect(offline.lines.some((line) => line.includes('API out of reach'))).toBe(true);

    const started = Date.now();
    // Offline from 400 ms; from 700 ms on, the device's clock reads eight days later.
    const clock = () => new Date(Date.now() + (Date.now() - started >= 700 ? 8 * dayMs : 0));
    const beyond = await simulate(keys[2]!, { offlineAfterMs: 400, clock });
    expect(beyond.summary).toMatchObject({ activated: 1, licenceFilesRefused: 1 });
    expect(beyond.lines.at(-1)).toMatch(/licence file expired: the offline grace period is over/);
  });

  it('stops a device whose clock is set back', async () => {
    const started = Date.now();
    const clock = () => new Date(Date.now() - (Date.now() - started >= 400 ? dayMs : 0));
    const { summary, lines } = await simulate(keys[3]!, { clock });
    expect(summary).toMatchObject({ activated: 1, licenceFilesRefused: 1 });
    expect(lines.at(-1)).toMatch(/licence file clock-back/);
  });
});
