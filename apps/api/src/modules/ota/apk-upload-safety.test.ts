import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { binaryManifest, buildTestApk, deflatedZeros, rawZip } from '@patrol/test-apk';
import fc from 'fast-check';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error';
import { createTestContext, postApk, type TestContext } from '../../../test/builders';
import { readApkIdentity } from './apk-manifest';

let t: TestContext;
let editor: string;
let scratch: string;

beforeAll(async () => {
  t = await createTestContext();
  editor = await t.signIn('Admin');
  scratch = await mkdtemp(join(tmpdir(), 'apk-safety-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
  await t.close();
});

const upload = (apk: Buffer, version: string) => postApk(t, editor, apk, version);

/** Calls `/health` every 100 ms until `done` settles; answers the slowest answer's time. */
async function slowestHealthWhile(done: Promise<unknown>): Promise<number> {
  let settled = false;
  void done.finally(() => (settled = true)).catch(() => {});
  let slowest = 0;
  while (!settled) {
    const started = performance.now();
    await request(t.app).get('/health').timeout(5_000).expect(200);
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return slowest;
}

/** APKs whose manifest entry inflates to 1 GiB of zeros (about 1 MiB on disk each). */
function manifestBombs(...declaredSizes: number[]): Buffer[] {
  const zeros = deflatedZeros(1024 * 1024 * 1024);
  return declaredSizes.map((uncompressedSize) =>
    rawZip([
      {
        name: 'AndroidManifest.xml',
        method: 8,
        data: zeros.data,
        crc: zeros.crc,
        uncompressedSize,
      },
    ]),
  );
}

describe('hostile APKs', () => {
  it('refuses a manifest that ends in a chunk of size 0 (400 within 10 s), /health answering throughout', async () => {
    const apk = await buildTestApk({
      versionCode: 7,
      versionName: '7.0.0',
      manifestTail: Buffer.alloc(8),
    });
    const started = performance.now();
    const answer = upload(apk, '7.0.0').then((response) => response);
    const slowestHealth = await slowestHealthWhile(answer);
    const response = await answer;
    expect(response.status).toBe(400);
    expect(response.body.errors.apk).toBe(
      "The APK's AndroidManifest.xml is malformed: the chunk at byte 396 declares a size of 0 bytes.",
    );
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(slowestHealth).toBeLessThan(1_000);
  });

  it('refuses a manifest entry that unpacks to 1 GiB, whatever size it declares, holding memory down', async () => {
    const [declaredHuge, declaredSmall] = manifestBombs(1024 * 1024 * 1024, 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const huge = await upload(declaredHuge, '8.0.0').expect(400);
      expect(huge.body.errors.apk).toBe(
        "The APK's AndroidManifest.xml is larger than 4 MiB, which no real app's is.",
      );
      const lying = await upload(declaredSmall, '8.0.0').expect(400);
      expect(lying.body.errors.apk).toBe(
        "The APK's AndroidManifest.xml could not be unpacked: it holds more than it declares.",
      );
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('stops a parse at its time limit and answers 400 naming it', async () => {
    // Any valid APK outlasts a zero time limit, which stands in for a parser that never returns.
    const path = join(scratch, 'slow.apk');
    await writeFile(path, await buildTestApk({ versionCode: 9, versionName: '9.0.0' }));
    const refused = await readApkIdentity(path, { timeoutMs: 0, maxHeapMb: 64 }).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.errors).toEqual({ apk: 'The APK could not be read within 0 seconds.' });
  });

  it('stops a parse at its memory limit and answers 400 naming it', async () => {
    // No parser runs in a 1 MB heap, which stands in for a file that makes one allocate without end.
    const path = join(scratch, 'greedy.apk');
    await writeFile(path, await buildTestApk({ versionCode: 9, versionName: '9.0.0' }));
    const refused = await readApkIdentity(path, { timeoutMs: 5_000, maxHeapMb: 1 }).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused.errors).toEqual({
      apk: 'Reading the APK needed more memory than an APK ever should.',
    });
  });

  it('never hangs or fails other than with a 400 on mutated APKs (bounded fuzz)', async () => {
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('flip' as const),
        at: fc.nat(),
        bits: fc.integer({ min: 1, max: 255 }),
      }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('chunk-size' as const),
        at: fc.nat(),
        size: fc.constantFrom(0, 4, 0x7fffffff, 0xffffffff),
      }),
    );
    const path = join(scratch, 'fuzz.apk');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('manifest' as const, 'zip' as const),
        fc.array(mutation, { minLength: 1, maxLength: 3 }),
        async (target, mutations) => {
          const manifest = binaryManifest({
            packageName: 'com.patrol.guard',
            versionCode: 10,
            versionName: '10.0',
          });
          const apk =
            target === 'manifest'
              ? storedZip(mutate(manifest, mutations))
              : mutate(storedZip(manifest), mutations);
          await writeFile(path, apk);
          const outcome = await readApkIdentity(path, { timeoutMs: 2_000, maxHeapMb: 64 }).then(
            () => undefined,
            (error: unknown) => error,
          );
          if (outcome !== undefined) {
            expect(outcome).toBeInstanceOf(AppError);
            expect((outcome as AppError).status).toBe(400);
          }
        },
      ),
      { numRuns: 24, seed: 30 },
    );
  });
});

type Mutation =
  | { kind: 'flip'; at: number; bits: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'chunk-size'; at: number; size: number };

/** A zip holding `manifest` stored as AndroidManifest.xml, as byte-exact as the test needs. */
function storedZip(manifest: Buffer): Buffer {
  return rawZip([
    {
      name: 'AndroidManifest.xml',
      method: 0,
      data: manifest,
      crc: crc32(manifest),
      uncompressedSize: manifest.length,
    },
  ]);
}

/** The offsets of the chunks inside a binary manifest's XML chunk. */
function chunkStarts(manifest: Buffer): number[] {
  const starts: number[] = [];
  for (let at = 8; at + 8 <= manifest.length; at += manifest.readUInt32LE(at + 4)) {
    starts.push(at);
    if (manifest.readUInt32LE(at + 4) < 8) break;
  }
  return starts;
}

/** Flips bits, cuts the end off, or sets a chunk's size to 0, less than a header or past the end. */
function mutate(bytes: Buffer, mutations: readonly Mutation[]): Buffer {
  let result = Buffer.from(bytes);
  for (const mutation of mutations) {
    if (result.length === 0) break;
    if (mutation.kind === 'flip') {
      const at = mutation.at % result.length;
      result[at] = result[at]! ^ mutation.bits;
    } else if (mutation.kind === 'truncate') {
      result = result.subarray(0, mutation.at % result.length);
    } else {
      const starts = chunkStarts(result);
      const at = starts[mutation.at % Math.max(starts.length, 1)];
      if (at !== undefined) result.writeUInt32LE(mutation.size, at + 4);
    }
  }
  return result;
}
