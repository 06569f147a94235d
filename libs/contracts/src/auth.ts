import { z } from 'zod';
import { emailField, requiredString, successResponse } from './fields';
import { authMessages } from './auth-messages';
import { passwordMinLength, twoFactorCodeLengths } from './limits';
import { sessionUserSchema } from './users';

/** Password rules of setup, reset and emergency recovery (spec 1 section 5). */
export const passwordSchema = z
  .string({ error: authMessages.passwordRequired })
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(passwordMinLength.account, authMessages.passwordTooShort)
  .max(128, 'Password must be 128 characters or less')
  .regex(/[a-z]/, authMessages.passwordNeedsLowercase)
  .regex(/[A-Z]/, authMessages.passwordNeedsUppercase)
  .regex(/\d/, authMessages.passwordNeedsDigit);

/** The "confirm password" field of the setup and reset forms (console only, never sent). */
const confirmPasswordSchema = z
  .string({ error: authMessages.confirmPasswordRequired })
  .min(1, { error: authMessages.confirmPasswordRequired, abort: true });

const sixDigitCode = new RegExp(`^\\d{${twoFactorCodeLengths.authenticator}}$`);
const authenticatorOrBackupCode = new RegExp(
  `^(\\d{${twoFactorCodeLengths.authenticator}}|\\d{${twoFactorCodeLengths.backup}})$`,
);

