import { createHash, randomBytes } from 'node:crypto';

/** A random bearer token (32 bytes, base64url): refresh tokens and emailed one-time tokens. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of an opaque token. A plain SHA-256 is enough here (unlike passwords): the token
 * carries 256 random bits, so the hash cannot be reversed by guessing.
 */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
