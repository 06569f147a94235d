import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  type KeyObject,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  licenceFilePayloadKeys,
  licenceSigningAlgorithm,
  type LicenceFilePayload,
  type LicencePublicKey,
} from '@patrol/contracts';

/** One Ed25519 key of the server. Its id is derived from the public key, so every process agrees. */
export interface LicenceSigningKey {
  keyId: string;
  privateKey: KeyObject;
  /** base64 of the DER SubjectPublicKeyInfo. */
  publicKey: string;
}

/** The server's licence keys: the first signs new files, every one is published for verifying. */
export interface LicenceKeyRing {
  current: LicenceSigningKey;
  keys: readonly LicenceSigningKey[];
}

/** The file in DATA_DIR holding the generated keys, one base64 PKCS#8 key a line, current first. */
export const licenceKeyFileName = 'licence-signing-keys';

const pemBlock = /-----BEGIN PRIVATE KEY-----[\s\S]*?-----END PRIVATE KEY-----/g;

/**
 * Reads LICENCE_SIGNING_KEY or the key file: one or more Ed25519 private keys, each a PEM block or
 * base64 PKCS#8 DER (separated by commas or new lines); the first is current. Throws an error that
 * never quotes the text.
 */
export function parseLicenceKeyRing(text: string): LicenceKeyRing {
  const pems = text.match(pemBlock);
  const parts = pems ?? text.split(/[\s,]+/).filter(Boolean);
  const keys = parts.map(toSigningKey);
  const [current] = keys;
  if (!current) throw new Error('no Ed25519 private key');
  return { current, keys };
}

/** Whether `text` holds at least one readable Ed25519 private key (for the configuration check). */
export function isLicenceKeyRingText(text: string): boolean {
  try {
    parseLicenceKeyRing(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The key ring kept in DATA_DIR, generated on first start (mode 0600). The new file is written
 * aside and linked into place, so processes starting together on one folder keep one ring and
 * none reads a half-written file.
 */
export function readOrCreateLicenceKeyRing(dataDir: string): LicenceKeyRing {
  const file = join(dataDir, licenceKeyFileName);
  mkdirSync(dataDir, { recursive: true });
  const draft = `${file}.${process.pid}.${Date.now()}.tmp`;
  writeFileSync(draft, `${generateLicenceSigningKey()}\n`, { mode: 0o600 });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  try {
    return parseLicenceKeyRing(readFileSync(file, 'utf8'));
  } catch {
    throw new Error(`${file} holds no readable Ed25519 private key.`);
  }
}

/** A new Ed25519 private key as base64 PKCS#8 DER (the form the key file and LICENCE_SIGNING_KEY take). */
export function generateLicenceSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

/**
 * Signs a licence file with the current key: base64url(payload JSON, keys in
 * licenceFilePayloadKeys order) + '.' + base64url(Ed25519 signature of those JSON bytes).
 */
export function signLicenceFile(
  ring: LicenceKeyRing,
  fields: Omit<LicenceFilePayload, 'kid' | 'v'>,
): string {
  const payload: LicenceFilePayload = { v: 1, kid: ring.current.keyId, ...fields };
  const ordered = Object.fromEntries(licenceFilePayloadKeys.map((key) => [key, payload[key]]));
  const bytes = Buffer.from(JSON.stringify(ordered), 'utf8');
  const signature = sign(null, bytes, ring.current.privateKey);
  return `${bytes.toString('base64url')}.${signature.toString('base64url')}`;
}

/** Every key of the ring as the device API publishes it. */
export function licencePublicKeys(ring: LicenceKeyRing): LicencePublicKey[] {
  return ring.keys.map((key) => ({
    keyId: key.keyId,
    algorithm: licenceSigningAlgorithm,
    publicKey: key.publicKey,
    current: key === ring.current,
  }));
}

function toSigningKey(text: string): LicenceSigningKey {
  const privateKey = text.startsWith('-----')
    ? createPrivateKey(text)
    : createPrivateKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'pkcs8' });
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('not an Ed25519 key');
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return {
    keyId: createHash('sha256').update(spki).digest('base64url').slice(0, 16),
    privateKey,
    publicKey: spki.toString('base64'),
  };
}
