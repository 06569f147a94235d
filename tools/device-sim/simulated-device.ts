import { createHash } from 'node:crypto';
import type {
  CreateCrashReportResponse,
  DeviceActivateResponse,
  DeviceHeartbeatBody,
  DeviceLicenceResponse,
} from '@patrol/contracts';
import { call, pause } from './device-http';
import {
  checkLicenceFile,
  describeVerdict,
  fetchLicenceKeeper,
  stopOnLicenceFile,
  worksOn,
} from './simulated-licence';
import { simulatedAppVersions, type Random } from './simulated-crashes';
import { simulatedReport, type SimulatedKinds } from './simulated-kinds';
import { sessionTick, type DeviceSessionState, type SessionOptions } from './simulated-sessions';
import { checkAndInstallUpdate, startingAppVersionCodes, type InstalledApp } from './simulated-ota';

/** What a simulation runs: one device per key, each reporting every `intervalMs`. */
export interface SimulationOptions {
  /** Base URL of the API, e.g. http://localhost:3000. */
  url: string;
  keys: readonly string[];
  projectName: string;
  intervalMs: number;
  /** Stops every device after this long; 0 runs until `signal` aborts. */
  durationMs: number;
  signal?: AbortSignal;
  log?: (line: string) => void;
  /**
   * Where each device keeps its token, as the real app does: activating a bound licence again
   * needs the device's current token. In memory (this run only) unless given.
   */
  tokens?: DeviceTokenStore;
  /**
   * Also send crash reports: each device sends one every `everyMs` on average (checked at each
   * heartbeat), a mix of a few recurring crashes, rare ones (some critical) and debug reports.
   */
  crashes?: { everyMs: number; random?: Random; badRelease?: string } & SimulatedKinds;
  /**
   * Also check for app updates every `everyMs` (and at start): an offered release is downloaded
   * with a resumed Range request, checked against its SHA-256 and installed, so later heartbeats,
   * crash reports and checks report the new version.
   */
  ota?: { everyMs: number };
  /**
   * Also send session pings: a session starts at a heartbeat, and ends exited (after `lengthMs`
   * on average) or crashed (every `crashEveryMs` on average, five times as often on the bad
   * release, followed by a crash report when `crashes` is on).
   */
  sessions?: SessionOptions;
  /**
   * The API becomes unreachable this long after the start (a device without signal): devices keep
   * working on their last verified licence file through its grace period, then stop.
   */
  offlineAfterMs?: number;
  /** The devices' clock (a test sets it back or forward); the real one unless given. */
  clock?: () => Date;
}

/** A device's token by device ID. A Map will do. */
export interface DeviceTokenStore {
  get(deviceId: string): string | undefined;
  set(deviceId: string, token: string): void;
}

/** Counts of what the devices did. */
export interface SimulationSummary {
  activated: number;
  heartbeats: number;
  /** Session pings accepted. */
  sessionPings: number;
  /** Crash and debug reports accepted. */
  crashReports: number;
  /** App updates downloaded and installed. */
  updatesInstalled: number;
  /** Failed calls (network errors, 429, 5xx) that the device retried. */
  failures: number;
  /** Devices the server refused for good (unknown key, expired, unbound...). */
  refused: number;
  /** Licence files received whose signature, device and dates checked out. */
  licenceFilesVerified: number;
  /** Heartbeats a device spent offline, working on its last licence file's grace. */
  offlineBeats: number;
  /** Devices that stopped on their licence file: tampered, another device's, expired or clock set back. */
  licenceFilesRefused: number;
}

/**
 * The device ID the simulator uses for a key: MPDID-{12 capitals or digits}-{project}, derived
 * from the key so that a second run activates the same device again instead of a new one.
 */
export function simulatedDeviceId(licenceKey: string, projectName: string): string {
  const hash = createHash('sha256').update(`${licenceKey}|${projectName}`).digest('hex');
  return `MPDID-${hash.slice(0, 12).toUpperCase()}-${projectName}`;
}

