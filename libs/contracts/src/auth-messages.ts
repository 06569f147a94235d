// Plain strings apart from the schemas: a screen that only shows a message does not load zod.
import { passwordMinLength } from './limits';

/** Sign-in, setup and recovery messages (spec 1 section 5). */
export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  codeRequired: 'Please enter the 2FA code',
  invalidCode: 'Invalid 2FA code. Please try again.',
  invalidSetupCode: 'Please enter a valid 6-digit code from your authenticator app',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${passwordMinLength.account} characters long`,
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsDigit: 'Password must contain at least one number',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  emergencyTokenRequired: 'Emergency token is required',
  resetTokenRequired: 'Reset token is required',
  resetRequested: 'Password reset instructions have been sent to your email if the account exists.',
} as const;
