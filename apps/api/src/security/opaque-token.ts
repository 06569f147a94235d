import { hash, randomBytes } from 'node:crypto';

/** A random bearer token (32 bytes, base64url): refresh tokens and emailed one-time tokens. */
export function generateOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The stored form of an opaque token. A plain SHA-256 is enough here (unlike passwords): the token
 * carries 256 random bits, so the hash cannot be reversed by guessing.
 */
export function hashOpaqueToken(token: string): string {
  // One-shot: every device call hashes its token, and no Hash object is needed for one string.
  return hash('sha256', token, 'hex');
}
