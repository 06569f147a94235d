import { open, type FileHandle } from 'node:fs/promises';
import { inflateRawSync } from 'node:zlib';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileProblem } from './serve-parser';

const localHeaderBytes = 30;
const localHeaderSignature = 0x04034b50;
const methods = { stored: 0, deflated: 8 } as const;

/**
 * Reads one entry of the zip at `path` into memory, at most `maxBytes` of it. An entry whose
 * declared size is larger is refused from the central directory, without inflating a byte, and
 * the inflate is capped at the declared size, so an entry that lies about its size stops there.
 * yauzl reads the central directory only: its read streams override `destroy`, so a stream that
 * fails its size check or meets damaged data ends without any event, and the caller waits for ever.
 * Problems: `not-a-zip`, `entry-missing`, `entry-too-large`, `entry-corrupt`.
 */
export async function readZipEntry(path: string, name: string, maxBytes: number): Promise<Buffer> {
  const entry = await findEntry(path, name);
  if (entry.uncompressedSize > maxBytes) {
    throw new FileProblem('entry-too-large', `${entry.uncompressedSize} bytes`);
  }
  // Deflate never grows data by more than a few bytes per 16 KiB block.
  if (entry.compressedSize > maxBytes + 1024) {
    throw new FileProblem('entry-corrupt', 'its compressed size is larger than its content');
  }
  if (entry.generalPurposeBitFlag & 0x1) throw new FileProblem('entry-corrupt', 'it is encrypted');
  const file = await open(path, 'r');
  try {
    const data = await readEntryData(file, entry);
    return unpack(entry, data);
  } finally {
    await file.close();
  }
}

async function findEntry(path: string, name: string): Promise<Entry> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, opened) => {
      if (error || !opened) reject(new FileProblem('not-a-zip', error?.message));
      else resolve(opened);
    });
  });
  try {
    return await new Promise<Entry>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (entry.fileName === name) resolve(entry);
        else zip.readEntry();
      });
      zip.on('end', () => reject(new FileProblem('entry-missing')));
      zip.on('error', (error: Error) => reject(new FileProblem('not-a-zip', error.message)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

async function readEntryData(file: FileHandle, entry: Entry): Promise<Buffer> {
  const damaged = (detail: string) => new FileProblem('entry-corrupt', detail);
  const header = Buffer.alloc(localHeaderBytes);
  const offset = entry.relativeOffsetOfLocalHeader;
  const { bytesRead } = await file.read(header, 0, localHeaderBytes, offset);
  if (bytesRead < localHeaderBytes || header.readUInt32LE(0) !== localHeaderSignature) {
    throw damaged('its entry header is damaged');
  }
  const start = offset + localHeaderBytes + header.readUInt16LE(26) + header.readUInt16LE(28);
  const data = Buffer.alloc(entry.compressedSize);
  const { bytesRead: dataRead } = await file.read(data, 0, data.length, start);
  if (dataRead < data.length) throw damaged('it is cut off');
  return data;
}

function unpack(entry: Entry, data: Buffer): Buffer {
  let content: Buffer;
  if (entry.compressionMethod === methods.stored) content = data;
  else if (entry.compressionMethod === methods.deflated) {
    try {
      // The output stops at the declared size: a larger result throws instead of growing.
      content = inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (error) {
      const tooLarge = (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw new FileProblem(
        'entry-corrupt',
        tooLarge ? 'it holds more than it declares' : 'its compressed data is damaged',
      );
    }
  } else throw new FileProblem('entry-corrupt', 'it uses an unknown compression method');
  if (content.length !== entry.uncompressedSize) {
    throw new FileProblem('entry-corrupt', 'its size is not the size it declares');
  }
  return content;
}
