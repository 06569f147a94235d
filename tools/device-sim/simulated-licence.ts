import type { LicencePublicKeysResponse } from '@patrol/contracts';
import type { LicenceFileVerdict } from '@patrol/domain';
import { call, pause } from './device-http';
import { createLicenceFileKeeper, type LicenceFileKeeper } from './licence-file-check';

/** What the licence-file steps of a simulated device need from its options. */
interface LicenceFileOptions {
  url: string;
  intervalMs: number;
  log: (line: string) => void;
  clock: () => Date;
}

/** The counts the licence-file steps add to. */
interface LicenceFileCounts {
  failures: number;
  licenceFilesVerified: number;
  licenceFilesRefused: number;
}

/** The published keys (fetched again until the API answers), in a keeper of this device's files. */
export async function fetchLicenceKeeper(
  deviceId: string,
  options: LicenceFileOptions,
  summary: LicenceFileCounts,
  signal: AbortSignal,
): Promise<LicenceFileKeeper | undefined> {
  for (;;) {
    const answer = await fetchLicenceKeys(options.url, signal);
    if (answer.kind === 'ok') return createLicenceFileKeeper(deviceId, answer.body.keys);
    if (answer.kind === 'aborted') return undefined;
    summary.failures += 1;
    const next = answer.kind === 'refused' ? 'device stopped' : 'retrying';
    options.log(`${deviceId}: licence keys unavailable (${answer.message}); ${next}`);
    if (answer.kind === 'refused' || !(await pause(options.intervalMs, signal))) return undefined;
  }
}

function fetchLicenceKeys(url: string, signal: AbortSignal) {
  return call<LicencePublicKeysResponse>(url, '/api/device/licence-keys', signal, {
    method: 'GET',
  });
}

/**
 * Verifies a licence file the server answered (fetching the keys again when it names a key not
 * yet known, as after a rotation); false, the device stopped, when it does not check out.
 */
export async function checkLicenceFile(
  name: string,
  keeper: LicenceFileKeeper,
  file: string,
  options: LicenceFileOptions,
  summary: LicenceFileCounts,
  signal: AbortSignal,
): Promise<boolean> {
  if (keeper.namesUnknownKey(file)) {
    const answer = await fetchLicenceKeys(options.url, signal);
    if (answer.kind === 'ok') keeper.useKeys(answer.body.keys);
  }
  const verdict = keeper.accept(file, options.clock());
  if (!worksOn(verdict)) {
    stopOnLicenceFile(name, verdict, options, summary);
    return false;
  }
  summary.licenceFilesVerified += 1;
  return true;
}

export function worksOn(verdict: LicenceFileVerdict): boolean {
  return verdict.state === 'valid' || verdict.state === 'grace';
}

export function stopOnLicenceFile(
  name: string,
  verdict: LicenceFileVerdict,
  options: LicenceFileOptions,
  summary: LicenceFileCounts,
): void {
  summary.licenceFilesRefused += 1;
  options.log(`${name}: ${describeVerdict(verdict)}; device stopped`);
}

export function describeVerdict(verdict: LicenceFileVerdict): string {
  const until = verdict.worksUntil ? ` until ${verdict.worksUntil.toISOString()}` : '';
  return `licence file ${verdict.state}: ${verdict.reason}${until}`;
}
