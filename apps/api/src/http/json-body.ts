import express, { type RequestHandler } from 'express';
import { invalid } from './app-error';

/** The deepest nesting of objects and arrays a JSON body may have. */
export const maxJsonDepth = 64;

export const jsonTooDeepMessage = `Request body is nested too deeply (at most ${maxJsonDepth} levels).`;

const quote = 0x22;
const backslash = 0x5c;
const opening = new Set([0x7b, 0x5b]); // { [
const closing = new Set([0x7d, 0x5d]); // } ]

/**
 * Whether `body` (UTF-8 JSON bytes) nests objects and arrays deeper than `maxDepth`. Bytes are
 * scanned before parsing, skipping strings; a multi-byte UTF-8 character never contains these
 * ASCII bytes, so scanning bytes is exact.
 */
export function jsonNestsDeeperThan(body: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index += 1) {
    const byte = body[index]!;
    if (inString) {
      if (byte === backslash) index += 1;
      else if (byte === quote) inString = false;
    } else if (byte === quote) {
      inString = true;
    } else if (opening.has(byte)) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (closing.has(byte)) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The JSON body parser of every route (express.json up to `limit`): a body nested deeper than
 * maxJsonDepth is refused with 400 before it is parsed, so no deep structure reaches validation,
 * a JSONB column (crash reports' additionalData) or a recursive walk over the body.
 */
export function parseJsonBody(limit: string | number): RequestHandler {
  return express.json({
    limit,
    verify: (_req, _res, body) => {
      if (jsonNestsDeeperThan(body, maxJsonDepth)) throw invalid(jsonTooDeepMessage);
    },
  });
}
