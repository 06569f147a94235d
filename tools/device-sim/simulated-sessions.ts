import { randomUUID } from 'node:crypto';
import type { DeviceSessionBody } from '@patrol/contracts';
import { call } from './device-http';
import type { Random } from './simulated-crashes';
import type { InstalledApp } from './simulated-ota';

/** Session pings (POST /api/device/session): how often a session ends, and the bad release. */
export interface SessionOptions {
  /** A session ends (exited) after this long on average; a new one starts at the next beat. */
  lengthMs: number;
  /** A session crashes once every this long on average (five times as often on `badRelease`). */
  crashEveryMs: number;
  badRelease?: string;
  random?: Random;
}

/** A bad release's sessions crash this many times as often, so its release health halts it. */
export const badReleaseSessionFactor = 5;

/** One device's session, as the app keeps it: started, then ended exited or crashed. */
export interface DeviceSessionState {
  sessionId: string | null;
}

/**
 * At one heartbeat of a device: starts a session when none runs, else ends it crashed (by the
 * crash rate, higher on the bad release) or exited (by the session length). Answers whether the
 * session crashed, so a crash report may follow, and the number of pings sent.
 */
export async function sessionTick(
  url: string,
  token: string,
  app: InstalledApp,
  state: DeviceSessionState,
  options: SessionOptions & { intervalMs: number },
  signal: AbortSignal,
): Promise<{ crashed: boolean; pings: number }> {
  const random = options.random ?? Math.random;
  const send = async (body: Omit<DeviceSessionBody, 'platform' | 'foreground' | 'anr'>) => {
    const answer = await call(url, '/api/device/session', signal, {
      method: 'POST',
      token,
      body: { ...body, versionCode: app.versionCode, versionName: app.versionName },
    });
    return answer.kind === 'ok' ? 1 : 0;
  };
  if (!state.sessionId) {
    state.sessionId = randomUUID();
    return {
      crashed: false,
      pings: await send({
        sessionId: state.sessionId,
        event: 'start',
        versionCode: app.versionCode,
      }),
    };
  }
  const factor = options.badRelease === app.versionName ? badReleaseSessionFactor : 1;
  const crashes = random() < Math.min(1, (options.intervalMs * factor) / options.crashEveryMs);
  const ends = crashes || random() < Math.min(1, options.intervalMs / options.lengthMs);
  if (!ends) return { crashed: false, pings: 0 };
  const sessionId = state.sessionId;
  state.sessionId = null;
  const pings = await send({
    sessionId,
    event: 'end',
    status: crashes ? 'crashed' : 'exited',
    versionCode: app.versionCode,
  });
  return { crashed: crashes, pings };
}