/** Runs one simulated device per key until the duration ends or `signal` aborts. */
export async function runDeviceSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const summary: SimulationSummary = {
    activated: 0,
    heartbeats: 0,
    sessionPings: 0,
    crashReports: 0,
    updatesInstalled: 0,
    failures: 0,
    refused: 0,
    licenceFilesVerified: 0,
    offlineBeats: 0,
    licenceFilesRefused: 0,
  };
  const offlineFrom =
    options.offlineAfterMs === undefined ? Infinity : Date.now() + options.offlineAfterMs;
  const clock = options.clock ?? (() => new Date());
  const stop = new AbortController();
  const timers: AbortSignal[] = [stop.signal];
  if (options.signal) timers.push(options.signal);
  if (options.durationMs > 0) timers.push(AbortSignal.timeout(options.durationMs));
  const signal = AbortSignal.any(timers);
  const log = options.log ?? (() => {});
  const tokens = options.tokens ?? new Map<string, string>();

  await Promise.all(
    options.keys.map(async (key, index) => {
      // Spread the devices over one interval so that their reports do not arrive in bursts.
      const offset = Math.floor((options.intervalMs * index) / options.keys.length);
      if (!(await pause(offset, signal))) return;
      const versionName = simulatedAppVersions[index % simulatedAppVersions.length]!;
      const app = { versionName, versionCode: startingAppVersionCodes[versionName]! };
      const deviceOptions = { ...options, log, tokens, app, offlineFrom, clock };
      await runDevice(key, deviceOptions, summary, signal);
    }),
  );
  stop.abort();
  return summary;
}

type DeviceOptions = SimulationOptions & {
  log: (line: string) => void;
  tokens: DeviceTokenStore;
  /** The app this device runs (its heartbeats, checks and crash reports say so); updates change it. */
  app: InstalledApp;
  /** Date.now() from which the API is out of reach (--offline-after). */
  offlineFrom: number;
  clock: () => Date;
};

async function runDevice(
  key: string,
  options: DeviceOptions,
  summary: SimulationSummary,
  signal: AbortSignal,
): Promise<void> {
  const deviceId = simulatedDeviceId(key, options.projectName);
  const name = `${key} (${deviceId})`;
  const keeper = await fetchLicenceKeeper(deviceId, options, summary, signal);
  if (!keeper) return;
  const licenceFileHeld = (file: string) =>
    checkLicenceFile(name, keeper, file, options, summary, signal);
  let token: string | undefined;
  while (!signal.aborted && !token) {
    const answer = await call<DeviceActivateResponse>(options.url, '/api/device/activate', signal, {
      method: 'POST',
      token: options.tokens.get(deviceId),
      body: { licenceKey: key, deviceId, projectName: options.projectName },
    });
    if (answer.kind === 'ok') {
      token = answer.body.deviceToken;
      options.tokens.set(deviceId, token);
      summary.activated += 1;
      options.log(`${name}: activated, licence ${answer.body.licence.status}`);
      if (!(await licenceFileHeld(answer.body.licenceFile))) return;
    } else if (answer.kind === 'refused') {
      summary.refused += 1;
      options.log(
        `${name}: activation refused (${answer.status} ${answer.message}); device stopped`,
      );
      return;
    } else if (answer.kind === 'retry') {
      summary.failures += 1;
      options.log(`${name}: activation failed (${answer.message}); retrying`);
      if (!(await pause(options.intervalMs, signal))) return;
    } else {
      return;
    }
  }
  let nextUpdateCheck = Date.now();
  let wasOffline = false;
  const session: DeviceSessionState = { sessionId: null };
  while (await pause(options.intervalMs, signal)) {
    if (Date.now() >= options.offlineFrom) {
      const verdict = keeper.offline(options.clock());
      if (!wasOffline) options.log(`${name}: API out of reach; ${describeVerdict(verdict)}`);
      wasOffline = true;
      if (!worksOn(verdict)) return stopOnLicenceFile(name, verdict, options, summary);
      summary.offlineBeats += 1;
      continue;
    }
    if (options.ota && Date.now() >= nextUpdateCheck) {
      nextUpdateCheck = Date.now() + options.ota.everyMs;
      await updateApp(name, token!, options, summary, signal);
    }
    const answer = await call<DeviceLicenceResponse>(options.url, '/api/device/heartbeat', signal, {
      method: 'POST',
      token,
      body: diagnostics(options.app.versionName),
    });
    if (answer.kind === 'ok') {
      summary.heartbeats += 1;
      if (!(await licenceFileHeld(answer.body.licenceFile))) return;
    } else if (answer.kind === 'refused') {
      summary.refused += 1;
      options.log(
        `${name}: heartbeat refused (${answer.status} ${answer.message}); device stopped`,
      );
      return;
    } else if (answer.kind === 'retry') {
      summary.failures += 1;
      const verdict = keeper.offline(options.clock());
      options.log(`${name}: heartbeat failed (${answer.message}); ${describeVerdict(verdict)}`);
      if (!worksOn(verdict)) return stopOnLicenceFile(name, verdict, options, summary);
      summary.offlineBeats += 1;
    }
    if (options.sessions) {
      const tick = await sessionTick(
        options.url,
        token!,
        options.app,
        session,
        { ...options.sessions, intervalMs: options.intervalMs },
        signal,
      );
      summary.sessionPings += tick.pings;
      if (tick.crashed && options.crashes)
        await sendCrashReport(name, token!, options, summary, signal);
    } else if (options.crashes && crashDue(options.intervalMs, options.crashes, options.app)) {
      await sendCrashReport(name, token!, options, summary, signal);
    }
  }
}

