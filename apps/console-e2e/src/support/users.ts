import type { Page } from 'playwright-core';
import { nextTotpCode, waitForDashboard, type SuperadminAccount } from './auth';

/** A staff account created by a journey (`name` is its full name), with what it needs to sign in. */
export type StaffAccount = SuperadminAccount & { username: string };

/**
 * Signs a staff user in for the first time: email and password, then the two-factor setup every
 * account goes through on its first sign-in (the journey reads the manual-entry key and computes
 * the code, as an authenticator app would). Ends on the dashboard with `account.secret` filled in.
 */
export async function signInForFirstTime(
  page: Page,
  baseUrl: string,
  account: StaffAccount,
): Promise<void> {
  await page.goto(new URL('/login', baseUrl).href);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await completeTwoFactorSetup(page, account);
}

/**
 * The two-factor setup of a first sign-in: reads the manual-entry key and computes the code, as
 * an authenticator app would; ends on the dashboard with `account.secret` filled in.
 */
export async function completeTwoFactorSetup(page: Page, account: StaffAccount): Promise<void> {
  await page.getByRole('heading', { name: 'Set Up Two-Factor Authentication' }).waitFor();

  const manualKey = page.getByTestId('manual-entry-key');
  // The key may be shown in groups for reading; the secret itself has no blanks.
  account.secret = (await manualKey.innerText()).replace(/\s+/g, '');
  account.backupCodes = (
    await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()
  ).map((code) => code.trim());
  await page.getByLabel('Verification Code').fill(await nextTotpCode(account));
  await page.getByRole('button', { name: 'Verify & Complete Setup' }).click();
  await waitForDashboard(page);
}
