import ManifestParser from '@devicefarmer/adbkit-apkreader/lib/apkreader/parser/manifest.js';
import { FileProblem } from '../../storage/serve-parser';
import { readZipEntry } from '../../storage/zip-entry';

/** What an APK says about itself in its AndroidManifest.xml. */
export interface ApkIdentity {
  packageName: string;
  versionCode: number;
  versionName: string;
}

/** Real manifests are tens of KiB; one past this is refused before it is unpacked. */
export const manifestMaxBytes = 4 * 1024 * 1024;

const chunkHeaderBytes = 8;
const xmlChunkType = 0x0003;

/**
 * Reads the package name, version code and version name of the APK at `path`: the manifest entry
 * only (through readZipEntry's size cap), never the rest of the file. Runs in a parser worker
 * (apk-manifest.worker.ts). Problems: `not-a-zip`, `no-manifest`, `manifest-too-large`,
 * `manifest-corrupt`, `manifest-malformed`, `manifest-incomplete`, `unreadable`.
 */
export async function parseApkManifest(path: string): Promise<ApkIdentity> {
  const manifest = await readZipEntry(path, 'AndroidManifest.xml', manifestMaxBytes).catch(
    (error: unknown) => {
      if (!(error instanceof FileProblem)) throw error;
      const problem = {
        'entry-missing': 'no-manifest',
        'entry-too-large': 'manifest-too-large',
        'entry-corrupt': 'manifest-corrupt',
      }[error.problem];
      throw problem ? new FileProblem(problem, error.detail) : error;
    },
  );
  checkChunkFraming(manifest);
  const { package: packageName, versionCode, versionName } = new ManifestParser(manifest).parse();
  if (
    typeof packageName !== 'string' ||
    !packageName ||
    !Number.isSafeInteger(versionCode) ||
    (typeof versionName !== 'string' && typeof versionName !== 'number') ||
    versionName === ''
  ) {
    throw new FileProblem('manifest-incomplete');
  }
  return { packageName, versionCode: versionCode as number, versionName: String(versionName) };
}

/**
 * Checks that the manifest's chunks tile it: each at least a header long and inside the file.
 * @devicefarmer/adbkit-apkreader 3.2.4 (BinaryXmlParser.parse) advances by each chunk's declared
 * size and never checks it, so a chunk of size 0 keeps it at the same offset for ever. Upstream
 * bug; reproduction: the test APK of libs/test-apk with 8 zero bytes appended to
 * AndroidManifest.xml (`withManifestTail` in libs/test-apk) makes
 * `new ManifestParser(manifest).parse()` spin at 100% CPU without returning.
 */
export function checkChunkFraming(manifest: Buffer): void {
  const malformed = (detail: string) => new FileProblem('manifest-malformed', detail);
  if (manifest.length < chunkHeaderBytes || manifest.readUInt16LE(0) !== xmlChunkType) {
    throw malformed('it does not start with an XML chunk');
  }
  // The parser reads the chunks that follow the 8-byte XML header up to the end of the buffer.
  let offset = chunkHeaderBytes;
  while (offset < manifest.length) {
    if (offset + chunkHeaderBytes > manifest.length) {
      throw malformed(`a chunk header at byte ${offset} is cut off`);
    }
    const headerSize = manifest.readUInt16LE(offset + 2);
    const chunkSize = manifest.readUInt32LE(offset + 4);
    if (headerSize < chunkHeaderBytes || chunkSize < headerSize) {
      throw malformed(`the chunk at byte ${offset} declares a size of ${chunkSize} bytes`);
    }
    if (offset + chunkSize > manifest.length) {
      throw malformed(`the chunk at byte ${offset} runs past the end of the file`);
    }
    offset += chunkSize;
  }
}