/** A bad release crashes this many times as often, so its release health shows it. */
const badReleaseCrashFactor = 5;

/**
 * Whether a device crashes at this heartbeat, for one crash every `everyMs` on average (more often
 * on the `badRelease` version).
 */
function crashDue(
  intervalMs: number,
  crashes: NonNullable<SimulationOptions['crashes']>,
  app: InstalledApp,
): boolean {
  const random = crashes.random ?? Math.random;
  const factor = crashes.badRelease === app.versionName ? badReleaseCrashFactor : 1;
  return random() < Math.min(1, (intervalMs * factor) / crashes.everyMs);
}

async function updateApp(
  name: string,
  token: string,
  options: DeviceOptions,
  summary: SimulationSummary,
  signal: AbortSignal,
): Promise<void> {
  try {
    const outcome = await checkAndInstallUpdate(options.url, token, options.app, signal);
    if (outcome.kind === 'installed') {
      summary.updatesInstalled += 1;
      options.log(
        `${name}: updated ${options.app.versionName} -> ${outcome.app.versionName} (download resumed at byte ${outcome.resumedAt}, checksum verified)`,
      );
      options.app = outcome.app;
    } else if (outcome.kind === 'failed') {
      summary.failures += 1;
      options.log(`${name}: update failed (${outcome.message})`);
    }
  } catch (error) {
    if (signal.aborted) return;
    summary.failures += 1;
    options.log(`${name}: update failed (${error instanceof Error ? error.message : error})`);
  }
}

async function sendCrashReport(
  name: string,
  token: string,
  options: DeviceOptions,
  summary: SimulationSummary,
  signal: AbortSignal,
): Promise<void> {
  const report = simulatedReport(options.app.versionName, options.crashes, options.crashes?.random);
  const answer = await call<CreateCrashReportResponse>(options.url, '/api/crash-reports', signal, {
    method: 'POST',
    token,
    body: report,
  });
  if (answer.kind === 'ok') {
    summary.crashReports += 1;
    options.log(
      `${name}: sent ${report.severity} ${report.kind ?? 'crash'} ${report.reportType} report "${report.title}"`,
    );
  } else if (answer.kind === 'refused' || answer.kind === 'retry') {
    // A refused report (400, 401, 413) is logged, not fatal: the heartbeats say whether to stop.
    summary.failures += 1;
    options.log(`${name}: crash report failed (${answer.message})`);
  }
}

function diagnostics(appVersion: string): DeviceHeartbeatBody {
  return {
    appVersion,
    osVersion: 'Android 14',
    batteryLevel: Math.round(20 + Math.random() * 80),
  };
}
