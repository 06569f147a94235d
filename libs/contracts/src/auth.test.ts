import { describe, expect, it } from 'vitest';
import {
  emergencyRecoveryExecuteBodySchema,
  emergencyRecoveryRequestBodySchema,
  hasSuperadminResponseSchema,
  loginBodySchema,
  loginResponseSchema,
  passwordSchema,
  registerBodySchema,
  registerFormSchema,
  resetPasswordBodySchema,
  setPasswordFormSchema,
  setup2faBodySchema,
  setupResponseSchema,
  verify2faBodySchema,
} from './auth';
import { exampleId, fieldCases, messagesAt } from './test-support';

const sessionUser = {
  id: exampleId,
  username: 'admin',
  email: 'admin@example.com',
  fullName: 'System Administrator',
  role: 'superadmin',
  status: 'active',
  permissions: [],
  customPermissions: { granted: [], denied: [] },
};
const setup = {
  message: 'Scan the QR code',
  setupToken: 'setup-token',
  qrCodeDataURL: 'data:image/png;base64,AAAA',
  twoFASecret: 'JBSWY3DPEHPK3PXP',
  backupCodes: ['12345678'],
};

describe('auth contracts', () => {
  it('accepts the three login answers: session, challenge and required setup', () => {
    const answers = [
      {
        success: true,
        requires2FA: false,
        requiresTwoFactor: false,
        token: 't',
        refreshToken: 'r',
        user: sessionUser,
      },
      { success: true, requires2FA: true, requiresTwoFactor: true, tempToken: 'temp' },
      {
        success: true,
        requires2FA: false,
        requiresTwoFactor: false,
        requires2FASetup: true,
        ...setup,
      },
    ];
    for (const answer of answers) expect(loginResponseSchema.safeParse(answer).success).toBe(true);
    expect(setupResponseSchema.safeParse({ success: true, ...setup }).success).toBe(true);
    expect(hasSuperadminResponseSchema.parse({ success: true, exists: false }).exists).toBe(false);
  });

  it.each([
    ['', 'Password is required'],
    ['Ab1', 'Password must be at least 8 characters long'],
    ['ABCDEFG1', 'Password must contain at least one lowercase letter'],
    ['abcdefg1', 'Password must contain at least one uppercase letter'],
    ['Abcdefgh', 'Password must contain at least one number'],
  ])('password %j gives "%s"', (password, message) => {
    expect(messagesAt(passwordSchema, password, '')).toEqual([message]);
  });

  it.each(
    fieldCases({ email: 'a@b.co', password: 'x' }, [
      ['email', undefined, 'Please fill in all fields'],
      ['password', '', 'Please fill in all fields'],
    ]),
  )('login: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(loginBodySchema, input, path)).toEqual([message]);
  });

  it.each(
    fieldCases({ tempToken: 'temp', code: '123456' }, [
      ['code', undefined, 'Please enter the 2FA code'],
      ['code', ' ', 'Please enter the 2FA code'],
      ['code', '1234567', 'Invalid 2FA code. Please try again.'],
    ]),
  )('verify-2fa: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(verify2faBodySchema, input, path)).toEqual([message]);
  });

  it('takes an 8-digit backup code at sign-in but only a 6-digit code at setup', () => {
    expect(verify2faBodySchema.safeParse({ tempToken: 't', code: '12345678' }).success).toBe(true);
    expect(messagesAt(setup2faBodySchema, { setupToken: 's', code: '12345678' }, 'code')).toEqual([
      'Please enter a valid 6-digit code from your authenticator app',
    ]);
  });

  const register = { name: 'Admin', email: 'admin@example.com', password: 'Secret123' };
  it.each(
    fieldCases(register, [
      ['name', '  ', 'Name is required'],
      ['email', undefined, 'Email is required'],
      ['email', 'admin', 'Please enter a valid email address'],
      ['password', undefined, 'Password is required'],
    ]),
  )('register: $message for $name', ({ input, path, message }) => {
    expect(messagesAt(registerBodySchema, input, path)).toEqual([message]);
  });

  it.each([
    [registerFormSchema, { ...register, confirmPassword: '' }, 'Please confirm your password'],
    [registerFormSchema, { ...register, confirmPassword: 'Other123' }, 'Passwords do not match'],
    [
      setPasswordFormSchema,
      { token: 't', password: 'Secret123', confirmPassword: 'x' },
      'Passwords do not match',
    ],
  ] as const)('confirmation: %#', (schema, input, message) => {
    expect(messagesAt(schema, input, 'confirmPassword')).toEqual([message]);
  });

  it('requires the recovery email and emergency token', () => {
    expect(messagesAt(resetPasswordBodySchema, {}, 'email')).toEqual(['Email is required']);
    expect(messagesAt(emergencyRecoveryRequestBodySchema, { email: '' }, 'email')).toEqual([
      'Email is required',
    ]);
    const execute = { token: ' ', newPassword: 'Secret123' };
    expect(messagesAt(emergencyRecoveryExecuteBodySchema, execute, 'token')).toEqual([
      'Emergency token is required',
    ]);
  });
});
