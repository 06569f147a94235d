import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signAccessToken, verifyAccessToken } from './access-token';

const secret = 'a'.repeat(64);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('verifyAccessToken', () => {
  it('checks a token once and answers its claims from then on without checking the signature', () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const token = signAccessToken(secret, userId, '15m', sessionId);
    const verify = vi.spyOn(jwt, 'verify');

    const first = verifyAccessToken(secret, token);
    const again = verifyAccessToken(secret, token);

    expect(first).toMatchObject({ userId, sessionId });
    expect(again).toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('stops answering a held token from the second it expires', () => {
    const token = signAccessToken(secret, randomUUID(), '60s');
    const signedAt = Date.now();
    expect(verifyAccessToken(secret, token, signedAt)).toBeDefined();
    expect(verifyAccessToken(secret, token, signedAt + 61_000)).toBeUndefined();
    expect(verifyAccessToken(secret, token, signedAt)).toBeDefined();
  });

  it('refuses a token signed with another secret, even one held for its own', () => {
    const token = signAccessToken(secret, randomUUID());
    expect(verifyAccessToken(secret, token)).toBeDefined();
    expect(verifyAccessToken('b'.repeat(64), token)).toBeUndefined();
  });

  it('refuses a tampered token every time', () => {
    const token = signAccessToken(secret, randomUUID());
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: randomUUID(), typ: 'access', iat: 1, exp: 4_000_000_000 }),
    ).toString('base64url');
    const tampered = `${header}.${payload}.${signature}`;
    expect(verifyAccessToken(secret, tampered)).toBeUndefined();
    expect(verifyAccessToken(secret, tampered)).toBeUndefined();
  });
});
