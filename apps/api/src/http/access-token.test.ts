import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccessTokenVerifier, signAccessToken } from './access-token';

const secret = 'a'.repeat(64);

const verifier = createAccessTokenVerifier(secret);

afterEach(() => {
  vi.restoreAllMocks();
  verifier.clear();
});

describe('access token verifier', () => {
  it('checks a token once and answers its claims from then on without checking the signature', () => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const token = signAccessToken(secret, userId, '15m', sessionId);
    const verify = vi.spyOn(jwt, 'verify');

    const first = verifier.verify(token);
    const again = verifier.verify(token);

    expect(first).toMatchObject({ userId, sessionId });
    expect(again).toEqual(first);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('stops answering a held token from the second it expires', () => {
    const token = signAccessToken(secret, randomUUID(), '60s');
    const signedAt = Date.now();
    expect(verifier.verify(token, signedAt)).toBeDefined();
    expect(verifier.verify(token, signedAt + 61_000)).toBeUndefined();
    expect(verifier.verify(token, signedAt)).toBeDefined();
  });

  it('refuses a token signed with another secret, even one held for its own', () => {
    const token = signAccessToken(secret, randomUUID());
    expect(verifier.verify(token)).toBeDefined();
    expect(createAccessTokenVerifier('b'.repeat(64)).verify(token)).toBeUndefined();
  });

  it('refuses a tampered token every time', () => {
    const token = signAccessToken(secret, randomUUID());
    const [header, , signature] = token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ sub: randomUUID(), typ: 'access', iat: 1, exp: 4_000_000_000 }),
    ).toString('base64url');
    const tampered = `${header}.${payload}.${signature}`;
    expect(verifier.verify(tampered)).toBeUndefined();
    expect(verifier.verify(tampered)).toBeUndefined();
  });

  it('checks the signature again once cleared', () => {
    const token = signAccessToken(secret, randomUUID());
    const verify = vi.spyOn(jwt, 'verify');
    verifier.verify(token);
    verifier.clear();
    expect(verifier.verify(token)).toBeDefined();
    expect(verify).toHaveBeenCalledTimes(2);
  });
});