/** POST /api/auth/login. The email is not format-checked here: a wrong one is just wrong credentials. */
export const loginBodySchema = z.object({
  email: requiredString(authMessages.fillAllFields).toLowerCase(),
  password: z
    .string({ error: authMessages.fillAllFields })
    .min(1, authMessages.fillAllFields)
    .max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Tokens and user returned whenever a session starts (login, verify-2fa, setup-2fa). */
export const authSessionResponseSchema = successResponse({
  requires2FA: z.literal(false),
  requiresTwoFactor: z.literal(false),
  token: z.string(),
  refreshToken: z.string(),
  user: sessionUserSchema,
});
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

/** Password accepted, now a code is needed: POST /api/auth/verify-2fa with `tempToken`. */
export const twoFactorChallengeResponseSchema = successResponse({
  requires2FA: z.literal(true),
  requiresTwoFactor: z.literal(true),
  tempToken: z.string(),
  message: z.string().optional(),
});
export type TwoFactorChallengeResponse = z.infer<typeof twoFactorChallengeResponseSchema>;

/** The QR code, manual key and backup codes of a two-factor setup (spec 1 section 3). */
const twoFactorSetupShape = {
  message: z.string(),
  /** Short-lived token to send back with the first code to POST /api/auth/setup-2fa. */
  setupToken: z.string(),
  qrCodeDataURL: z.string(),
  /** The secret shown as the manual-entry key. */
  twoFASecret: z.string(),
  /** Single-use backup codes, shown once. */
  backupCodes: z.array(z.string()),
};

/** POST /api/auth/register: the first administrator is created, two-factor setup follows. */
export const setupResponseSchema = successResponse(twoFactorSetupShape);
export type SetupResponse = z.infer<typeof setupResponseSchema>;

/** Password accepted but the account never finished two-factor setup: set it up now. */
export const twoFactorSetupRequiredResponseSchema = successResponse({
  requires2FA: z.literal(false),
  requiresTwoFactor: z.literal(false),
  requires2FASetup: z.literal(true),
  ...twoFactorSetupShape,
});
export type TwoFactorSetupRequiredResponse = z.infer<typeof twoFactorSetupRequiredResponseSchema>;

/**
 * Password accepted, but it is a temporary one set by a superadmin: a new password comes first,
 * through POST /api/auth/complete-password-change with `passwordChangeToken`.
 */
export const passwordChangeRequiredResponseSchema = successResponse({
  requires2FA: z.literal(false),
  requiresTwoFactor: z.literal(false),
  requiresPasswordChange: z.literal(true),
  passwordChangeToken: z.string(),
  message: z.string(),
});
export type PasswordChangeRequiredResponse = z.infer<typeof passwordChangeRequiredResponseSchema>;

/**
 * POST /api/auth/login: a session, a two-factor challenge, a required two-factor setup, or a
 * required password change.
 */
export const loginResponseSchema = z.union([
  twoFactorChallengeResponseSchema,
  twoFactorSetupRequiredResponseSchema,
  passwordChangeRequiredResponseSchema,
  authSessionResponseSchema,
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /api/auth/verify-2fa: a 6-digit authenticator code or an 8-digit backup code. */
export const verify2faBodySchema = z.object({
  tempToken: requiredString('Temporary token is required'),
  code: requiredString(authMessages.codeRequired).regex(authenticatorOrBackupCode, {
    error: authMessages.invalidCode,
  }),
});
export type Verify2faBody = z.infer<typeof verify2faBodySchema>;

/** POST /api/auth/register: the first administrator. */
export const registerBodySchema = z.object({
  name: requiredString(authMessages.nameRequired, { max: 100, label: 'Name' }),
  email: emailField(),
  password: passwordSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** The setup form: the register body plus a matching confirmation. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine((form) => form.password === form.confirmPassword, {
    error: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/setup-2fa: the first code from the authenticator app. */
export const setup2faBodySchema = z.object({
  setupToken: requiredString('Setup token is required'),
  code: z
    .string({ error: authMessages.invalidSetupCode })
    .trim()
    .regex(sixDigitCode, { error: authMessages.invalidSetupCode }),
});
export type Setup2faBody = z.infer<typeof setup2faBodySchema>;

/** POST /api/auth/refresh. */
export const refreshBodySchema = z.object({
  refreshToken: requiredString('Refresh token is required'),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

/** POST /api/auth/refresh: refresh tokens rotate, so a new one comes back with the access token. */
export const refreshResponseSchema = successResponse({
  token: z.string(),
  refreshToken: z.string(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** POST /api/auth/logout: revokes the given refresh token's family when one is sent. */
export const logoutBodySchema = z.object({ refreshToken: z.string().optional() });
export type LogoutBody = z.infer<typeof logoutBodySchema>;

/** POST /api/auth/reset-password: always answers with the same message (no account probing). */
export const resetPasswordBodySchema = z.object({ email: emailField() });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /api/auth/set-password: the token from the reset mail and the new password. */
export const setPasswordBodySchema = z.object({
  token: requiredString(authMessages.resetTokenRequired),
  password: passwordSchema,
});
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** The set-new-password form: the body plus a matching confirmation. */
export const setPasswordFormSchema = setPasswordBodySchema
  .extend({ confirmPassword: confirmPasswordSchema })
  .refine((form) => form.password === form.confirmPassword, {
    error: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type SetPasswordForm = z.infer<typeof setPasswordFormSchema>;

/** POST /api/auth/emergency-recovery-request. */
export const emergencyRecoveryRequestBodySchema = z.object({ email: emailField() });
export type EmergencyRecoveryRequestBody = z.infer<typeof emergencyRecoveryRequestBodySchema>;

/** Answer to the recovery request; the token itself is included only in development. */
export const emergencyRecoveryRequestResponseSchema = successResponse({
  message: z.string(),
  emergencyToken: z.string().optional(),
});
export type EmergencyRecoveryRequestResponse = z.infer<
  typeof emergencyRecoveryRequestResponseSchema
>;

/** POST /api/auth/emergency-recovery-execute. */
export const emergencyRecoveryExecuteBodySchema = z.object({
  token: requiredString(authMessages.emergencyTokenRequired),
  newPassword: passwordSchema,
});
export type EmergencyRecoveryExecuteBody = z.infer<typeof emergencyRecoveryExecuteBodySchema>;

/** GET /api/auth/has-superadmin: whether first-run setup has been done. */
export const hasSuperadminResponseSchema = successResponse({ exists: z.boolean() });
export type HasSuperadminResponse = z.infer<typeof hasSuperadminResponseSchema>;

/** GET /api/auth/validate: the token is valid; the user is re-read from the database. */
export const validateResponseSchema = successResponse({
  valid: z.literal(true),
  user: sessionUserSchema,
});
export type ValidateResponse = z.infer<typeof validateResponseSchema>;

export const temporaryPasswordMessages = {
  changeRequired: 'Your password is a temporary one. Choose a new password to continue signing in.',
  samePassword: 'Choose a password different from the temporary one',
  tokenRequired: 'Password change token is required',
} as const;

/** POST /api/users/{id}/temporary-password (superadmin): the user must replace it at sign-in. */
export const setTemporaryPasswordBodySchema = z.object({ password: passwordSchema });
export type SetTemporaryPasswordBody = z.infer<typeof setTemporaryPasswordBodySchema>;

/** POST /api/auth/complete-password-change: replaces a temporary password, then sign-in goes on. */
export const completePasswordChangeBodySchema = z.object({
  passwordChangeToken: requiredString(temporaryPasswordMessages.tokenRequired),
  newPassword: passwordSchema,
});
export type CompletePasswordChangeBody = z.infer<typeof completePasswordChangeBodySchema>;

/** The new-password step of sign-in: the body's password plus a matching confirmation. */
export const completePasswordChangeFormSchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((form) => form.password === form.confirmPassword, {
    error: authMessages.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type CompletePasswordChangeForm = z.infer<typeof completePasswordChangeFormSchema>;

/** What the rest of sign-in answers once the temporary password is replaced. */
export const completePasswordChangeResponseSchema = z.union([
  twoFactorChallengeResponseSchema,
  twoFactorSetupRequiredResponseSchema,
]);
export type CompletePasswordChangeResponse = z.infer<typeof completePasswordChangeResponseSchema>;

export const ownAccountMessages = {
  currentPasswordRequired: 'Current password is required',
  wrongPasswordOrCode: 'The current password or the code is not right',
  samePassword: 'Choose a password different from the current one',
  passwordChanged: 'Password changed. Sign in again with your new password.',
  codesRegenerated: 'New backup codes are ready. The old ones no longer work.',
} as const;

/** POST /api/auth/change-password: one's own password, with a fresh code from the authenticator. */
export const changePasswordBodySchema = z
  .object({
    currentPassword: requiredString(ownAccountMessages.currentPasswordRequired),
    newPassword: passwordSchema,
    code: requiredString(authMessages.codeRequired).regex(authenticatorOrBackupCode, {
      error: authMessages.invalidCode,
    }),
  })
  .refine((body) => body.newPassword !== body.currentPassword, {
    error: ownAccountMessages.samePassword,
    path: ['newPassword'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** GET /api/auth/backup-codes: how many unused codes are left (the codes themselves are hashed). */
export const backupCodesStatusResponseSchema = successResponse({
  remaining: z.number().int(),
  total: z.number().int(),
});
export type BackupCodesStatusResponse = z.infer<typeof backupCodesStatusResponseSchema>;

/** POST /api/auth/backup-codes: a fresh set, shown once, after a code from the authenticator. */
export const regenerateBackupCodesBodySchema = z.object({
  code: requiredString(authMessages.codeRequired).regex(/^\d{6}$/, {
    error: authMessages.invalidCode,
  }),
});
export type RegenerateBackupCodesBody = z.infer<typeof regenerateBackupCodesBodySchema>;

export const regenerateBackupCodesResponseSchema = successResponse({
  message: z.string(),
  backupCodes: z.array(z.string()),
});
export type RegenerateBackupCodesResponse = z.infer<typeof regenerateBackupCodesResponseSchema>;
