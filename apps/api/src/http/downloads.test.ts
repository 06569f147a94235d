import { randomBytes } from 'node:crypto';
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import compression from 'compression';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { beginDownload, chunkWriter } from './downloads';

const chunkCount = 40;
const chunkBytes = 256 * 1024;

let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** Serves a download of incompressible chunks through brotli, as the app's CSV exports are sent. */
function startDownloadServer(): Promise<string> {
  const app = express();
  app.use(compression({ threshold: 1024 }));
  app.get('/download', async (_req, res) => {
    beginDownload(res, 'data.bin', 'text/csv; charset=utf-8');
    const write = chunkWriter(res);
    for (let index = 0; index < chunkCount; index += 1) {
      if (!(await write(randomBytes(chunkBytes).toString('base64')))) return;
    }
    res.end();
  });
  return new Promise((resolve) => {
    server = app.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}/download`);
    });
  });
}

/** Reads the whole answer in small bites, so the server meets a full buffer again and again. */
function readSlowly(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        res.pause();
        setImmediate(() => res.resume());
      });
      res.on('end', () => resolve(bytes));
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('chunkWriter', () => {
  it('waits for the socket through every full buffer without piling up listeners', async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const bytes = await readSlowly(await startDownloadServer());
      // Base64 of random bytes: brotli keeps most of it, so the answer is megabytes.
      expect(bytes).toBeGreaterThan((chunkCount * chunkBytes) / 2);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
