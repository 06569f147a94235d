import { appInfo, errorEnvelopeSchema } from '@patrol/contracts';
import { describe, expect } from 'vitest';
import { createApiClient } from './support/api-client';
import { testOnOwnServer } from './support/own-server';
import { signInAsStaff } from './support/staff-session';

// The shell is seen before and after the first administrator exists, so this file runs its own
// server and its journeys in order: fresh server, the first sign-in, then signed out.
const test = testOnOwnServer('shell-server.log');

const privacyPolicySections = [
  'Introduction',
  'Information We Collect',
  'How We Use',
  'Data Security',
  'Sharing',
  'Retention',
  'Your Rights',
  'Cookies',
  'International Transfers',
  'Changes',
  'Contact',
];

describe('one server for API and console', () => {
  test('answers /health and /ready', async ({ baseUrl }) => {
    const api = createApiClient(baseUrl);
    const health = await api.get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ status: 'ok' });
    expect((await api.get('/ready')).status).toBe(200);
  });

  test('answers an unknown /api route with the error envelope, not the console page', async ({
    baseUrl,
  }) => {
    const response = await createApiClient(baseUrl).get('/api/no-such-route');
    expect(response.status).toBe(404);
    expect(errorEnvelopeSchema.parse(response.body).error).toBe('NOT_FOUND');
  });
});

describe('application shell on a fresh server (no administrator yet)', () => {
  test('shows the loading screen, then sends the visitor to /register to create the administrator', async ({
    page,
  }) => {
    // Hold the setup check so the loading screen is observed, not raced.
    let releaseSetupCheck = () => {};
    const setupCheckHeld = new Promise<void>((resolve) => (releaseSetupCheck = resolve));
    await page.route('**/api/auth/has-superadmin', async (route) => {
      await setupCheckHeld;
      await route.continue();
    });

    await page.goto('/');
    await expect
      .poll(() => page.getByText('Initializing dashboard system...').isVisible())
      .toBe(true);
    releaseSetupCheck();

    await page.waitForURL('**/register');
    await expect
      .poll(() => page.getByRole('heading', { name: 'First-Time Setup' }).isVisible())
      .toBe(true);
  });

  test('sends an unknown path through / to /register', async ({ page }) => {
    await page.goto('/no-such-page');
    await page.waitForURL('**/register');
  });

  test('holds the privacy policy behind the setup check too', async ({ page }) => {
    await page.goto('/privacy-policy');
    await page.waitForURL('**/register');
  });
});

describe('application shell for a signed-in user', () => {
  test('renders sidebar, header and footer, and opens the version dialog', async ({
    page,
    baseUrl,
  }) => {
    // The first sign-in creates the server's administrator, which the journeys below rely on.
    await signInAsStaff(page, baseUrl);

    const sidebar = page.getByRole('navigation');
    for (const item of [
      'Dashboard',
      'Clients',
      'Licences',
      'Billing',
      'User Management',
      'Settings',
    ]) {
      expect(await sidebar.getByRole('link', { name: item }).isVisible(), item).toBe(true);
    }
    expect(await page.getByText('Overview of your patrol management system').isVisible()).toBe(
      true,
    );
    // The footer appears once the company settings have loaded.
    await expect
      .poll(() => page.getByRole('link', { name: 'Privacy Policy' }).isVisible())
      .toBe(true);

    await page.getByText(appInfo.version).first().click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const text of [
      'Version',
      'Build',
      appInfo.build,
      'Released',
      'June 19, 2025',
      'Commit',
      'Web Dashboard',
      'React SPA',
    ]) {
      expect(await dialog.getByText(text, { exact: true }).count(), text).toBeGreaterThan(0);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });
});

describe('application shell once an administrator exists, signed out', () => {
  test('redirects an unknown path to /, which asks a signed-out visitor to sign in', async ({
    page,
  }) => {
    await page.goto('/no-such-page');
    await page.waitForURL('**/login');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome Back' }).isVisible())
      .toBe(true);
  });

  test('shows the privacy policy with all its sections', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).isVisible())
      .toBe(true);
    for (const section of privacyPolicySections) {
      expect(await page.getByRole('heading', { name: section, level: 2 }).count(), section).toBe(1);
    }
    expect(new URL(page.url()).pathname).toBe('/privacy-policy');
  });
});
