import compression from 'compression';
import express from 'express';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { acceptedEncoding, sendJson, sharedAnswer } from './json-answer';

const rows = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: index, name: `Client ${index} Sdn Bhd` }));

/** An app like the real one: the compression middleware, then a route answering with sendJson. */
function appAnswering(body: unknown) {
  const app = express();
  app.use(compression());
  app.get('/answer', (req, res) => sendJson(req, res, body));
  return app;
}

/** The body as received; superagent has already decoded brotli and gzip. */
function binary(response: unknown, done: (error: Error | null, body: Buffer) => void) {
  const stream = response as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['identity;q=1, br;q=0.5', undefined],
    ['br;q=0, gzip;q=0', undefined],
    [undefined, undefined],
  ])('answers %s with %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});

describe('sendJson', () => {
  const page = { success: true, clients: rows(60) };

  it('compresses a page of a few kB with brotli when accepted, and says so', async () => {
    const response = await request(appAnswering(page))
      .get('/answer')
      .set('Accept-Encoding', 'gzip, br')
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(response.headers).toMatchObject({
      'content-encoding': 'br',
      'content-type': 'application/json; charset=utf-8',
      vary: 'Accept-Encoding',
    });
    expect(response.headers.etag).toBeTruthy();
    // Compressed in one call: its length is known (a compression stream would send it chunked).
    expect(response.headers['content-length']).toBeDefined();
    expect(response.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse((response.body as Buffer).toString())).toEqual(page);
  });

  it('uses gzip for a caller that accepts only gzip', async () => {
    const response = await request(appAnswering(page))
      .get('/answer')
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse((response.body as Buffer).toString())).toEqual(page);
  });

  it('sends small answers and callers that accept no encoding the JSON as it is', async () => {
    const small = await request(appAnswering({ success: true }))
      .get('/answer')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toEqual({ success: true });

    const plain = await request(appAnswering(page))
      .get('/answer')
      .set('Accept-Encoding', 'identity')
      .expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body).toEqual(page);
  });

  it('leaves a large answer to the compression middleware', async () => {
    const large = { success: true, clients: rows(2_000) };
    const response = await request(appAnswering(large))
      .get('/answer')
      .set('Accept-Encoding', 'br')
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['transfer-encoding']).toBe('chunked');
    expect(JSON.parse((response.body as Buffer).toString())).toEqual(large);
  });

  it('encodes a shared answer once, and lets nothing change it afterwards', async () => {
    const shared = sharedAnswer({ success: true, clients: rows(60) });
    expect(() => {
      shared.clients[0]!.name = 'changed';
    }).toThrow(TypeError);
    const app = appAnswering(shared);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (let call = 0; call < 3; call += 1) {
        const response = await request(app)
          .get('/answer')
          .set('Accept-Encoding', 'br')
          .buffer(true)
          .parse(binary)
          .expect(200);
        expect(response.headers['content-encoding']).toBe('br');
        expect(JSON.parse((response.body as Buffer).toString())).toEqual(shared);
      }
      expect(stringify).not.toHaveBeenCalled();
    } finally {
      stringify.mockRestore();
    }
  });
});
