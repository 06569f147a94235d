import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';
import { completeTwoFactorSetup, signInForFirstTime, type StaffAccount } from './support/users';

// The sales template (spec 2 section 6) allows these menu items and no others.
// The audit trail opens for sales too: it then shows only the clients', products' and quotations' changes.
const salesMenu = ['Dashboard', 'Clients', 'Licences', 'Billing', 'Audit Trail'];
const hiddenFromSales = [
  'User Management',
  'Settings',
  'Crash & Debug Reports',
  'Over The Air Update (OTA)',
  'System',
];

async function menuItems(page: Page): Promise<string[]> {
  // By CSS, not role: a dialog opened over the page (say, a dashboard notice) hides the sidebar
  // from the accessibility tree without changing what the menu holds.
  const links = page.locator('nav[aria-label="Main"] a');
  return (await links.allInnerTexts()).map((text) => text.trim());
}

/** A fresh sales account's details (unique per run); `secret` is filled in at its 2FA setup. */
function newSalesAccount(firstName: string): StaffAccount {
  const suffix = randomBytes(3).toString('hex');
  const handle = `${firstName.toLowerCase()}-${suffix}`;
  return {
    name: `${firstName} Sales ${suffix}`,
    username: handle,
    email: `${handle}@example.com`,
    password: `${firstName}-${suffix}-Pw1`,
    secret: '',
    backupCodes: [],
    lastTotpStep: 0,
  };
}

/** Signs in as the staff superadmin and creates the sales user from the users page. */
async function createSalesUserAsSuperadmin(page: Page, baseUrl: string, account: StaffAccount) {
  await signInAsStaff(page, baseUrl);
  await page.goto(new URL('/users', baseUrl).href);
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await createSalesUser(page, account);
  return page.getByRole('row', { name: new RegExp(account.name) });
}

async function createSalesUser(page: Page, account: StaffAccount): Promise<void> {
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  // The contract's messages show before anything is sent.
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await dialog.getByText('Password is required for new users').waitFor();

  await dialog.getByLabel('Full Name').fill(account.name);
  await dialog.getByLabel('Username').fill(account.username);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByLabel('Role').selectOption({ label: 'Sales Staff' });
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await page.getByText('User created successfully').waitFor();
  await dialog.waitFor({ state: 'detached' });
}

