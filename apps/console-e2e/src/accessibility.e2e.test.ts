import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { seriousViolations } from './support/axe';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

async function waitForHeading(page: Page, name: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  // Let the page's first queries settle, so axe sees the content rather than the skeletons.
  await page.waitForLoadState('networkidle');
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  // First, so the server has its administrator: the sign-in page is only shown once it has.
  // The menu's pages and billing tabs are scanned on the superadmin's walk (roles.e2e.test.ts);
  // these are the pages reached from them, and a dialog.
  test('the pages past the menu signed in as the superadmin: a new client, a client, a dialog', async ({
    page,
    baseUrl,
  }) => {
    const { api } = await signInAsStaff(page, baseUrl);
    // A client with licences, so lists show rows, badges and figures rather than empty states.
    const companyId = `A11Y-${randomBytes(3).toString('hex').toUpperCase()}`;
    const companyName = `Accessibility ${companyId} Sdn Bhd`;
    expect(
      (
        await api.post('/api/clients', {
          companyId,
          companyName,
          contactPerson: 'Nur Aina',
          email: `ops-${companyId.toLowerCase()}@example.com`,
          phone: '+60 12-345 6789',
          address: 'Menara Patrol, Kuala Lumpur',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await api.post(`/api/clients/${companyId}/licences`, {
          count: 2,
          licenseType: 'Standard',
          validityPeriodDays: 30,
        })
      ).status,
    ).toBe(201);

    const found: Record<string, string[]> = {};
    const pages = [
      { path: '/clients/add', heading: 'Add New Client' },
      { path: `/clients/${companyId}`, heading: companyName },
    ];
    for (const { path, heading } of pages) {
      await page.goto(path);
      await waitForHeading(page, heading);
      const violations = await seriousViolations(page);
      if (violations.length > 0) found[path] = violations;
    }
    // A dialog open over a page.
    await page.goto('/users');
    await waitForHeading(page, 'User Management');
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('dialog', { name: 'Add User' }).waitFor();
    const dialogViolations = await seriousViolations(page);
    if (dialogViolations.length > 0) found['/users (Add User dialog)'] = dialogViolations;
    expect(found).toEqual({});
  });

  test('the sign-in page, which focuses the email field', async ({ page }) => {
    await page.goto('/login');
    await waitForHeading(page, 'Welcome Back');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('type')))
      .toBe('email');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the privacy policy page', async ({ page }) => {
    await page.goto('/privacy-policy');
    await waitForHeading(page, 'Privacy Policy');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the skip link is the first stop of the keyboard and leads to the main content', async ({
    page,
    baseUrl,
  }) => {
    await signInAsStaff(page, baseUrl);
    await page.keyboard.press('Tab');
    const skipLink = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skipLink.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  test("focus returns to a row's actions button when the dialog its menu opened closes", async ({
    page,
    baseUrl,
  }) => {
    const { user } = await signInAsStaff(page, baseUrl);
    await page.goto('/users');
    await waitForHeading(page, 'User Management');
    // Other journeys add users to the shared server: find this one rather than hope for page 1.
    await page.getByPlaceholder('Search by name, username or email').fill(user.fullName);
    const actions = page.getByRole('button', { name: `Actions for ${user.fullName}` });
    await actions.click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit User' }).waitFor();
    await page.keyboard.press('Escape');
    await expect
      .poll(() => actions.evaluate((button) => button === document.activeElement))
      .toBe(true);
  });
});
