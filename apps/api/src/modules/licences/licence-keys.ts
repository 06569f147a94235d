import { randomBytes } from 'node:crypto';

/**
 * 32 symbols without the look-alikes 0/O and 1/I, so a key read aloud or typed from paper is
 * unambiguous. 32 is a power of two: masking a random byte to 5 bits keeps every symbol equally likely.
 */
export const licenceKeyAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const groups = 4;
const groupLength = 4;

/** MP-XXXX-XXXX-XXXX-XXXX over the key alphabet: 80 random bits. */
export const licenceKeyPattern = /^MP(-[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{4}){4}$/;

/** A new licence key from the operating system's cryptographic random source. */
export function generateLicenceKey(): string {
  const bytes = randomBytes(groups * groupLength);
  const symbols = Array.from(bytes, (byte) => licenceKeyAlphabet[byte & 31]);
  const parts: string[] = [];
  for (let group = 0; group < groups; group += 1) {
    parts.push(symbols.slice(group * groupLength, (group + 1) * groupLength).join(''));
  }
  return `MP-${parts.join('-')}`;
}
