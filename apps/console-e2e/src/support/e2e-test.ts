import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { Page } from 'playwright-core';
import { test as base, inject } from 'vitest';
import { launchBrowser } from './browser';
import { artifactsDir } from './paths';

/**
 * The journeys' `test`: one browser per file, and per test a fresh context (so no storage
 * leaks between tests) with a 1280x800 page that asks for reduced motion. A failed test leaves
 * a screenshot in apps/console-e2e/artifacts/. An uncaught exception in the page fails the test.
 */
export const test = base
  .extend('baseUrl', { scope: 'file' }, () => inject('baseUrl'))
  // Vitest reads a fixture's dependencies from the destructuring pattern; this one has none.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'file' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  .extend('page', async ({ browser, baseUrl, task }, { onCleanup }): Promise<Page> => {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 800 },
      // No animation to wait out before a click, and no spinner repainting on a busy machine
      // (apps/console/src/index.css honours the setting).
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    onCleanup(async () => {
      if (task.result?.state === 'fail' || pageErrors.length > 0) {
        await saveScreenshot(page, `${basename(task.file.name, '.e2e.test.ts')}--${task.name}`);
      }
      await context.close();
      if (pageErrors.length > 0) {
        throw new Error(`Uncaught exception in the page:\n${pageErrors.join('\n\n')}`);
      }
    });
    return page;
  });

async function saveScreenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  const fileName = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.png`;
  await page.screenshot({ path: join(artifactsDir, fileName), fullPage: true }).catch(() => {
    // The page may already be gone (crash, closed context); the test's own error says why.
  });
}
