import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

describe('client directory', () => {
  test('adds a client through the form, finds it in the table and exports the CSV', async ({
    page,
    baseUrl,
  }) => {
    await signInAsStaff(page, baseUrl);
    const suffix = randomBytes(3).toString('hex').toUpperCase();
    const companyId = `CLI-${suffix}`;
    const companyName = `Client Journey ${suffix} Sdn Bhd`;

    await page.goto(new URL('/clients', baseUrl).href);
    await page.getByRole('heading', { name: 'Client Management' }).waitFor();
    await page.getByRole('link', { name: 'Add Client' }).first().click();
    await page.getByRole('heading', { name: 'Add New Client' }).waitFor();

    // The contract's messages show under the fields before anything is sent.
    await page.getByRole('button', { name: 'Add Client' }).click();
    await page.getByText('Company ID is required').waitFor();
    expect(await page.getByText('Email is required').isVisible()).toBe(true);

    await page.getByLabel('Company ID').fill(companyId);
    await page.getByLabel('Company Name').fill(companyName);
    await page.getByLabel('Contact Person').fill('Nur Aina');
    await page.getByLabel('Email').fill(`Ops-${suffix}@Example.com`);
    await page.getByLabel('Phone Number').fill('+60 12-345 6789');
    await page.getByLabel('Address').fill('Menara Patrol, Jalan Ampang, Kuala Lumpur');
    await page.getByRole('button', { name: 'Add Client' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /client/i })
      .first()
      .waitFor();

    // Back on the list 1.5 s later; the search is kept in the URL.
    await page.waitForURL((url) => url.pathname === '/clients');
    await page.getByLabel('Search clients').fill(suffix);
    await page.waitForURL((url) => url.searchParams.get('search') === suffix);
    const row = page.getByRole('row', { name: new RegExp(companyId) });
    await row.waitFor();
    expect(await row.innerText()).toContain(`ops-${suffix.toLowerCase()}@example.com`);
    expect(await row.innerText()).toContain('Active');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^clients_export_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toContain('companyId');
    expect(csv).toContain(companyId);
    await page.getByText('Clients exported successfully').waitFor();

    await row.click();
    await page.waitForURL((url) => url.pathname === `/clients/${companyId}`);
    await page.getByRole('heading', { name: companyName }).waitFor();
  });
});
