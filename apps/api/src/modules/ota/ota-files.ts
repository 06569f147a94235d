import { basename, join } from 'node:path';
import type { AppContext } from '../../http/app-context';

/** Where APKs live: DATA_DIR/uploads/apk. */
export function apkDirectory(uploads: AppContext['uploads']): string {
  return join(uploads.directory, 'apk');
}

/** The full path of a stored release (the name comes from the database, never a request). */
export function apkPath(uploads: AppContext['uploads'], fileName: string): string {
  return join(apkDirectory(uploads), basename(fileName));
}
