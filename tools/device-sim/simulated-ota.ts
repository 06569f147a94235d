import { createHash } from 'node:crypto';
import type { MobileUpdateCheckResponse } from '@patrol/contracts';

/** The app a simulated device runs: what its update checks and crash reports say. */
export interface InstalledApp {
  versionName: string;
  versionCode: number;
}

/** The versions the fleet starts on and their version codes (a release must be above them). */
export const startingAppVersionCodes: Record<string, number> = {
  '2.4.0-sim': 240,
  '2.4.1-sim': 241,
};

/** What an update check and install came to. */
export type UpdateOutcome =
  | { kind: 'none' }
  | { kind: 'installed'; app: InstalledApp; resumedAt: number }
  | { kind: 'failed'; message: string };

/**
 * Asks the server for an update as the app does; when one is offered, downloads it in two parts
 * (the second a Range request that resumes where the first stopped, as after a dropped
 * connection), checks the SHA-256 against the announced checksum and "installs" it.
 */
export async function checkAndInstallUpdate(
  url: string,
  token: string,
  app: InstalledApp,
  signal: AbortSignal,
): Promise<UpdateOutcome> {
  const headers = { authorization: `Bearer ${token}` };
  const query = new URLSearchParams({
    platform: 'android',
    versionCode: String(app.versionCode),
    versionName: app.versionName,
  });
  const checked = await fetch(new URL(`/api/ota/mobile/check?${query}`, url), { headers, signal });
  if (!checked.ok) return { kind: 'failed', message: `update check answered ${checked.status}` };
  const { android } = (await checked.json()) as MobileUpdateCheckResponse;
  if (!android.hasUpdate || !android.downloadUrl || !android.fileSize || !android.checksum) {
    return { kind: 'none' };
  }
  const half = Math.floor(android.fileSize / 2);
  const first = await fetch(new URL(android.downloadUrl, url), {
    headers: { ...headers, range: `bytes=0-${half - 1}` },
    signal,
  });
  const etag = first.headers.get('etag') ?? '';
  const rest = await fetch(new URL(android.downloadUrl, url), {
    headers: { ...headers, range: `bytes=${half}-`, 'if-range': etag },
    signal,
  });
  if (first.status !== 206 || rest.status !== 206) {
    return { kind: 'failed', message: `download answered ${first.status} then ${rest.status}` };
  }
  const file = Buffer.concat([
    Buffer.from(await first.arrayBuffer()),
    Buffer.from(await rest.arrayBuffer()),
  ]);
  const checksum = createHash('sha256').update(file).digest('hex');
  if (checksum !== android.checksum) {
    return { kind: 'failed', message: 'downloaded file does not match its checksum' };
  }
  return {
    kind: 'installed',
    app: { versionName: android.latestVersion!, versionCode: android.versionCode! },
    resumedAt: half,
  };
}
