import { describe, expect, it } from 'vitest';
import {
  generateLicenceSigningKey,
  licencePublicKeys,
  parseLicenceKeyRing,
  signLicenceFile,
} from '../../apps/api/src/security/licence-signing';
import { createLicenceFileKeeper } from './licence-file-check';

const deviceId = 'MPDID-ABCDEF123456-Simulated Site';
const issuedAt = new Date('2026-03-01T08:00:00.000Z');
const ring = parseLicenceKeyRing(generateLicenceSigningKey());
const fields = {
  licenceKey: 'MP-AAAA-BBBB-CCCC-DDDD',
  clientId: 'c0ffee00-0000-4000-8000-000000000001',
  deviceId,
  licenceType: 'Standard' as const,
  status: 'active' as const,
  validUntil: '2026-04-01T00:00:00.000Z',
  issuedAt: issuedAt.toISOString(),
  graceSeconds: 3 * 24 * 3600,
};
const file = signLicenceFile(ring, fields);
const later = (ms: number) => new Date(issuedAt.getTime() + ms);
const keeper = () => createLicenceFileKeeper(deviceId, licencePublicKeys(ring));
const reencoded = (change: Record<string, unknown>) => {
  const [payloadPart, signaturePart] = file.split('.') as [string, string];
  const payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  return `${Buffer.from(JSON.stringify({ ...payload, ...change })).toString('base64url')}.${signaturePart}`;
};

describe('the simulated device’s licence file check', () => {
  it('accepts a signed file, then works offline on it through the grace and stops after', () => {
    const device = keeper();
    expect(device.accept(file, later(1000)).state).toBe('valid');
    expect(device.offline(later(24 * 3600_000)).state).toBe('grace');
    expect(device.offline(later(3 * 24 * 3600_000 + 1000)).state).toBe('expired');
  });

  it('refuses a tampered payload, a key id it does not know and another device’s file', () => {
    expect(
      keeper().accept(reencoded({ validUntil: '2099-01-01T00:00:00.000Z' }), later(0)).state,
    ).toBe('tampered');
    expect(keeper().accept(reencoded({ kid: 'unpublished' }), later(0)).state).toBe('tampered');
    const stranger = createLicenceFileKeeper(
      'MPDID-000000000000-Simulated Site',
      licencePublicKeys(ring),
    );
    expect(stranger.accept(file, later(0)).state).toBe('tampered');
    const otherServer = parseLicenceKeyRing(generateLicenceSigningKey());
    const impostor = createLicenceFileKeeper(deviceId, licencePublicKeys(otherServer));
    expect(impostor.namesUnknownKey(file)).toBe(true);
    expect(impostor.accept(file, later(0)).state).toBe('tampered');
  });

  it('keeps a file of an earlier key verifiable after a rotation', () => {
    const rotated = parseLicenceKeyRing(
      `${generateLicenceSigningKey()},${generateLicenceSigningKey()}`,
    );
    const withOld = { current: rotated.current, keys: [...rotated.keys, ring.current] };
    const device = createLicenceFileKeeper(deviceId, licencePublicKeys(withOld));
    expect(device.namesUnknownKey(file)).toBe(false);
    expect(device.accept(file, later(0)).state).toBe('valid');
  });

  it('detects a clock set back before the file or before the time it already saw', () => {
    expect(keeper().accept(file, later(-24 * 3600_000)).state).toBe('clock-back');
    const device = keeper();
    expect(device.offline(later(0)).state).toBe('expired');
    expect(device.accept(file, later(2 * 24 * 3600_000)).state).toBe('grace');
    expect(device.offline(later(24 * 3600_000)).state).toBe('clock-back');
  });
});
