import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { otaVersionResponseSchema } from '@patrol/contracts';
import { buildTestApk } from '@patrol/test-apk';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  captureLogs,
  createTestContext,
  postApk,
  type TestContext,
} from '../../test/builders';

let lines: string[];
let t: TestContext;
let editor: string;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const captured = captureLogs();
  lines = captured.lines;
  t = await createTestContext({ services: { logger: captured.logger } });
  editor = await t.signIn('Admin');
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** Starts a download and hangs up as soon as the answer's headers arrive. */
function abortDownload(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = get(`${baseUrl}${path}`, { headers }, (response) => {
      response.destroy();
      resolve(response.statusCode ?? 0);
    });
    call.on('error', reject);
  });
}

/** The parsed log lines written since `from`, once one with `msg` is among them (or 5 s pass). */
async function logLinesUntil(from: number, msg: string) {
  const parsed = () => lines.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);
  for (let waited = 0; waited < 5_000 && !parsed().some((l) => l.msg === msg); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return parsed();
}

/** A PNG of about 4.5 MB: a 1x1 header, then a large ancillary chunk a viewer skips. */
function largePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('zzZz', Buffer.alloc(4_500_000, 7)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('an aborted download', () => {
  it.each([
    [
      'an APK',
      async () => {
        const apk = await buildTestApk({
          versionCode: 5,
          versionName: '5.0.0',
          padBytes: 12 << 20,
        });
        const response = await postApk(t, editor, apk, '5.0.0').expect(201);
        const { version } = otaVersionResponseSchema.parse(response.body);
        return { path: version.downloadUrl, headers: bearer(editor) };
      },
    ],
    [
      'the logo',
      async () => {
        await request(t.app)
          .post('/api/settings/logo')
          .set(bearer(editor))
          .attach('logo', largePng(), 'logo.png')
          .expect(200);
        return { path: '/api/settings/logo/file', headers: {} };
      },
    ],
  ])('of %s logs one JSON line at debug, nothing on stderr', async (_name, store) => {
    const { path, headers } = await store();
    const stderr = vi.spyOn(process.stderr, 'write');
    const consoleError = vi.spyOn(console, 'error');
    try {
      const from = lines.length;
      expect(await abortDownload(path, headers)).toBe(200);
      const logged = await logLinesUntil(from, 'download aborted by the client');
      expect(logged.filter((line) => (line.level as number) >= 30)).toEqual([]);
      expect(logged.filter((line) => line.msg === 'download aborted by the client')).toEqual([
        expect.objectContaining({ level: 20, reqId: expect.any(String) }),
      ]);
      expect(consoleError).not.toHaveBeenCalled();
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
      consoleError.mockRestore();
    }
  });
});
