import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { signingKey } from '../../security/signing-key';

const mfaTokenPayloadSchema = z.object({ sub: z.uuid(), typ: z.literal('mfa') });

/** How long the password step stays valid while the user types the code. */
export const mfaTokenTtlSeconds = 5 * 60;

/**
 * Signs the temporary token of the second sign-in step. Its `typ` is 'mfa', so the access-token
 * check (which requires typ 'access') never accepts it as a session.
 */
export function signMfaToken(secret: string, userId: string): string {
  return jwt.sign({ typ: 'mfa' }, signingKey(secret), {
    algorithm: 'HS256',
    subject: userId,
    expiresIn: mfaTokenTtlSeconds,
  });
}

/** The user id of a valid, unexpired temporary token, or undefined. */
export function verifyMfaToken(secret: string, token: string): string | undefined {
  try {
    const parsed = mfaTokenPayloadSchema.safeParse(
      jwt.verify(token, signingKey(secret), { algorithms: ['HS256'] }),
    );
    return parsed.success ? parsed.data.sub : undefined;
  } catch {
    return undefined;
  }
}
