import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { signingKey } from '../../security/signing-key';

/**
 * The sign-in steps after the password: 'mfa' waits for the two-factor code, 'password_change'
 * for the new password that replaces a temporary one.
 */
export type SignInStep = 'mfa' | 'password_change';

/** How long a step stays valid while the user types. */
export const signInStepTokenTtlSeconds = 5 * 60;

const stepTokenPayloadSchema = z.object({
  sub: z.uuid(),
  typ: z.enum(['mfa', 'password_change']),
});

/**
 * Signs the temporary token of a sign-in step. Its `typ` names the step, so neither the
 * access-token check (which requires typ 'access') nor the other step ever accepts it.
 */
export function signStepToken(secret: string, userId: string, step: SignInStep): string {
  return jwt.sign({ typ: step }, signingKey(secret), {
    algorithm: 'HS256',
    subject: userId,
    expiresIn: signInStepTokenTtlSeconds,
  });
}

/** The user id of a valid, unexpired token of that step, or undefined. */
export function verifyStepToken(
  secret: string,
  token: string,
  step: SignInStep,
): string | undefined {
  try {
    const parsed = stepTokenPayloadSchema.safeParse(
      jwt.verify(token, signingKey(secret), { algorithms: ['HS256'] }),
    );
    return parsed.success && parsed.data.typ === step ? parsed.data.sub : undefined;
  } catch {
    return undefined;
  }
}
