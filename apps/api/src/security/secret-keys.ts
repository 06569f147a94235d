import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Derives a purpose-bound 256-bit key from the server's JWT secret with HKDF.
 *
 * Why derive from the JWT secret rather than keep a separate key file under DATA_DIR: the API is
 * meant to run as several stateless processes on different machines sharing only PostgreSQL and
 * Redis, and every process already receives JWT_SECRET from its configuration; a key file would
 * have to be copied to each machine and backed up next to the database. A distinct HKDF `info`
 * per purpose keeps the derived keys independent of each other and of JWT signing.
 * Consequence: rotating JWT_SECRET makes stored TOTP secrets and backup codes unreadable, so every
 * account must set up two-factor again (`npm run admin -- reset-2fa <email>`).
 */
export function deriveKey(
  masterSecret: string,
  purpose: 'totp-secret' | 'backup-code' | 'known-device' | 'refresh-successor',
): Buffer {
  return Buffer.from(hkdfSync('sha256', masterSecret, 'patrol-console', `patrol/${purpose}`, 32));
}

const sealedPrefix = 'v1';

/** Encrypts short secrets (TOTP keys) at rest with AES-256-GCM; tampering makes `open` throw. */
export interface SecretBox {
  seal(plaintext: string): string;
  open(sealed: string): string;
}

/** A SecretBox over a 32-byte key; the sealed form is `v1.<iv>.<tag>.<ciphertext>` in base64url. */
export function createSecretBox(key: Buffer): SecretBox {
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
      return [sealedPrefix, ...parts].join('.');
    },
    open(sealed) {
      const [prefix, iv, tag, ciphertext] = sealed.split('.');
      if (prefix !== sealedPrefix || !iv || !tag || ciphertext === undefined) {
        throw new Error('Not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/**
 * A keyed hash for low-entropy single-use codes (8-digit backup codes). A plain SHA-256 of an
 * 8-digit code is reversed by trying all 10^8 codes in seconds; with a server-side key, a copy of
 * the database alone is not enough. Deterministic, so a code is found by its hash.
 */
export function createCodeHasher(key: Buffer): (code: string) => string {
  return (code) => createHmac('sha256', key).update(code).digest('hex');
}
