import { otaMessages } from '@patrol/contracts';
import { binaryManifest, buildTestApk, rawZip } from '@patrol/test-apk';
import { describe, expect, it } from 'vitest';
import { parseBinaryManifest } from './binary-manifest';
import { readApkIdentity } from './read-apk';

// A copy: File takes bytes of an ArrayBuffer, and Node's Buffers may sit in a shared pool.
const apkFile = (bytes: Uint8Array, name = 'patrol.apk') => new File([new Uint8Array(bytes)], name);
const identity = { packageName: 'com.patrol.guard', versionCode: 13, versionName: '1.3.0' };

/**
 * The same manifest with its string pool in UTF-16, as aapt writes most manifests (the fixture
 * library writes UTF-8): the pool chunk is rebuilt and the file's size corrected.
 */
function withUtf16Pool(manifest: Uint8Array): Uint8Array {
  const view = new DataView(manifest.buffer, manifest.byteOffset, manifest.byteLength);
  const poolSize = view.getUint32(12, true);
  const count = view.getUint32(16, true);
  const strings = Array.from({ length: count }, (_, index) => {
    const at = 8 + view.getUint32(28, true) + view.getUint32(36 + index * 4, true);
    const length = view.getUint8(at + 1);
    return new TextDecoder().decode(manifest.subarray(at + 2, at + 2 + length));
  });
  const encoded = strings.map((text) => {
    const entry = new Uint8Array(2 + text.length * 2 + 2);
    const entryView = new DataView(entry.buffer);
    entryView.setUint16(0, text.length, true);
    [...text].forEach((char, index) =>
      entryView.setUint16(2 + index * 2, char.charCodeAt(0), true),
    );
    return entry;
  });
  const dataLength = encoded.reduce((sum, entry) => sum + entry.length, 0);
  const padded = dataLength + ((4 - (dataLength % 4)) % 4);
  const pool = new Uint8Array(28 + count * 4 + padded);
  const poolView = new DataView(pool.buffer);
  poolView.setUint16(0, 0x0001, true);
  poolView.setUint16(2, 28, true);
  poolView.setUint32(4, pool.length, true);
  poolView.setUint32(8, count, true);
  poolView.setUint32(20, 28 + count * 4, true); // no UTF-8 flag
  let offset = 0;
  encoded.forEach((entry, index) => {
    poolView.setUint32(28 + index * 4, offset, true);
    pool.set(entry, 28 + count * 4 + offset);
    offset += entry.length;
  });
  const rest = manifest.subarray(8 + poolSize);
  const result = new Uint8Array(8 + pool.length + rest.length);
  result.set(manifest.subarray(0, 8));
  result.set(pool, 8);
  result.set(rest, 8 + pool.length);
  new DataView(result.buffer).setUint32(4, result.length, true);
  return result;
}

describe('readApkIdentity (the APK read in the browser)', () => {
  it('reads the package, version code and version name from a deflated manifest', async () => {
    const apk = await buildTestApk({ versionCode: 13, versionName: '1.3.0' });
    await expect(readApkIdentity(apkFile(apk))).resolves.toEqual(identity);
  });

  it('reads a large APK without loading the padding', async () => {
    const apk = await buildTestApk({
      versionCode: 2_100_000_001,
      versionName: '21.0.0-beta+7',
      padBytes: 3_000_000,
    });
    await expect(readApkIdentity(apkFile(apk))).resolves.toEqual({
      packageName: 'com.patrol.guard',
      versionCode: 2_100_000_001,
      versionName: '21.0.0-beta+7',
    });
  });

  it.each([
    ['a text file renamed .apk', () => new TextEncoder().encode('plain text'), otaMessages.notAZip],
    [
      'a zip without a manifest',
      () =>
        rawZip([
          { name: 'classes.dex', data: Buffer.from('dex'), method: 0, uncompressedSize: 3, crc: 0 },
        ]),
      otaMessages.noManifest,
    ],
  ])('says in words when it is %s', async (_case, bytes, message) => {
    await expect(readApkIdentity(apkFile(bytes()))).rejects.toThrow(message);
  });

  it('refuses a manifest whose chunk declares 0 bytes instead of looping on it', async () => {
    const apk = await buildTestApk({ ...identity, manifestTail: Buffer.alloc(8) });
    const at = binaryManifest(identity).length;
    await expect(readApkIdentity(apkFile(apk))).rejects.toThrow(
      otaMessages.manifestMalformed(`the chunk at byte ${at} declares a size of 0 bytes`),
    );
  });
});

describe('parseBinaryManifest', () => {
  const manifest = binaryManifest(identity);

  it('reads a UTF-16 string pool as well as a UTF-8 one', () => {
    const utf16 = withUtf16Pool(manifest);
    // The pool's flags (byte 24 of the file) no longer say UTF-8.
    expect(new DataView(utf16.buffer).getUint32(24, true) & 0x100).toBe(0);
    expect(parseBinaryManifest(utf16)).toEqual(identity);
    expect(parseBinaryManifest(manifest)).toEqual(identity);
  });

  it('says what is wrong with a manifest that is not one, or names no version', () => {
    expect(() => parseBinaryManifest(new TextEncoder().encode('<manifest/>'))).toThrow(
      otaMessages.manifestMalformed('it does not start with an XML chunk'),
    );
    const headerOnly = new Uint8Array(manifest.subarray(0, 8));
    new DataView(headerOnly.buffer).setUint32(4, 8, true);
    expect(() => parseBinaryManifest(headerOnly)).toThrow(otaMessages.manifestIncomplete);
    // Cut inside <manifest>: the end tags (24 bytes each) and 12 bytes of its attributes.
    const cut = new Uint8Array(manifest.subarray(0, manifest.length - 60));
    expect(() => parseBinaryManifest(cut)).toThrow(/runs past the end of the file/);
  });
});
