import { constants, crc32, deflateRawSync } from 'node:zlib';
import { u16, u32 } from './bytes';

/** One entry of a hand-made zip: its bytes as stored, and what the zip says about them. */
export interface RawZipEntry {
  name: string;
  /** The stored bytes (deflated when `method` is 8). */
  data: Buffer;
  /** 0 stored, 8 deflated. */
  method: 0 | 8;
  /** What the headers declare; a test may declare a size the data does not have. */
  uncompressedSize: number;
  crc: number;
}

/**
 * A zip written field by field, so a test can state sizes that a zip library would correct (an
 * entry that declares 1 KiB and inflates to 1 GiB) or hold data it would not (a deflate stream
 * made ahead of time).
 */
export function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const common = [
      u16(20), // version needed
      u16(0), // flags
      u16(entry.method),
      u16(0), // time
      u16(0x21), // date: 1980-01-01
      u32(entry.crc),
      u32(entry.data.length),
      u32(entry.uncompressedSize),
      u16(name.length),
      u16(0), // extra length
    ];
    const local = Buffer.concat([u32(0x04034b50), ...common, name, entry.data]);
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20), // version made by
        ...common,
        u16(0), // comment length
        u16(0), // disk number
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        name,
      ]),
    );
    locals.push(local);
    offset += local.length;
  }
  const central = Buffer.concat(centrals);
  const end = Buffer.concat([
    u32(0x06054b50),
    u16(0),
    u16(0),
    u16(entries.length),
    u16(entries.length),
    u32(central.length),
    u32(offset),
    u16(0),
  ]);
  return Buffer.concat([...locals, central, end]);
}

/**
 * A raw deflate stream that inflates to `bytes` zeros (a multiple of 1 MiB), about a thousandth of
 * that on disk, made without holding the zeros: one 1 MiB block flushed so that it stands alone,
 * repeated, then an empty final block. Answers the stream and the CRC-32 of the zeros.
 */
export function deflatedZeros(bytes: number): { data: Buffer; crc: number } {
  const mebibyte = Buffer.alloc(1024 * 1024);
  const count = Math.ceil(bytes / mebibyte.length);
  const block = deflateRawSync(mebibyte, { finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let index = 0; index < count; index += 1) crc = crc32(mebibyte, crc);
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  return { data: Buffer.concat([...Array<Buffer>(count).fill(block), finalEmptyBlock]), crc };
}
