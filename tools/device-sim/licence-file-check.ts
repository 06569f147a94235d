import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { LicencePublicKey } from '@patrol/contracts';
import { licenceFileVerdict, type LicenceFileVerdict } from '@patrol/domain';

/**
 * What the patrol app does with its signed licence file: verifies each file the server answers
 * with the published Ed25519 keys, keeps the last good one, and judges it again while offline.
 */
export interface LicenceFileKeeper {
  /** Checks a file the server just answered; a good one replaces the one kept. */
  accept(file: string, now: Date): LicenceFileVerdict;
  /** Judges the kept file at `now` (the API unreachable); 'expired' when none was kept. */
  offline(now: Date): LicenceFileVerdict;
  /** Whether the file names a key this keeper does not know (the server rotated: fetch the keys again). */
  namesUnknownKey(file: string): boolean;
  /** Replaces the published keys. */
  useKeys(keys: readonly LicencePublicKey[]): void;
}

export function createLicenceFileKeeper(
  deviceId: string,
  keys: readonly LicencePublicKey[],
): LicenceFileKeeper {
  let publicKeys = keyObjects(keys);
  let kept: { payload: unknown } | undefined;
  // The latest time seen, by the device's clock or in a file: a clock reading earlier was set back.
  let lastSeenAt: Date | null = null;

  const judge = (payload: unknown, signatureValid: boolean, now: Date) => {
    const verdict = licenceFileVerdict({ payload, signatureValid, deviceId, now, lastSeenAt });
    if (verdict.state === 'valid' || verdict.state === 'grace') {
      lastSeenAt = new Date(Math.max(now.getTime(), lastSeenAt?.getTime() ?? 0));
    }
    return verdict;
  };

  return {
    accept(file, now) {
      const { payload, signatureValid } = readLicenceFile(file, publicKeys);
      const verdict = judge(payload, signatureValid, now);
      if (verdict.state === 'valid' || verdict.state === 'grace') kept = { payload };
      return verdict;
    },
    offline(now) {
      if (!kept) return { state: 'expired', reason: 'no licence file was ever received' };
      return judge(kept.payload, true, now);
    },
    namesUnknownKey(file) {
      const kid = (decodePayload(file) as { kid?: unknown } | undefined)?.kid;
      return typeof kid === 'string' && !publicKeys.has(kid);
    },
    useKeys(next) {
      publicKeys = keyObjects(next);
    },
  };
}

/**
 * Splits `base64url(payload).base64url(signature)` and verifies the signature of the payload
 * bytes with the published key its `kid` names (none named or known: not valid).
 */
export function readLicenceFile(
  file: string,
  keys: ReadonlyMap<string, KeyObject>,
): { payload: unknown; signatureValid: boolean } {
  const [payloadPart = '', signaturePart = ''] = file.split('.');
  const payload = decodePayload(file);
  const kid = (payload as { kid?: unknown } | undefined)?.kid;
  const key = typeof kid === 'string' ? keys.get(kid) : undefined;
  const signatureValid =
    key !== undefined &&
    verify(
      null,
      Buffer.from(payloadPart, 'base64url'),
      key,
      Buffer.from(signaturePart, 'base64url'),
    );
  return { payload, signatureValid };
}

function decodePayload(file: string): unknown {
  try {
    return JSON.parse(Buffer.from(file.split('.')[0] ?? '', 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function keyObjects(keys: readonly LicencePublicKey[]): Map<string, KeyObject> {
  return new Map(
    keys.map((key) => [
      key.keyId,
      createPublicKey({ key: Buffer.from(key.publicKey, 'base64'), format: 'der', type: 'spki' }),
    ]),
  );
}
