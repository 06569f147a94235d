import { describe, expect, it } from 'vitest';
import { createCodeHasher, createSecretBox, deriveKey } from './secret-keys';

describe('secret keys', () => {
  const key = deriveKey('a-jwt-secret-of-the-server', 'totp-secret');

  it('derives different keys per purpose and per master secret', () => {
    expect(key).toHaveLength(32);
    expect(deriveKey('a-jwt-secret-of-the-server', 'backup-code').equals(key)).toBe(false);
    expect(deriveKey('another-secret', 'totp-secret').equals(key)).toBe(false);
    expect(deriveKey('a-jwt-secret-of-the-server', 'totp-secret').equals(key)).toBe(true);
  });

  it('seals a secret so that only the same key opens it', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(deriveKey('other', 'totp-secret')).open(sealed)).toThrow();
  });

  it('refuses a tampered or malformed sealed secret', () => {
    const box = createSecretBox(key);
    const [prefix, iv, tag, ciphertext] = box.seal('secret').split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => box.open([prefix, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => box.open('plain-text-secret')).toThrow('Not a sealed secret');
  });

  it('hashes codes deterministically under a key', () => {
    const hashCode = createCodeHasher(deriveKey('s', 'backup-code'));
    expect(hashCode('12345678')).toBe(hashCode('12345678'));
    expect(hashCode('12345678')).not.toBe(hashCode('12345679'));
    expect(createCodeHasher(deriveKey('t', 'backup-code'))('12345678')).not.toBe(
      hashCode('12345678'),
    );
  });
});
