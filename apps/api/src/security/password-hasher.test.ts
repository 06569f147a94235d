import { describe, expect, it } from 'vitest';
import { hashOpaqueToken, generateOpaqueToken } from './opaque-token';
import { createPasswordHasher } from './password-hasher';

describe('password hasher', () => {
  const hasher = createPasswordHasher(4);

  it('verifies the right password and refuses another', async () => {
    const hash = await hasher.hash('Secret123');
    expect(hash).toMatch(/^\$2[aby]\$04\$/);
    expect(await hasher.verify('Secret123', hash)).toBe(true);
    expect(await hasher.verify('Secret124', hash)).toBe(false);
  });

  it('answers false when there is no account to compare with', async () => {
    expect(await hasher.verifyAgainstNothing('Secret123')).toBe(false);
  });
});

describe('opaque tokens', () => {
  it('are 32 random bytes in base64url, stored as a SHA-256 hex digest', () => {
    const token = generateOpaqueToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(generateOpaqueToken()).not.toBe(token);
    expect(hashOpaqueToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashOpaqueToken(token)).toBe(hashOpaqueToken(token));
  });
});