describe('user management', () => {
  test('a superadmin creates a sales user, who then sees only what the sales template allows', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const sales = newSalesAccount('Sam');
    const row = await createSalesUserAsSuperadmin(page, baseUrl, sales);
    await row.waitFor();
    expect(await row.innerText()).toContain('Sales Staff');
    expect(await row.innerText()).toContain('Active');
    expect(await row.innerText()).toContain('Never');

    // The new user holds exactly the sales template: 8 of the 32 permissions, none denied to them
    // explicitly.
    await row.getByRole('button', { name: `Actions for ${sales.name}` }).click();
    await page.getByRole('menuitem', { name: 'Manage Permissions' }).click();
    const permissions = page.getByRole('dialog', { name: 'Manage Permissions' });
    await permissions.getByRole('switch', { name: /View dashboard/ }).waitFor();
    const summary = permissions.getByLabel('Permission summary');
    expect(await summary.innerText()).toMatch(/Granted\s+8\s+Denied\s+0\s+Total Available\s+32/);
    expect(await permissions.getByRole('switch', { name: /Create quotations/ }).isChecked()).toBe(
      true,
    );
    expect(await permissions.getByRole('switch', { name: /View users/ }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');
    await permissions.waitFor({ state: 'detached' });

    // The sales user signs in in a browser of their own.
    const salesContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const salesPage = await salesContext.newPage();
      await signInForFirstTime(salesPage, baseUrl, sales);
      expect(await menuItems(salesPage)).toEqual(salesMenu);
      for (const hidden of hiddenFromSales)
        expect(await menuItems(salesPage)).not.toContain(hidden);

      for (const path of ['/users', '/settings']) {
        await salesPage.goto(new URL(path, baseUrl).href);
        await salesPage.getByRole('heading', { name: 'Access Denied' }).waitFor();
      }
      await salesPage.goto(new URL('/clients', baseUrl).href);
      await salesPage.getByRole('heading', { name: 'Client Management' }).waitFor();

      // The superadmin grants settings.view: the sales user's open menu follows, without a reload.
      await salesPage.evaluate(() => Object.assign(window, { journeyMarker: true }));
      await row.getByRole('button', { name: `Actions for ${sales.name}` }).click();
      await page.getByRole('menuitem', { name: 'Manage Permissions' }).click();
      await permissions.getByRole('switch', { name: /View settings/ }).click();
      await permissions.getByRole('button', { name: 'Save Permissions' }).click();
      await permissions.waitFor({ state: 'detached' });
      await expect.poll(() => menuItems(salesPage), { timeout: 10_000 }).toContain('Settings');
      expect(await salesPage.evaluate(() => 'journeyMarker' in window)).toBe(true);

      // Their own account: the backup codes left, from the account menu.
      await salesPage.getByRole('button', { name: 'My account' }).click();
      await salesPage.getByRole('menuitem', { name: 'Backup Codes' }).click();
      await salesPage
        .getByRole('dialog', { name: 'Backup Codes' })
        .getByText(/^\d+ of 10 backup codes left\.$/)
        .waitFor();
    } finally {
      await salesContext.close();
    }
  });

  test('a superadmin sets a temporary password, which the user replaces at sign-in', async ({
    page,
    browser,
    baseUrl,
  }) => {
    const guard = newSalesAccount('Tina');
    const row = await createSalesUserAsSuperadmin(page, baseUrl, guard);
    await row.getByRole('button', { name: `Actions for ${guard.name}` }).click();
    await page.getByRole('menuitem', { name: 'Set Temporary Password' }).click();
    const dialog = page.getByRole('dialog', { name: `Set Temporary Password for ${guard.name}?` });
    const temporary = `Handover-${randomBytes(3).toString('hex')}-9X`;
    await dialog.getByLabel('Temporary password').fill(temporary);
    await dialog.getByRole('button', { name: 'Set Temporary Password' }).click();
    await page.getByText(/^Temporary password set\./).waitFor();
    await row.getByText('Temporary password').waitFor();

    const guardContext = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    try {
      const guardPage = await guardContext.newPage();
      await guardPage.goto(new URL('/login', baseUrl).href);
      await guardPage.getByLabel('Email').fill(guard.email);
      await guardPage.getByLabel('Password', { exact: true }).fill(temporary);
      await guardPage.getByRole('button', { name: 'Sign In' }).click();
      await guardPage.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
      // The temporary password itself is refused as the new one, by the server.
      await guardPage.getByLabel('New Password', { exact: true }).fill(temporary);
      await guardPage.getByLabel('Confirm New Password').fill(temporary);
      await guardPage.getByRole('button', { name: 'Set New Password' }).click();
      await guardPage.getByText('Choose a password different from the temporary one').waitFor();

      guard.password = `Mine-${randomBytes(3).toString('hex')}-42Z`;
      await guardPage.getByLabel('New Password', { exact: true }).fill(guard.password);
      await guardPage.getByLabel('Confirm New Password').fill(guard.password);
      await guardPage.getByRole('button', { name: 'Set New Password' }).click();
      // A new account has no two-factor yet: its setup follows, then the dashboard.
      await completeTwoFactorSetup(guardPage, guard);
    } finally {
      await guardContext.close();
    }
    await page.reload();
    await page.getByRole('row', { name: new RegExp(guard.name) }).waitFor();
    expect(await page.getByRole('row', { name: new RegExp(guard.name) }).innerText()).not.toContain(
      'Temporary password',
    );
  });
});
