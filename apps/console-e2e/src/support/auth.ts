import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { artifactsDir } from './paths';

const totpPeriodSeconds = 30;

/** The first administrator as a journey created it, with what it needs to sign in again. */
export interface SuperadminAccount {
  name: string;
  email: string;
  password: string;
  /** The manual-entry key shown at setup (base32 TOTP secret). */
  secret: string;
  /** Single-use 8-digit backup codes shown at setup; a journey that uses one should remove it. */
  backupCodes: string[];
  /** The last TOTP time step sent; the server accepts each step once only. */
  lastTotpStep: number;
}

// Journey files run one after another in separate workers, so the TOTP steps already spent
// must outlive a file: they are kept in a file.
const sharedStateDir = join(artifactsDir, 'e2e-accounts');
const spentStepsFile = join(sharedStateDir, 'spent-totp-steps.json');

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

async function writeJson(path: string, value: unknown): Promise<void> {
  await mkdir(sharedStateDir, { recursive: true });
  await writeFile(path, JSON.stringify(value, null, 2));
}

function currentTotpStep(): number {
  return Math.floor(Date.now() / 1000 / totpPeriodSeconds);
}

/**
 * The authenticator code for the earliest time step not used yet, as an app would show it. The
 * server accepts one step either side of now, so two sign-ins within one 30 s step need no wait;
 * a third waits for the clock. Steps spent by earlier journey files count too.
 */
export async function nextTotpCode(account: SuperadminAccount): Promise<string> {
  const spentSteps = (await readJson<Record<string, number>>(spentStepsFile)) ?? {};
  const lastStep = Math.max(account.lastTotpStep, spentSteps[account.secret] ?? 0);
  const step = Math.max(currentTotpStep(), lastStep + 1);
  const usableFromMs = (step - 1) * totpPeriodSeconds * 1000;
  if (usableFromMs > Date.now()) {
    await new Promise((resolve) => setTimeout(resolve, usableFromMs - Date.now() + 500));
  }
  account.lastTotpStep = step;
  await writeJson(spentStepsFile, { ...spentSteps, [account.secret]: step });
  return generate({ secret: account.secret, epoch: step * totpPeriodSeconds });
}

/**
 * Creates the first superadmin through /register: fills the account form, reads the manual-entry
 * key and backup codes, computes the first TOTP code, completes setup and continues to the
 * dashboard, where `page` is left signed in.
 */
export async function registerSuperadmin(page: Page, baseUrl: string): Promise<SuperadminAccount> {
  const account: SuperadminAccount = {
    name: 'Aisha Rahman',
    email: `admin-${randomBytes(4).toString('hex')}@example.com`,
    password: `Patrol-${randomBytes(4).toString('hex')}-Secret1`,
    secret: '',
    backupCodes: [],
    lastTotpStep: 0,
  };
  await page.goto(new URL('/register', baseUrl).href);
  await page.getByRole('heading', { name: 'First-Time Setup' }).waitFor();
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Administrator' }).click();

  const manualKey = page.getByTestId('manual-entry-key');
  await manualKey.waitFor();
  // Shown in groups of four for reading; the key itself has no spaces.
  account.secret = (await manualKey.innerText()).replace(/\s+/g, '');
  account.backupCodes = (
    await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()
  ).map((code) => code.trim());

  await page.getByLabel('Verification Code').fill(await nextTotpCode(account));
  await page.getByRole('button', { name: 'Verify & Complete Setup' }).click();
  await page.getByRole('heading', { name: 'Setup Complete' }).waitFor();
  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await waitForDashboard(page);
  return account;
}

/**
 * Signs in through /login with the account's password and `code`, by default the next
 * authenticator code; ends on the dashboard.
 */
export async function signIn(
  page: Page,
  baseUrl: string,
  account: SuperadminAccount,
  code?: string,
): Promise<void> {
  await submitCredentials(page, baseUrl, account);
  await page.getByLabel('Authentication Code').fill(code ?? (await nextTotpCode(account)));
  await page.getByRole('button', { name: 'Verify Code' }).click();
  await waitForDashboard(page);
}

/** Fills step 1 of /login and waits for the two-factor step. */
export async function submitCredentials(
  page: Page,
  baseUrl: string,
  account: Pick<SuperadminAccount, 'email' | 'password'>,
): Promise<void> {
  await page.goto(new URL('/login', baseUrl).href);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Two-Factor Authentication' }).waitFor();
}

/** Waits until the dashboard of a signed-in user is on screen. */
export async function waitForDashboard(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/');
  // By text, not role: a dialog the dashboard opens (an error, say) hides the page from the
  // accessibility tree without taking it off screen.
  await page.getByText('Overview of your patrol management system').waitFor();
}

/** Signs out with the sidebar's Sign Out button (closing any open dialog first); ends on /login. */
export async function signOut(page: Page): Promise<void> {
  if (await page.getByRole('dialog').isVisible()) await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}
