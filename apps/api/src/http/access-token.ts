import jwt, { type SignOptions } from 'jsonwebtoken';
import { z } from 'zod';

const accessTokenPayloadSchema = z.object({ sub: z.uuid(), typ: z.literal('access') });

/** Signs a short-lived HS256 access token `{ sub: userId, typ: 'access' }`. */
export function signAccessToken(
  secret: string,
  userId: string,
  ttl: SignOptions['expiresIn'] = '15m',
): string {
  return jwt.sign({ typ: 'access' }, secret, {
    algorithm: 'HS256',
    subject: userId,
    expiresIn: ttl,
  });
}

/** The user id of a valid, unexpired access token, or undefined for anything else. */
export function verifyAccessToken(secret: string, token: string): string | undefined {
  let payload: unknown;
  try {
    payload = jwt.verify(token, secret, { algorithms: ['HS256'] });
  } catch {
    return undefined;
  }
  const parsed = accessTokenPayloadSchema.safeParse(payload);
  return parsed.success ? parsed.data.sub : undefined;
}
