import { generateSecret, generateURI, verify } from 'otplib';

/** Shown by authenticator apps next to the account's email. */
export const totpIssuer = 'Patrol Console';

const period = 30;

/** A new TOTP secret in base32 (20 random bytes, the authenticator-app standard). */
export function generateTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI encoded in the setup QR code. */
export function totpUri(email: string, secret: string): string {
  return generateURI({ issuer: totpIssuer, label: email, secret });
}

export type TotpCheck = { valid: true; step: number } | { valid: false };

/**
 * Checks a 6-digit code against the current step and one step either side (clock drift). A step
 * at or before `lastAcceptedStep` is refused, so a code that was used once cannot be replayed
 * within its window; the caller stores the accepted `step`.
 */
export async function checkTotp(
  secret: string,
  code: string,
  lastAcceptedStep: number | null,
  epochSeconds: number = Math.floor(Date.now() / 1000),
): Promise<TotpCheck> {
  if (!/^\d{6}$/.test(code)) return { valid: false };
  const result = await verify({
    secret,
    token: code,
    epoch: epochSeconds,
    epochTolerance: period,
    ...(lastAcceptedStep === null ? {} : { afterTimeStep: lastAcceptedStep }),
  });
  return result.valid && 'timeStep' in result
    ? { valid: true, step: result.timeStep }
    : { valid: false };
}
