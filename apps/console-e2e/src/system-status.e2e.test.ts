import { readFile } from 'node:fs/promises';
import { systemReportFileName, type SystemReport } from '@patrol/contracts';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

// systemMetrics arrives every 5 s; allow a few ticks.
const liveUpdateTimeout = { timeout: 20_000, interval: 250 };

/** The business day (Kuala Lumpur) of an instant, as YYYY-MM-DD: the day the server names files by. */
function businessDay(instant: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(
    new Date(instant),
  );
}

/** The figure beside `label` in the named panel, as a number. */
async function figure(page: Page, panel: string, label: string): Promise<number> {
  const text = await page
    .getByRole('group', { name: panel })
    .locator('dt', { hasText: label })
    .locator('+ dd')
    .innerText();
  return Number(text.replace(/[^\d.]/g, ''));
}

/** How many samples the named trend chart holds. */
async function samples(page: Page, chart: string): Promise<number> {
  const text = await page
    .getByRole('figure', { name: `${chart} trend` })
    .getByTestId('chart-latest')
    .innerText();
  return Number(/(\d+) samples?/.exec(text)?.[1] ?? 0);
}

describe('system status', () => {
  test('shows live figures that move with the load without a reload, and exports a report', async ({
    page,
    baseUrl,
  }) => {
    const session = await signInAsStaff(page, baseUrl);
    await page.goto(new URL('/system-status', baseUrl).href);
    await page.getByRole('heading', { name: 'System', exact: true }).waitFor();
    await page
      .getByRole('group', { name: 'Performance Metrics' })
      .getByText('Requests per minute')
      .waitFor();
    await page.getByRole('img', { name: /Health score \d+ of 100/ }).waitFor();
    await page.getByRole('table', { name: 'API processes' }).getByText('This process').waitFor();
    // Marks this page load; a reload would lose it.
    await page.evaluate(() => {
      (window as unknown as { systemJourney: boolean }).systemJourney = true;
    });

    const before = await figure(page, 'Performance Metrics', 'Requests per minute');
    const samplesBefore = await samples(page, 'Requests');
    const load = 60;
    for (let batch = 0; batch < load / 10; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => session.api.get('/api/auth/validate')),
      );
      expect(answers.every((answer) => answer.status === 200)).toBe(true);
    }

    // The figure covers the last 60 s: other journeys' requests may leave the window meanwhile, but
    // these stay in it for the next minute.
    await expect
      .poll(async () => {
        const now = await figure(page, 'Performance Metrics', 'Requests per minute');
        return now >= load && now !== before;
      }, liveUpdateTimeout)
      .toBe(true);
    await expect
      .poll(() => samples(page, 'Requests'), liveUpdateTimeout)
      .toBeGreaterThan(samplesBefore);
    expect(
      await page.evaluate(() => (window as unknown as { systemJourney?: boolean }).systemJourney),
    ).toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Report' }).click(),
    ]);
    const report = JSON.parse(await readFile(await download.path(), 'utf8')) as SystemReport;
    // Named by the business day of the sample, as the server names it.
    expect(download.suggestedFilename()).toBe(
      systemReportFileName(businessDay(report.generatedAt)),
    );
    expect(download.suggestedFilename()).toMatch(/^system-report-\d{4}-\d{2}-\d{2}\.json$/);
    expect(report.metrics.requestsPerMinute).toBeGreaterThanOrEqual(load);
    expect(report.health.score).toBeGreaterThanOrEqual(0);
    expect(report.cluster.workers.length).toBeGreaterThanOrEqual(1);
    await page.getByText('System report downloaded').waitFor();
  });
});
