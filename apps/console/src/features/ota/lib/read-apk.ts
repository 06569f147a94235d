import { otaMessages } from '@patrol/contracts';
import { unzip, type Reader } from 'unzipit';
import { ApkReadError, parseBinaryManifest, type ApkIdentity } from './binary-manifest';

/** Real manifests are tens of KiB; the server refuses one past this, and so does the browser. */
const manifestMaxBytes = 4 * 1024 * 1024;

async function sliceBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

/** Reads parts of the chosen file on demand: a 200 MB APK is never loaded whole. */
function blobReader(file: Blob): Reader {
  return {
    getLength: async () => file.size,
    read: async (offset, length) =>
      new Uint8Array(await sliceBytes(file.slice(offset, offset + length))),
  };
}

/**
 * Reads the package name, version code and version name of an APK in the browser, from its zip
 * directory and its AndroidManifest.xml entry only (unzipit reads just those bytes). Throws an
 * ApkReadError whose message is the server's sentence for the same problem.
 */
export async function readApkIdentity(file: Blob): Promise<ApkIdentity> {
  const zip = await unzip(blobReader(file)).catch(() => {
    throw new ApkReadError(otaMessages.notAZip);
  });
  const entry = zip.entries['AndroidManifest.xml'];
  if (!entry) throw new ApkReadError(otaMessages.noManifest);
  if (entry.size > manifestMaxBytes) {
    throw new ApkReadError(otaMessages.manifestTooLarge(manifestMaxBytes / 1024 / 1024));
  }
  const manifest = await entry.arrayBuffer().catch(() => {
    throw new ApkReadError(otaMessages.manifestCorrupt('its compressed data is damaged'));
  });
  return parseBinaryManifest(new Uint8Array(manifest));
}
