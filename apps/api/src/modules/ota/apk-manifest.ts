import ApkReader from '@devicefarmer/adbkit-apkreader';
import { otaMessages } from '@patrol/contracts';
import { invalid } from '../../http/app-error';

/** What an APK says about itself in its AndroidManifest.xml. */
export interface ApkIdentity {
  packageName: string;
  versionCode: number;
  versionName: string;
}

/**
 * Reads the package name, version code and version name from an APK on disk (the zip's central
 * directory and the binary manifest only, never the whole file). Anything that is not a readable
 * APK is a 400 naming the `apk` field: a renamed text file, a plain zip, a truncated upload.
 */
export async function readApkIdentity(path: string): Promise<ApkIdentity> {
  const refused = invalid(otaMessages.notAnApk, { apk: otaMessages.notAnApk });
  let manifest;
  try {
    manifest = await (await ApkReader.open(path)).readManifest();
  } catch {
    throw refused;
  }
  const { package: packageName, versionCode, versionName } = manifest;
  if (!packageName || !Number.isInteger(versionCode) || !versionName) throw refused;
  return { packageName, versionCode: versionCode!, versionName: String(versionName) };
}
