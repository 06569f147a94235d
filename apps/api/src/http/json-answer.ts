import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Request, Response } from 'express';
import Negotiator from 'negotiator';

/** JSON and CSV answers over this many bytes are compressed when the caller accepts it. */
export const compressionThreshold = 1024;
/** Brotli quality 4: most of the gain for little CPU (11 costs ten times as much). */
export const brotliQuality = 4;

/**
 * Answers up to this size are compressed at once, in one call on the request's own thread: for a
 * page of a list (a few kilobytes) a compression stream costs several times the compression
 * itself. Bigger answers, and streamed ones (CSV), go through the compression middleware, whose
 * stream works beside the event loop.
 */
const oneShotLimit = 32 * 1024;

/** The bytes of a shared answer, encoded once and compressed once per encoding asked for. */
interface EncodedAnswer {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const sharedAnswers = new WeakMap<object, EncodedAnswer>();

/**
 * Marks an answer that a cache hands to many requests: it is frozen (deeply), so it cannot
 * change after it was first sent, and sendJson encodes and compresses it once.
 */
export function sharedAnswer<T extends object>(answer: T): T {
  deepFreeze(answer);
  sharedAnswers.set(answer, { json: Buffer.from(JSON.stringify(answer)) });
  return answer;
}

/**
 * Sends `body` as JSON like `res.json`, compressed by brotli (or gzip) when it is over the
 * threshold and the caller accepts it. Content-Encoding is set here, so the compression
 * middleware leaves the answer alone; its ETag is that of the encoded bytes.
 */
export function sendJson(req: Request, res: Response, body: unknown): void {
  const shared = typeof body === 'object' && body !== null ? sharedAnswers.get(body) : undefined;
  const json = shared?.json ?? Buffer.from(JSON.stringify(body));
  if (!res.getHeader('Content-Type')) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
  }
  if (json.length < compressionThreshold || json.length > oneShotLimit || req.method === 'HEAD') {
    res.send(json);
    return;
  }
  res.vary('Accept-Encoding');
  const encoding = noTransform(res) ? undefined : acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) {
    res.send(json);
    return;
  }
  res.setHeader('Content-Encoding', encoding);
  const compressed = shared?.[encoding] ?? compress(json, encoding);
  if (shared) shared[encoding] = compressed;
  res.send(compressed);
}

/**
 * Sends `body` as JSON, uncompressed and without an ETag: the answer of a chain that serves no
 * browser (the device API), never cached (no-store) and mostly to POSTs, where computing an
 * entity tag per answer would be spent for nothing.
 */
export function sendPlainJson(res: Response, body: unknown): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}

function compress(json: Buffer, encoding: 'br' | 'gzip'): Buffer {
  if (encoding === 'gzip') return gzipSync(json);
  return brotliCompressSync(json, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: brotliQuality,
      [zlib.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

function noTransform(res: Response): boolean {
  return /(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''));
}

/** Negotiator 1.x takes the server's preference on ties; its published types omit the option. */
type EncodingNegotiator = {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string;
};

/**
 * The encoding to answer in, negotiated as the compression middleware does (negotiator): the
 * acceptable one with the highest q, brotli on a tie; none without the header, when neither is
 * acceptable or when identity is preferred.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const negotiator = new Negotiator({ headers: { 'accept-encoding': header } });
  const encoding = (negotiator as unknown as EncodingNegotiator).encoding(
    ['br', 'gzip', 'identity'],
    { preferred: ['br', 'gzip'] },
  );
  return encoding === 'br' || encoding === 'gzip' ? encoding : undefined;
}
