import {
  backupCodesStatusResponseSchema,
  changePasswordBodySchema,
  completePasswordChangeBodySchema,
  completePasswordChangeResponseSchema,
  regenerateBackupCodesBodySchema,
  regenerateBackupCodesResponseSchema,
  emergencyRecoveryExecuteBodySchema,
  emergencyRecoveryRequestBodySchema,
  emergencyRecoveryRequestResponseSchema,
  hasSuperadminResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  messageResponseSchema,
  refreshBodySchema,
  refreshResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  setPasswordBodySchema,
  setup2faBodySchema,
  setupResponseSchema,
  authSessionResponseSchema,
  validateResponseSchema,
  verify2faBodySchema,
} from '@patrol/contracts';
import type { Request, Response } from 'express';
import { isKnownDevice, rememberKnownDevice } from '../../security/known-device';
import { clientAddress, requestOrigin } from '../../http/request-origin';
import { bearerToken } from '../../http/authenticate';
import { defineRoute } from '../../http/route';
import { completePasswordChange } from './temporary-password.service';
import { changeOwnPassword, ownBackupCodes, regenerateOwnBackupCodes } from './own-account.service';
import {
  hasSuperadmin,
  registerFirstAdministrator,
  signIn,
  validateSession,
  verifySignInCode,
} from './auth.service';
import {
  executeEmergencyRecovery,
  requestEmergencyRecovery,
  requestPasswordReset,
  setPasswordWithToken,
} from './recovery.service';
import { endSession, rotateRefreshToken } from './session.service';
import { completeTwoFactorSetup } from './two-factor.service';

const tags = ['auth'];

/** A completed sign-in makes the browser a known device of the account (see signIn). */
function rememberDevice<Grant extends { user: { email: string } }>(
  ctx: { config: { jwtSecret: string } },
  req: Request,
  res: Response,
  grant: Grant,
): Grant {
  rememberKnownDevice(req, res, ctx.config.jwtSecret, grant.user.email);
  return grant;
}

