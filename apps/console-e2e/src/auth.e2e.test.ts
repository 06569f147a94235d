import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { createApiClient } from './support/api-client';
import {
  nextTotpCode,
  registerSuperadmin,
  signIn,
  signOut,
  submitCredentials,
  waitForDashboard,
  type SuperadminAccount,
} from './support/auth';
import { testOnOwnServer } from './support/own-server';

// First-run setup needs a server without an administrator, and password reset needs real mail:
// this file runs its own server, whose mail goes to an SMTP sink.
const authTest = testOnOwnServer('auth-server.log');

const wrongCodeMessage = 'Invalid 2FA code. Please try again.';

async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return alert.innerText();
}

describe('sign-in with two-factor authentication', () => {
  // Journeys run in order and share the administrator the first one creates.
  let account: SuperadminAccount;

  authTest('a fresh server sends the visitor to /register', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL('**/register');
    await expect
      .poll(() => page.getByRole('heading', { name: 'First-Time Setup' }).isVisible())
      .toBe(true);
  });

  authTest(
    'creates the administrator with two-factor setup, lands on the dashboard and signs out',
    async ({ page, baseUrl }) => {
      account = await registerSuperadmin(page, baseUrl);
      expect(account.secret).toMatch(/^[A-Z2-7]{16,}$/);
      expect(account.backupCodes).toHaveLength(10);
      const stored = await page.evaluate(() => ({
        token: localStorage.getItem('token'),
        refreshToken: localStorage.getItem('refreshToken'),
        user: JSON.parse(localStorage.getItem('user') ?? 'null') as { role?: string } | null,
      }));
      expect(stored.token).toBeTruthy();
      expect(stored.user?.role).toBe('superadmin');

      await signOut(page);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // Sign Out revoked the session on the server, not only in the browser.
      const refresh = await createApiClient(baseUrl).post('/api/auth/refresh', {
        refreshToken: stored.refreshToken,
      });
      expect(refresh.status).toBe(401);
      await page.goto('/');
      await page.waitForURL('**/login');
    },
  );

  authTest('signs in with password and an authenticator code', async ({ page, baseUrl }) => {
    await signIn(page, baseUrl, account);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
  });

  authTest(`refuses a wrong code with '${wrongCodeMessage}'`, async ({ page, baseUrl }) => {
    await submitCredentials(page, baseUrl, account);
    const code = page.getByLabel('Authentication Code');
    await code.fill('000000');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    expect(await alertText(page)).toBe(wrongCodeMessage);

    await page.getByRole('button', { name: 'Back to Login' }).click();
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  authTest('accepts a backup code once only', async ({ page, baseUrl }) => {
    const backupCode = account.backupCodes.shift()!;
    await signIn(page, baseUrl, account, backupCode);
    await signOut(page);

    await submitCredentials(page, baseUrl, account);
    await page.getByLabel('Authentication Code').fill(backupCode);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    expect(await alertText(page)).toBe(wrongCodeMessage);
  });

  authTest('resets the password through the mailed link', async ({ page, baseUrl, ownServer }) => {
    const mailBefore = ownServer.mail.count();
    await page.goto('/recovery');
    await page.getByRole('button', { name: /^Reset Password/ }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page
      .getByText('Password reset instructions have been sent to your email if the account exists.')
      .waitFor();

    const mail = await ownServer.mail.waitForMail(account.email, mailBefore);
    const link = /https?:\/\/\S+\/recovery\?token=[\w%-]+/.exec(mail.text)?.[0];
    expect(link, 'reset link in the mail').toBeDefined();
    const { pathname, search } = new URL(link!);
    await page.goto(pathname + search);
    await page.getByRole('heading', { name: 'Set New Password' }).waitFor();

    const oldPassword = account.password;
    account.password = 'Renewed-Secret-42';
    await page.getByLabel('New Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm New Password').fill(account.password);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Redirecting to sign in...').waitFor();
    // Back to sign-in on its own after 3 s.
    await page.waitForURL('**/login', { timeout: 10_000 });

    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(oldPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    expect(await alertText(page)).toBe('Invalid email or password');

    await submitCredentials(page, baseUrl, account);
    await page.getByLabel('Authentication Code').fill(await nextTotpCode(account));
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await waitForDashboard(page);

    // The link works once.
    await signOut(page);
    await page.goto(pathname + search);
    await page.getByLabel('New Password', { exact: true }).fill('Another-Secret-43');
    await page.getByLabel('Confirm New Password').fill('Another-Secret-43');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    expect(await alertText(page)).toContain('already been used');
  });
});
