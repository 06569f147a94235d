import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readImageHeader } from './image-header.parser';
import { FileProblem } from './serve-parser';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'image-header-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

async function headerOf(bytes: Buffer) {
  const path = join(folder, 'image');
  await writeFile(path, bytes);
  return readImageHeader(path);
}

const gif = Buffer.from('R0lGODlhAwACAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** SOI, an APP0 segment to skip, a fill byte, then a baseline frame header of 7 x 5. */
const jpeg = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x05,
  0x00, 0x07, 0x03,
]);
/** RIFF....WEBPVP8X with a 10 x 20 canvas (sizes stored minus one, 24 bits each). */
const webp = Buffer.concat([
  Buffer.from('RIFF\0\0\0\0WEBPVP8X', 'latin1'),
  Buffer.from([10, 0, 0, 0, 0, 0, 0, 0, 9, 0, 0, 19, 0, 0, 0, 0]),
]);

describe('readImageHeader', () => {
  it('reads the size of GIF, JPEG and WebP headers', async () => {
    expect(await headerOf(gif)).toEqual({ type: 'image/gif', width: 3, height: 2 });
    expect(await headerOf(jpeg)).toEqual({ type: 'image/jpeg', width: 7, height: 5 });
    expect(await headerOf(webp)).toEqual({ type: 'image/webp', width: 10, height: 20 });
  });

  it('names what is wrong: no signature, or a header that stops short', async () => {
    await expect(headerOf(Buffer.from('plain text'))).rejects.toEqual(
      new FileProblem('not-an-image'),
    );
    await expect(headerOf(jpeg.subarray(0, 12))).rejects.toMatchObject({
      problem: 'header-unreadable',
    });
  });
});
