import JSZip from 'jszip';
import { u16, u32 } from './bytes';

/** What a generated test APK declares in its manifest. */
export interface TestApkOptions {
  packageName?: string;
  versionCode: number;
  versionName: string;
  /** Extra bytes stored in the package (uncompressed), to make a larger file. */
  padBytes?: number;
  /** Bytes appended to the binary manifest (e.g. a chunk of size 0, to test a parser's framing). */
  manifestTail?: Buffer;
}

const androidNamespace = 'http://schemas.android.com/apk/res/android';
// android.R.attr ids the platform parser uses to find the attributes.
const attributeIds = { versionCode: 0x0101021b, versionName: 0x0101021c };

const chunk = { stringPool: 0x0001, xml: 0x0003, resourceMap: 0x0180 } as const;
const xmlNode = { startNamespace: 0x0100, endNamespace: 0x0101, start: 0x0102, end: 0x0103 };
const typedValue = { string: 0x03, intDec: 0x10 } as const;
const noString = 0xffffffff;

function withHeader(type: number, headerSize: number, body: Buffer[]): Buffer {
  const content = Buffer.concat(body);
  return Buffer.concat([u16(type), u16(headerSize), u32(8 + content.length), content]);
}

/** A UTF-8 string pool (lengths as one byte each: the strings here are short). */
function stringPool(strings: readonly string[]): Buffer {
  const encoded = strings.map((text) => {
    const bytes = Buffer.from(text, 'utf8');
    return Buffer.concat([Buffer.from([text.length, bytes.length]), bytes, Buffer.from([0])]);
  });
  const offsets: number[] = [];
  let at = 0;
  for (const entry of encoded) {
    offsets.push(at);
    at += entry.length;
  }
  const data = Buffer.concat(encoded);
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const headerSize = 28;
  const stringsStart = headerSize + offsets.length * 4;
  return withHeader(chunk.stringPool, headerSize, [
    u32(strings.length),
    u32(0),
    u32(1 << 8), // UTF-8
    u32(stringsStart),
    u32(0),
    ...offsets.map(u32),
    padded,
  ]);
}

function xmlNodeChunk(type: number, body: Buffer[]): Buffer {
  return withHeader(type, 16, [u32(1), u32(noString), ...body]);
}

function attribute(namespace: number, name: number, raw: number, type: number, data: number) {
  return Buffer.concat([
    u32(namespace),
    u32(name),
    u32(raw),
    u16(8),
    Buffer.from([0, type]),
    u32(data),
  ]);
}

/**
 * The binary AndroidManifest.xml of a package: `<manifest package versionCode versionName>`, in
 * the format the Android build tools write and APK readers parse.
 */
export function binaryManifest(
  options: Required<Omit<TestApkOptions, 'padBytes' | 'manifestTail'>>,
): Buffer {
  // Index 0 is a placeholder: readers treat string reference 0 as "none".
  const strings = [
    '',
    'versionCode',
    'versionName',
    'package',
    'manifest',
    'android',
    androidNamespace,
    options.packageName,
    options.versionName,
  ];
  const at = (text: string) => strings.indexOf(text);
  const resourceMap = withHeader(chunk.resourceMap, 8, [
    u32(0),
    u32(attributeIds.versionCode),
    u32(attributeIds.versionName),
  ]);
  const namespaceBody = [u32(at('android')), u32(at(androidNamespace))];
  const versionName = at(options.versionName);
  const packageName = at(options.packageName);
  const attributes = [
    attribute(
      at(androidNamespace),
      at('versionCode'),
      noString,
      typedValue.intDec,
      options.versionCode,
    ),
    attribute(at(androidNamespace), at('versionName'), versionName, typedValue.string, versionName),
    attribute(noString, at('package'), packageName, typedValue.string, packageName),
  ];
  const startElement = xmlNodeChunk(xmlNode.start, [
    u32(noString),
    u32(at('manifest')),
    u16(20), // where the attributes start
    u16(20), // the size of one attribute
    u16(attributes.length),
    u16(0),
    u16(0),
    u16(0),
    ...attributes,
  ]);
  return withHeader(chunk.xml, 8, [
    stringPool(strings),
    resourceMap,
    xmlNodeChunk(xmlNode.startNamespace, namespaceBody),
    startElement,
    xmlNodeChunk(xmlNode.end, [u32(noString), u32(at('manifest'))]),
    xmlNodeChunk(xmlNode.endNamespace, namespaceBody),
  ]);
}

/**
 * A small, real APK container (a zip with a binary manifest and a dex placeholder) for tests, the
 * device simulator and the browser journeys; it installs nowhere, but APK readers accept it.
 */
export async function buildTestApk(options: TestApkOptions): Promise<Buffer> {
  const zip = new JSZip();
  const { manifestTail, padBytes: _padBytes, ...identity } = options;
  const manifest = binaryManifest({ packageName: 'com.patrol.guard', ...identity });
  zip.file(
    'AndroidManifest.xml',
    manifestTail ? Buffer.concat([manifest, manifestTail]) : manifest,
  );
  zip.file('classes.dex', Buffer.from('dex\n035\0'));
  if (options.padBytes) {
    zip.file('assets/padding.bin', Buffer.alloc(options.padBytes), { compression: 'STORE' });
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

export { deflatedZeros, rawZip, type RawZipEntry } from './raw-zip';

export * from './r8-generated-app';
