import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

// A 1x1 transparent PNG: the server checks a logo by its content, not its name.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const fiveMegabytes = 5 * 1024 * 1024;

describe('company settings', () => {
  test('saving the settings updates the footer tagline without a reload', async ({
    page,
    baseUrl,
  }) => {
    await signInAsStaff(page, baseUrl);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    await page.goto(new URL('/settings', baseUrl).href);
    const save = page.getByRole('button', { name: 'Save Settings' });
    await save.waitFor();
    expect(await save.isDisabled()).toBe(true);

    await page.getByLabel('Company Name').fill(`Journey ${suffix} Sdn Bhd`);
    await page.getByLabel('Registration Number', { exact: true }).fill(`reg-${suffix}`);
    await page.getByLabel('Footer Tagline').fill('Owned by {companyName} ({registrationNumber})');
    await page.getByRole('button', { name: 'Blue #2563EB' }).click();
    expect(await save.isEnabled()).toBe(true);

    // A marker on window survives only if the page is not reloaded.
    await page.evaluate(() => Object.assign(window, { journeyMarker: true }));
    await save.click();
    await page.getByText('Settings saved successfully').waitFor();

    const tagline = page
      .getByRole('contentinfo')
      .getByText(`Owned by Journey ${suffix} Sdn Bhd (REG-${suffix})`);
    await tagline.waitFor();
    expect(await tagline.evaluate((element) => getComputedStyle(element).color)).toBe(
      'rgb(37, 99, 235)',
    );
    expect(await page.evaluate(() => 'journeyMarker' in window)).toBe(true);
    expect(await save.isDisabled()).toBe(true);

    // The audit trail shows the change, field by field, and exports it.
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Audit Trail' })
      .click();
    await page.getByLabel('Entity').selectOption('settings');
    const change = page.getByRole('row', { name: new RegExp(`Journey ${suffix} Sdn Bhd`) }).first();
    await change.waitFor();
    expect(await change.innerText()).toContain('Company settings changed');
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readFile((await csv.path())!, 'utf8')).toContain(`Journey ${suffix} Sdn Bhd`);
  });

  test('uploads and deletes the logo, and refuses an over-size one', async ({ page, baseUrl }) => {
    await signInAsStaff(page, baseUrl);
    await page.goto(new URL('/settings', baseUrl).href);
    const fileInput = page.getByLabel('Logo file');
    await fileInput.waitFor({ state: 'attached' });

    const logoUploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/settings/logo')) {
        logoUploads.push(request.url());
      }
    });

    // Over 5 MB: refused in the browser with the spec's message, nothing sent.
    await fileInput.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([tinyPng, Buffer.alloc(fiveMegabytes)]),
    });
    await page.getByText('File size must be less than 5MB').waitFor();
    expect(logoUploads).toHaveLength(0);

    await fileInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await page.getByText('Logo uploaded successfully').waitFor();
    const logo = page.getByRole('img', { name: 'Company logo' });
    await logo.waitFor();
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1);
    expect(logoUploads).toHaveLength(1);

    await page.getByRole('button', { name: 'Delete Logo' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the company logo?' });
    await confirm.getByRole('button', { name: 'Delete Logo' }).click();
    await page.getByText('Logo deleted successfully').waitFor();
    await page.getByLabel('No logo uploaded').waitFor();
    expect(await logo.count()).toBe(0);
  });
});