/** Sign-in, first-run setup with two-factor, recovery and sessions (spec 1 section 7). */
export const authRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/auth/has-superadmin',
    summary: 'Whether first-run setup has created the system administrator',
    tags,
    access: 'public',
    response: hasSuperadminResponseSchema,
    handler: ({ ctx }) => hasSuperadmin(ctx),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/register',
    summary: 'Create the first account (superadmin) and start its two-factor setup',
    description: 'Answers 409 once a superadmin exists.',
    tags,
    access: 'public',
    body: registerBodySchema,
    response: setupResponseSchema,
    status: 201,
    handler: ({ ctx, body, req }) => registerFirstAdministrator(ctx, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/setup-2fa',
    summary: 'Verify the first authenticator code, turn two-factor on and start a session',
    tags,
    access: 'public',
    body: setup2faBodySchema,
    response: authSessionResponseSchema,
    handler: async ({ ctx, body, req, res }) =>
      rememberDevice(
        ctx,
        req,
        res,
        await completeTwoFactorSetup(ctx, body.setupToken, body.code, requestOrigin(req)),
      ),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/login',
    summary: 'Check email and password; answers a two-factor challenge or the setup data',
    description:
      'At most 5 tries per account and address in 15 minutes (then 429); after 30 failures in an hour from anywhere, the account answers 429 except to a browser that has signed in to it before (known-device cookie), until the hour ends or a password reset; and a limit per address.',
    tags,
    access: 'public',
    body: loginBodySchema,
    response: loginResponseSchema,
    handler: ({ ctx, body, req }) =>
      signIn(ctx, body, requestOrigin(req), isKnownDevice(req, ctx.config.jwtSecret, body.email)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/complete-password-change',
    summary: 'Replace a temporary password during sign-in; answers the two-factor step',
    description:
      'With the passwordChangeToken of a login that answered requiresPasswordChange (5 minutes, spent once the password is replaced). The new password follows the account rules and must differ from the temporary one (400). Then the answer is what login answers next: a two-factor challenge or its setup.',
    tags,
    access: 'public',
    body: completePasswordChangeBodySchema,
    response: completePasswordChangeResponseSchema,
    handler: ({ ctx, body, req }) => completePasswordChange(ctx, body, requestOrigin(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/verify-2fa',
    summary: 'Second sign-in step: a 6-digit authenticator code or an 8-digit backup code',
    tags,
    access: 'public',
    body: verify2faBodySchema,
    response: authSessionResponseSchema,
    handler: async ({ ctx, body, req, res }) =>
      rememberDevice(ctx, req, res, await verifySignInCode(ctx, body, requestOrigin(req))),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/refresh',
    summary: 'Rotate a refresh token; reuse of an old one revokes its whole family',
    tags,
    access: 'public',
    body: refreshBodySchema,
    response: refreshResponseSchema,
    handler: ({ ctx, body }) => rotateRefreshToken(ctx, body.refreshToken),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Sign out: revoke the refresh token family, or every session of the bearer',
    description:
      'Public so that signing out works with an expired access token; the refresh token in the body (or a valid bearer token) says what to revoke.',
    tags,
    access: 'public',
    body: logoutBodySchema,
    response: messageResponseSchema,
    handler: ({ ctx, body, req }) => {
      const token = bearerToken(req);
      const claims = token ? ctx.accessTokens.verify(token) : undefined;
      return endSession(ctx, {
        refreshToken: body.refreshToken,
        userId: claims?.userId,
        sessionId: claims?.sessionId,
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/auth/validate',
    summary: "The console's session check: the signed-in user",
    tags,
    access: 'authenticated',
    response: validateResponseSchema,
    handler: ({ user }) => validateSession(user),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/reset-password',
    summary: 'Mail a single-use password reset link (same answer whether the account exists)',
    tags,
    access: 'public',
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
    handler: ({ ctx, body, req }) => requestPasswordReset(ctx, body.email, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/set-password',
    summary: 'Set a new password with the token of a reset link',
    tags,
    access: 'public',
    body: setPasswordBodySchema,
    response: messageResponseSchema,
    handler: ({ ctx, body, req }) => setPasswordWithToken(ctx, body, requestOrigin(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/emergency-recovery-request',
    summary: 'Mail an administrator a token to recover a lost authenticator',
    description: 'Outside production the token is also returned as emergencyToken.',
    tags,
    access: 'public',
    body: emergencyRecoveryRequestBodySchema,
    response: emergencyRecoveryRequestResponseSchema,
    handler: ({ ctx, body, req }) => requestEmergencyRecovery(ctx, body.email, clientAddress(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/emergency-recovery-execute',
    summary: 'Set a new password and clear two-factor with an emergency recovery token',
    tags,
    access: 'public',
    body: emergencyRecoveryExecuteBodySchema,
    response: messageResponseSchema,
    handler: ({ ctx, body, req }) => executeEmergencyRecovery(ctx, body, requestOrigin(req)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/change-password',
    summary: "Change one's own password (current password and a fresh code)",
    description:
      'The code is from the authenticator (or a backup code). Every session ends, this one too: the console signs in again with the new password. 400 when the password or code is not right; 429 after 5 tries in 15 minutes; audited.',
    tags,
    access: 'authenticated',
    body: changePasswordBodySchema,
    response: messageResponseSchema,
    handler: ({ ctx, user, body }) => changeOwnPassword(ctx, user, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/auth/backup-codes',
    summary: "How many of one's backup codes are left",
    tags,
    access: 'authenticated',
    response: backupCodesStatusResponseSchema,
    handler: ({ ctx, user }) => ownBackupCodes(ctx, user),
  }),
  defineRoute({
    method: 'post',
    path: '/api/auth/backup-codes',
    summary:
      "Replace one's backup codes (after an authenticator code); the new ones are shown once",
    tags,
    access: 'authenticated',
    body: regenerateBackupCodesBodySchema,
    response: regenerateBackupCodesResponseSchema,
    handler: ({ ctx, user, body }) => regenerateOwnBackupCodes(ctx, user, body.code),
  }),
];
