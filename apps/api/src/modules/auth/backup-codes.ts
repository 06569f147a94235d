import { randomInt } from 'node:crypto';

/** How many single-use backup codes a two-factor setup hands out. */
export const backupCodeCount = 10;

/** Ten distinct random 8-digit codes (a 6-digit entry is a TOTP code, an 8-digit one a backup code). */
export function generateBackupCodes(count: number = backupCodeCount): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(String(randomInt(0, 100_000_000)).padStart(8, '0'));
  return [...codes];
}

/** True when the entered code has the shape of a backup code rather than a TOTP code. */
export function isBackupCodeShape(code: string): boolean {
  return /^\d{8}$/.test(code);
}
