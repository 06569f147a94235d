import type { LicenceFilePayload } from '@patrol/contracts';
import { describe, expect, it } from 'vitest';
import { licenceClockSkewMs, licenceFileFreshMs, licenceFileVerdict } from './licence-file-verdict';

const issuedAt = new Date('2026-03-01T08:00:00.000Z');
const payload: LicenceFilePayload = {
  v: 1,
  kid: 'k1',
  licenceKey: 'LIC-ABCD-1234',
  clientId: 'c0ffee00-0000-4000-8000-000000000001',
  deviceId: 'MPDID-ABCDEF123456-Site',
  licenceType: 'Standard',
  status: 'active',
  validUntil: '2026-06-01T00:00:00.000Z',
  issuedAt: issuedAt.toISOString(),
  graceSeconds: 7 * 24 * 3600,
};
const at = (ms: number) => new Date(issuedAt.getTime() + ms);
const check = (overrides: Partial<Parameters<typeof licenceFileVerdict>[0]> = {}) =>
  licenceFileVerdict({
    payload,
    signatureValid: true,
    deviceId: payload.deviceId,
    now: at(1000),
    ...overrides,
  }).state;

describe('licenceFileVerdict', () => {
  it('is valid while fresh, then grace until issuedAt + graceSeconds, then expired', () => {
    expect(check()).toBe('valid');
    expect(check({ now: at(licenceFileFreshMs + 1) })).toBe('grace');
    expect(check({ now: at(payload.graceSeconds * 1000) })).toBe('grace');
    expect(check({ now: at(payload.graceSeconds * 1000 + 1) })).toBe('expired');
  });

  it('ends the grace at validUntil when that comes first, and refuses a status other than active', () => {
    const endsSoon = { ...payload, validUntil: at(60 * 60_000).toISOString() };
    expect(check({ payload: endsSoon, now: at(licenceFileFreshMs + 1) })).toBe('grace');
    expect(check({ payload: endsSoon, now: at(60 * 60_000 + 1) })).toBe('expired');
    expect(check({ payload: { ...payload, status: 'suspended' } })).toBe('expired');
    const forever = { ...payload, validUntil: null };
    expect(check({ payload: forever, now: at(payload.graceSeconds * 1000 + 1) })).toBe('expired');
  });

  it('calls a bad signature, an unreadable payload or another device tampered', () => {
    expect(check({ signatureValid: false })).toBe('tampered');
    expect(check({ payload: { ...payload, graceSeconds: 'forever' } })).toBe('tampered');
    expect(check({ payload: { ...payload, extra: true } })).toBe('tampered');
    expect(check({ payload: undefined })).toBe('tampered');
    expect(check({ deviceId: 'MPDID-000000000000-Site' })).toBe('tampered');
  });

  it('detects a clock set back before issuedAt or before the latest time seen, within a skew', () => {
    expect(check({ now: at(-licenceClockSkewMs + 1) })).toBe('valid');
    expect(check({ now: at(-licenceClockSkewMs - 1) })).toBe('clock-back');
    const lastSeenAt = at(3 * 24 * 3600_000);
    expect(check({ now: at(24 * 3600_000), lastSeenAt })).toBe('clock-back');
    expect(check({ now: at(3 * 24 * 3600_000 - 1000), lastSeenAt })).toBe('grace');
  });

  it('gives the moment the device stops working offline', () => {
    const verdict = licenceFileVerdict({
      payload,
      signatureValid: true,
      deviceId: payload.deviceId,
      now: at(1000),
    });
    expect(verdict.worksUntil).toEqual(at(payload.graceSeconds * 1000));
  });
});
