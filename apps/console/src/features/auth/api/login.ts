import type { AuthSessionResponse, LoginBody, SessionUser } from '@patrol/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { TwoFactorSetupData } from '@/features/auth/api/register';

/** The session that sign-in, verification and setup start (a refresh token and user may be absent). */
export type SessionGrant = Pick<AuthSessionResponse, 'token'> &
  Partial<Pick<AuthSessionResponse, 'refreshToken' | 'user'>>;

/** What the first sign-in step leads to. */
export type LoginOutcome =
  | { kind: 'code-required'; tempToken: string }
  | { kind: 'setup-required'; setup: TwoFactorSetupData }
  | { kind: 'password-change-required'; passwordChangeToken: string }
  | { kind: 'signed-in'; session: SessionGrant };

type LoginAnswer = Partial<TwoFactorSetupData> & {
  requires2FA?: boolean;
  requiresTwoFactor?: boolean;
  requires2FASetup?: boolean;
  requiresTwoFactorSetup?: boolean;
  requiresPasswordChange?: boolean;
  passwordChangeToken?: string;
  tempToken?: string;
  token?: string;
  refreshToken?: string;
  user?: SessionUser;
};

/** What a sign-in answer (login, or the password change that follows a temporary one) asks next. */
export function toOutcome(answer: LoginAnswer): LoginOutcome {
  if (answer.requiresPasswordChange && answer.passwordChangeToken) {
    return { kind: 'password-change-required', passwordChangeToken: answer.passwordChangeToken };
  }
  if ((answer.requires2FA || answer.requiresTwoFactor) && answer.tempToken) {
    return { kind: 'code-required', tempToken: answer.tempToken };
  }
  if ((answer.requires2FASetup || answer.requiresTwoFactorSetup) && answer.setupToken) {
    return {
      kind: 'setup-required',
      setup: {
        message: answer.message ?? '',
        setupToken: answer.setupToken,
        qrCodeDataURL: answer.qrCodeDataURL ?? '',
        twoFASecret: answer.twoFASecret ?? '',
        backupCodes: answer.backupCodes ?? [],
      },
    };
  }
  if (answer.token) {
    return {
      kind: 'signed-in',
      session: { token: answer.token, refreshToken: answer.refreshToken, user: answer.user },
    };
  }
  throw new Error('The sign-in answer carried neither a challenge, a setup nor a session');
}

/** POST /api/auth/login: a 2FA challenge, a required two-factor setup, or (rarely) a session. */
export async function login(body: LoginBody): Promise<LoginOutcome> {
  // A 401 here means wrong credentials, never an expired session to refresh.
  const answer = await api.post<LoginAnswer>('/api/auth/login', body, { skipAuthRefresh: true });
  return toOutcome(answer);
}

/** Mutation for the first sign-in step. */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
