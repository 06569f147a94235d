import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a shared document link opens the PDF. */
export const sharedLinkTtlMs = 7 * 24 * 60 * 60 * 1000;

export type SignedLinkCheck = 'valid' | 'invalid' | 'expired';

// A purpose prefix, so a signature made here can never stand for a token signed elsewhere.
const signatureOf = (secret: string, subject: string, expires: number) =>
  createHmac('sha256', `shared-document-link:${secret}`)
    .update(`${subject}:${expires}`)
    .digest('hex');

/** The expiry (ms since epoch) and HMAC signature that let anyone holding them fetch `subject`. */
export function signLink(
  secret: string,
  subject: string,
  now: Date = new Date(),
): { expires: number; signature: string } {
  const expires = now.getTime() + sharedLinkTtlMs;
  return { expires, signature: signatureOf(secret, subject, expires) };
}

/** Whether a link's expiry and signature were made by `signLink` for `subject`, and still hold. */
export function checkSignedLink(
  secret: string,
  subject: string,
  expiresText: string,
  signature: string,
  now: Date = new Date(),
): SignedLinkCheck {
  const expires = /^\d{1,16}$/.test(expiresText) ? Number(expiresText) : Number.NaN;
  if (!Number.isSafeInteger(expires) || !/^[0-9a-f]{64}$/.test(signature)) return 'invalid';
  const expected = Buffer.from(signatureOf(secret, subject, expires), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'invalid';
  return expires <= now.getTime() ? 'expired' : 'valid';
}
