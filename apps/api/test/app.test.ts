import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { moduleRoutes } from '../src/app';
import { defineRoute } from '../src/http/route';
import { createTestContext, type TestContext } from './test-context';

const testRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/test/echo',
    summary: 'Echoes a validated body',
    tags: ['test'],
    access: 'public',
    body: z.object({
      name: z.string().min(1, 'Name is required'),
      address: z.object({ city: z.string().min(1, 'City is required') }),
    }),
    response: z.object({ success: z.literal(true), name: z.string() }),
    status: 201,
    handler: ({ body }) => ({ success: true as const, name: body.name }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/test/explode',
    summary: 'Throws an unexpected error',
    tags: ['test'],
    access: 'public',
    response: z.object({}),
    handler: () => {
      throw new Error('database password is hunter2');
    },
  }),
];

/** Reads a body as raw bytes (supertest has already undone the content encoding). */
function binary(response: unknown, done: (error: Error | null, body: Buffer) => void) {
  const stream = response as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('the app', () => {
  let test: TestContext;
  let consoleDist: string;
  beforeAll(async () => {
    test = await createTestContext({ routes: [...moduleRoutes, ...testRoutes] });
    consoleDist = test.ctx.config.consoleDist;
  });
  afterAll(() => test.close());

  it('parses a valid body and answers with the route status', async () => {
    const response = await request(test.app)
      .post('/api/test/echo')
      .send({ name: 'Acme', address: { city: 'Kuala Lumpur' } })
      .expect(201);
    expect(response.body).toEqual({ success: true, name: 'Acme' });
  });

  it('refuses an invalid body with 400 and a message per field', async () => {
    const response = await request(test.app)
      .post('/api/test/echo')
      .send({ name: '', address: { city: '' } })
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      error: 'VALIDATION_ERROR',
      message: 'Name is required',
      errors: { name: 'Name is required', 'address.city': 'City is required' },
    });
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const response = await request(test.app)
      .post('/api/test/echo')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400);
    expect(response.body).toEqual({
      success: false,
      error: 'INVALID_JSON',
      message: 'Request body is not valid JSON.',
    });
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await request(test.app)
      .post('/api/test/echo')
      .send({ name: 'x'.repeat(1_100_000), address: { city: 'x' } })
      .expect(413);
    expect(response.body).toMatchObject({ success: false, error: 'PAYLOAD_TOO_LARGE' });
  });

  it('answers an unexpected error with 500, the request id and no detail', async () => {
    const response = await request(test.app).get('/api/test/explode').expect(500);
    expect(response.body).toEqual({
      success: false,
      error: 'INTERNAL_ERROR',
      message: 'Server error occurred. Please try again later.',
      requestId: response.headers['x-request-id'],
    });
    expect(response.text).not.toContain('hunter2');
    expect(response.text).not.toMatch(/\bat .+\.ts/);
  });

  it('answers an unknown API route with the 404 envelope', async () => {
    const response = await request(test.app).get('/api/no-such-thing').expect(404);
    expect(response.body).toEqual({
      success: false,
      error: 'NOT_FOUND',
      message: 'No route for GET /api/no-such-thing.',
    });
  });

  it('gives every response a request id, keeping a sane incoming one', async () => {
    const fresh = await request(test.app).get('/health');
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(test.app).get('/health').set('x-request-id', 'lb-1234.abc');
    expect(kept.headers['x-request-id']).toBe('lb-1234.abc');
    const replaced = await request(test.app)
      .get('/health')
      .set('x-request-id', 'bad id\twith tabs');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends security headers with a CSP that allows only its own scripts', async () => {
    const response = await request(test.app).get('/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  describe('console serving', () => {
    it('tells to build the console when its build is missing', async () => {
      const response = await request(test.app)
        .get('/clients')
        .set('Accept', 'text/html')
        .expect(404);
      expect(response.text).toContain('npm run build');
    });

    it('serves index.html for client routes and caches hashed assets for good', async () => {
      mkdirSync(join(consoleDist, 'assets'), { recursive: true });
      writeFileSync(join(consoleDist, 'index.html'), '<!doctype html><title>Console</title>');
      writeFileSync(join(consoleDist, 'assets', 'index-abc123.js'), 'console.log(1)');

      const page = await request(test.app)
        .get('/clients/ACME-1')
        .set('Accept', 'text/html')
        .expect(200);
      expect(page.text).toContain('<title>Console</title>');
      expect(page.headers['cache-control']).toBe('no-cache');

      const asset = await request(test.app).get('/assets/index-abc123.js').expect(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('serves the brotli or gzip file the build wrote, by what the browser accepts', async () => {
      // The middleware indexes the build's files when the app starts: build first, then start.
      const built = mkdtempSync(join(tmpdir(), 'patrol-console-build-'));
      const assets = join(built, 'assets');
      mkdirSync(assets, { recursive: true });
      const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => i))};`;
      writeFileSync(join(assets, 'table-def456.js'), script);
      // Marked copies prove that the build's files are served, not ones compressed on the fly.
      writeFileSync(join(assets, 'table-def456.js.br'), brotliCompressSync(`${script} // br`));
      writeFileSync(join(assets, 'table-def456.js.gz'), gzipSync(`${script} // gz`));
      const served = await createTestContext({ env: { CONSOLE_DIST: built } });
      try {
        const brotli = await request(served.app)
          .get('/assets/table-def456.js')
          .set('Accept-Encoding', 'gzip, br')
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(brotli.headers['content-encoding']).toBe('br');
        expect(brotli.headers['content-type']).toMatch(/javascript/);
        expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect((brotli.body as Buffer).toString()).toBe(`${script} // br`);

        const gzip = await request(served.app)
          .get('/assets/table-def456.js')
          .set('Accept-Encoding', 'gzip')
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(gzip.headers['content-encoding']).toBe('gzip');
        expect((gzip.body as Buffer).toString()).toBe(`${script} // gz`);
      } finally {
        await served.close();
        rmSync(built, { recursive: true, force: true });
      }
    });

    it('compresses a large JSON answer with brotli when accepted', async () => {
      const token = await test.signIn('Admin');
      const response = await request(test.app)
        .get('/api/openapi.json')
        .set('Authorization', `Bearer ${token}`)
        .set('Accept-Encoding', 'br')
        .expect(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.body.openapi).toMatch(/^3\.1/);
    });

    it('never answers an API path with the console page', async () => {
      const response = await request(test.app)
        .get('/api/clients-unknown')
        .set('Accept', 'text/html')
        .expect(404);
      expect(response.body).toMatchObject({ success: false, error: 'NOT_FOUND' });
    });
  });
});
