import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { backupCodeCount, generateBackupCodes, isBackupCodeShape } from './backup-codes';
import { checkTotp, generateTotpSecret, totpUri } from './totp';

// RFC 6238 appendix B, SHA-1 secret "12345678901234567890"; 6-digit codes are the last six digits
// of the RFC's 8-digit values.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const rfcVectors: [number, string][] = [
  [59, '287082'],
  [1_111_111_109, '081804'],
  [1_111_111_111, '050471'],
  [1_234_567_890, '005924'],
  [2_000_000_000, '279037'],
  [20_000_000_000, '353130'],
];

describe('TOTP', () => {
  it.each(rfcVectors)('accepts the RFC 6238 code at %i', async (epoch, code) => {
    expect(await checkTotp(rfcSecret, code, null, epoch)).toEqual({
      valid: true,
      step: Math.floor(epoch / 30),
    });
  });

  it('accepts one step of drift either way and no more', async () => {
    const epoch = 1_234_567_890;
    const secret = generateTotpSecret();
    const at = (offset: number) => generate({ secret, epoch: epoch + offset });
    expect((await checkTotp(secret, await at(-30), null, epoch)).valid).toBe(true);
    expect((await checkTotp(secret, await at(30), null, epoch)).valid).toBe(true);
    expect((await checkTotp(secret, await at(-90), null, epoch)).valid).toBe(false);
    expect((await checkTotp(secret, await at(90), null, epoch)).valid).toBe(false);
  });

  it('refuses a step at or before the last accepted one (replay)', async () => {
    const epoch = 1_234_567_890;
    const step = Math.floor(epoch / 30);
    const secret = generateTotpSecret();
    const code = await generate({ secret, epoch });
    expect(await checkTotp(secret, code, step - 1, epoch)).toEqual({ valid: true, step });
    expect((await checkTotp(secret, code, step, epoch)).valid).toBe(false);
    const earlier = await generate({ secret, epoch: epoch - 30 });
    expect((await checkTotp(secret, earlier, step, epoch)).valid).toBe(false);
  });

  it('refuses malformed codes', async () => {
    expect((await checkTotp(rfcSecret, '28708', null, 59)).valid).toBe(false);
    expect((await checkTotp(rfcSecret, '94287082', null, 59)).valid).toBe(false);
    expect((await checkTotp(rfcSecret, 'abcdef', null, 59)).valid).toBe(false);
  });

  it('generates base32 secrets and an otpauth URI naming the issuer and account', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri('admin@example.com', secret));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Patrol Console');
    expect(decodeURIComponent(uri.pathname)).toContain('admin@example.com');
  });
});

describe('backup codes', () => {
  it('are ten distinct 8-digit codes', () => {
    const codes = generateBackupCodes();
    expect(codes).toHaveLength(backupCodeCount);
    expect(new Set(codes).size).toBe(backupCodeCount);
    for (const code of codes) expect(isBackupCodeShape(code)).toBe(true);
    expect(isBackupCodeShape('123456')).toBe(false);
  });
});
