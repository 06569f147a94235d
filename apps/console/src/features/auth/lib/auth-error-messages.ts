import { authMessages, commonMessages } from '@patrol/contracts';
import { ApiError } from '@/lib/api-client';

/** The sign-in, setup and recovery messages of spec 1 section 8. */
export const authErrorMessages = {
  serverBusy: 'Server is busy. Please wait a moment and try again.',
  invalidCredentials: 'Invalid email or password',
  invalidCode: authMessages.invalidCode,
  unreachable: 'Unable to connect to server. Please ensure the backend is running.',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  invalidVerificationCode:
    'Invalid verification code. Please check your authenticator app and try again.',
  setupExpired: 'Setup session expired. Please refresh and start over.',
  verificationFailed: 'Verification failed. Please try again.',
  setupIncomplete: 'You must complete 2FA setup before proceeding to login.',
  resetEmailFailed: 'Failed to send password reset email.',
  resetFailed: 'Failed to reset password.',
  emergencyRequestFailed: 'Emergency recovery request failed.',
  emergencyFailed: 'Emergency recovery failed.',
} as const;

const transportMessages = new Set<string>(Object.values(commonMessages));

/** True when no answer came back: refused connection, timeout, or a gateway without the API. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504;
}

/** The server's own explanation, when the failure carried one (not a transport fallback). */
export function serverMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || isUnreachable(error)) return null;
  if (error.code === 'INVALID_RESPONSE' || transportMessages.has(error.message)) return null;
  return error.message || null;
}

/** Sign-in failure message for step 1 ('credentials') or step 2 ('code'). */
export function signInErrorMessage(error: unknown, step: 'credentials' | 'code'): string {
  if (isUnreachable(error)) return authErrorMessages.unreachable;
  if (!(error instanceof ApiError)) return authErrorMessages.loginFailed;
  if (error.status === 429) return authErrorMessages.serverBusy;
  // The right password of a suspended or inactive account: the server says so in plain words.
  if (error.code === 'ACCOUNT_INACTIVE') return error.message;
  if (error.status === 401) {
    // An expired temporary token is not a wrong code: the server says to sign in again.
    if (step === 'code' && error.code === 'TOKEN_EXPIRED') return error.message;
    return step === 'credentials'
      ? authErrorMessages.invalidCredentials
      : authErrorMessages.invalidCode;
  }
  return authErrorMessages.loginFailed;
}

/** Two-factor setup verification failure: the server's message, its joined errors, or by status. */
export function setupVerificationErrorMessage(error: unknown): string {
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  if (error instanceof ApiError) {
    const joined = Object.values(error.fieldErrors).join(', ');
    if (joined) return joined;
    if (error.status === 400) return authErrorMessages.invalidVerificationCode;
    if (error.status === 401) return authErrorMessages.setupExpired;
  }
  return authErrorMessages.verificationFailed;
}

/** A recovery failure: the server's message (expired link, used token...) or `fallback`. */
export function recoveryErrorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}
