import { otaMessages, type OtaVersion } from '@patrol/contracts';
import type { ApkIdentity } from './binary-manifest';

/** What reading the chosen APK in the browser gave. */
export type ApkReading =
  | { status: 'none' }
  | { status: 'reading' }
  | { status: 'read'; identity: ApkIdentity }
  | { status: 'unreadable'; message: string }
  /** The browser itself failed (an old one, say): the server still checks the APK. */
  | { status: 'unchecked' };

/** Problems the server would answer for this APK, found before it is sent (field: sentence). */
export type ApkProblems = { apk?: string; version?: string };

/**
 * The server's checks of an upload against the releases already here (ota-upload.service.ts),
 * made in the browser with the APK's manifest: the version entered is the APK's version name, the
 * version is new, the package is the releases' and the version code is above the latest's.
 */
export function apkProblems(
  reading: ApkReading,
  enteredVersion: string,
  releases: readonly OtaVersion[],
): ApkProblems {
  if (reading.status === 'unreadable') return { apk: reading.message };
  if (reading.status !== 'read') return {};
  const { identity } = reading;
  const entered = enteredVersion.trim();
  if (entered && entered !== identity.versionName) {
    return { version: otaMessages.versionMismatch(entered, identity.versionName) };
  }
  if (releases.some((release) => release.version === identity.versionName)) {
    return { version: otaMessages.versionExists(identity.versionName) };
  }
  const latest = releases
    .filter((release) => release.platform === 'android' && release.buildNumber !== null)
    .reduce<OtaVersion | null>(
      (best, release) => (best && best.buildNumber! >= release.buildNumber! ? best : release),
      null,
    );
  if (!latest) return {};
  if (latest.packageName && latest.packageName !== identity.packageName) {
    return { apk: otaMessages.packageMismatch(identity.packageName, latest.packageName) };
  }
  if (identity.versionCode <= latest.buildNumber!) {
    return { apk: otaMessages.versionCodeNotAbove(identity.versionCode, latest.buildNumber!) };
  }
  return {};
}
