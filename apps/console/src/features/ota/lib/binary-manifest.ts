import { otaMessages } from '@patrol/contracts';

/** What an APK says about itself in its AndroidManifest.xml. */
export interface ApkIdentity {
  packageName: string;
  versionCode: number;
  versionName: string;
}

/** An APK the browser could not read, with the sentence that says why. */
export class ApkReadError extends Error {}

// Android's binary XML (frameworks/base/libs/androidfw/include/androidfw/ResourceTypes.h).
const chunkTypes = { stringPool: 0x0001, xml: 0x0003, resourceMap: 0x0180, start: 0x0102 };
const utf8Flag = 1 << 8;
const noIndex = 0xffffffff;
const valueTypes = { string: 0x03, intDec: 0x10, intHex: 0x11 };
// android.R.attr ids: a shrunk manifest may drop the attribute names, never these ids.
const attributeIds = { versionCode: 0x0101021b, versionName: 0x0101021c };

const malformed = (detail: string) => new ApkReadError(otaMessages.manifestMalformed(detail));

/** `length` bytes of the manifest from `start`, never past its end. */
function bytesAt(view: DataView, start: number, length: number): Uint8Array {
  if (start < 0 || start + length > view.byteLength) throw new RangeError('outside the manifest');
  return new Uint8Array(view.buffer, view.byteOffset + start, length);
}

/** One string of a string pool, UTF-8 or UTF-16, as `ResStringPool::stringAt` reads it. */
function readPoolString(view: DataView, at: number, utf8: boolean): string {
  if (utf8) {
    // Length in characters, then in bytes, each one byte (two when the high bit is set).
    let offset = at + (view.getUint8(at) & 0x80 ? 2 : 1);
    const first = view.getUint8(offset);
    const byteLength = first & 0x80 ? ((first & 0x7f) << 8) | view.getUint8(offset + 1) : first;
    offset += first & 0x80 ? 2 : 1;
    return new TextDecoder().decode(bytesAt(view, offset, byteLength));
  }
  const first = view.getUint16(at, true);
  const length = first & 0x8000 ? ((first & 0x7fff) << 16) | view.getUint16(at + 2, true) : first;
  const start = at + (first & 0x8000 ? 4 : 2);
  return new TextDecoder('utf-16le').decode(bytesAt(view, start, length * 2));
}

function readStringPool(view: DataView, chunk: number, headerSize: number, size: number) {
  const count = view.getUint32(chunk + 8, true);
  // Each string has a 4-byte offset inside the chunk: a count past that is a lie.
  if (headerSize + count * 4 > size) throw malformed(`the string pool claims ${count} strings`);
  const utf8 = (view.getUint32(chunk + 16, true) & utf8Flag) !== 0;
  const stringsStart = chunk + view.getUint32(chunk + 20, true);
  return Array.from({ length: count }, (_, index) =>
    readPoolString(view, stringsStart + view.getUint32(chunk + headerSize + index * 4, true), utf8),
  );
}

/**
 * Checks that the chunks tile the file, each at least a header long and inside it, with the
 * server's words for each fault (apk-manifest.parser.ts): no file makes a reader loop or read
 * past its end, and the browser refuses what the server would.
 */
function checkChunkFraming(view: DataView): void {
  if (view.byteLength < 8 || view.getUint16(0, true) !== chunkTypes.xml) {
    throw malformed('it does not start with an XML chunk');
  }
  let offset = 8;
  while (offset < view.byteLength) {
    if (offset + 8 > view.byteLength)
      throw malformed(`a chunk header at byte ${offset} is cut off`);
    const headerSize = view.getUint16(offset + 2, true);
    const size = view.getUint32(offset + 4, true);
    if (headerSize < 8 || size < headerSize) {
      throw malformed(`the chunk at byte ${offset} declares a size of ${size} bytes`);
    }
    if (offset + size > view.byteLength) {
      throw malformed(`the chunk at byte ${offset} runs past the end of the file`);
    }
    offset += size;
  }
}

/**
 * Reads the package name, version code and version name from a binary AndroidManifest.xml: the
 * string pool, the attribute resource ids and the first element (`<manifest>`), nothing else.
 */
export function parseBinaryManifest(bytes: Uint8Array): ApkIdentity {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  checkChunkFraming(view);
  let strings: string[] = [];
  let resourceIds: number[] = [];
  try {
    for (let offset = 8; offset < bytes.byteLength; offset += view.getUint32(offset + 4, true)) {
      const type = view.getUint16(offset, true);
      const headerSize = view.getUint16(offset + 2, true);
      const size = view.getUint32(offset + 4, true);
      if (type === chunkTypes.stringPool) strings = readStringPool(view, offset, headerSize, size);
      if (type === chunkTypes.resourceMap) {
        resourceIds = Array.from({ length: (size - headerSize) / 4 }, (_, index) =>
          view.getUint32(offset + headerSize + index * 4, true),
        );
      }
      if (type === chunkTypes.start) {
        return readManifestElement(view, offset, headerSize, strings, resourceIds);
      }
    }
  } catch (error) {
    if (error instanceof ApkReadError) throw error;
    // A string or an attribute pointing outside the file.
    throw malformed('a string or an attribute lies outside the file');
  }
  throw new ApkReadError(otaMessages.manifestIncomplete);
}

function readManifestElement(
  view: DataView,
  chunk: number,
  headerSize: number,
  strings: string[],
  resourceIds: number[],
): ApkIdentity {
  const body = chunk + headerSize;
  const attributesAt = body + view.getUint16(body + 8, true);
  const attributeSize = view.getUint16(body + 10, true);
  const count = view.getUint16(body + 12, true);
  const found: Partial<Record<'package' | 'versionCode' | 'versionName', string | number>> = {};
  for (let index = 0; index < count; index += 1) {
    const at = attributesAt + index * attributeSize;
    const nameIndex = view.getUint32(at + 4, true);
    const raw = view.getUint32(at + 8, true);
    const type = view.getUint8(at + 15);
    const data = view.getUint32(at + 16, true);
    const name =
      resourceIds[nameIndex] === attributeIds.versionCode
        ? 'versionCode'
        : resourceIds[nameIndex] === attributeIds.versionName
          ? 'versionName'
          : strings[nameIndex];
    if (name !== 'package' && name !== 'versionCode' && name !== 'versionName') continue;
    if (type === valueTypes.intDec || type === valueTypes.intHex) found[name] = data | 0;
    else if (type === valueTypes.string) found[name] = strings[data];
    else if (raw !== noIndex) found[name] = strings[raw];
  }
  const versionCode = Number(found.versionCode);
  const { package: packageName, versionName } = found;
  if (
    typeof packageName !== 'string' ||
    !packageName ||
    !Number.isSafeInteger(versionCode) ||
    versionName === undefined ||
    versionName === ''
  ) {
    throw new ApkReadError(otaMessages.manifestIncomplete);
  }
  return { packageName, versionCode, versionName: String(versionName) };
}
