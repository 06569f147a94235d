import { open, type FileHandle } from 'node:fs/promises';
import { FileProblem } from './serve-parser';
import { imageTypeOf, type ImageType } from './image-type';

/** What an image's header says: its type (from its signature) and its size in pixels. */
export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/** JPEG segments skipped before the frame header; real files have a handful (EXIF, ICC, ...). */
const maxJpegSegments = 256;

/**
 * Reads the type and pixel size of the image at `path` from its header: a few bytes at known
 * places, never the pixels. Runs in a parser worker (image-header.worker.ts). Problems:
 * `not-an-image` (no known signature), `header-unreadable` (a signature, then no valid header).
 */
export async function readImageHeader(path: string): Promise<ImageHeader> {
  const file = await open(path, 'r');
  try {
    const start = await readAt(file, 0, 32);
    const type = imageTypeOf(start);
    if (!type) throw new FileProblem('not-an-image');
    const size = await sizeOf(type, start, file);
    if (!size || size.width < 1 || size.height < 1) {
      throw new FileProblem('header-unreadable', 'has no readable size in its header');
    }
    return { type, ...size };
  } finally {
    await file.close();
  }
}

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  const { bytesRead } = await file.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}

type Size = { width: number; height: number } | undefined;

async function sizeOf(type: ImageType, start: Buffer, file: FileHandle): Promise<Size> {
  const has = (length: number) => start.length >= length;
  switch (type) {
    case 'image/png':
      // The first chunk is IHDR: width and height, 4 bytes each, big-endian.
      if (!has(24) || start.toString('latin1', 12, 16) !== 'IHDR') return undefined;
      return { width: start.readUInt32BE(16), height: start.readUInt32BE(20) };
    case 'image/gif':
      return has(10) ? { width: start.readUInt16LE(6), height: start.readUInt16LE(8) } : undefined;
    case 'image/webp':
      return webpSize(start);
    case 'image/jpeg':
      return jpegSize(file);
  }
}

function webpSize(start: Buffer): Size {
  if (start.length < 30) return undefined;
  const format = start.toString('latin1', 12, 16);
  if (format === 'VP8 ' && start.readUIntBE(23, 3) === 0x9d012a) {
    return { width: start.readUInt16LE(26) & 0x3fff, height: start.readUInt16LE(28) & 0x3fff };
  }
  if (format === 'VP8L' && start[20] === 0x2f) {
    const bits = start.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (format === 'VP8X') {
    return { width: start.readUIntLE(24, 3) + 1, height: start.readUIntLE(27, 3) + 1 };
  }
  return undefined;
}

/** Walks the JPEG's segments to its frame header (SOFn), which holds the size. */
async function jpegSize(file: FileHandle): Promise<Size> {
  let position = 2;
  for (let segment = 0; segment < maxJpegSegments; segment += 1) {
    const header = await readAt(file, position, 9);
    if (header.length < 4 || header[0] !== 0xff) return undefined;
    const marker = header[1]!;
    if (marker === 0xff) {
      position += 1; // fill byte
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      return header.length < 9
        ? undefined
        : { height: header.readUInt16BE(5), width: header.readUInt16BE(7) };
    }
    const length = header.readUInt16BE(2);
    if (length < 2) return undefined;
    position += 2 + length;
  }
  return undefined;
}
