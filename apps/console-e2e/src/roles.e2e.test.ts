import { randomBytes } from 'node:crypto';
import type { ClientResponse } from '@patrol/contracts';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { seriousViolations } from './support/axe';
import { createInvoiceViaApi } from './support/billing';
import { test } from './support/e2e-test';
import { signInAsStaff } from './support/staff-session';

/** The two desktop sizes at which no page may scroll sideways (issue 29). */
const viewports = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** A walk visits every page of a role's menu: longer than one journey's default minute. */
const walkTimeoutMs = 150_000;

/** Buttons that open a form (and the reads it makes) without changing anything yet. */
const opensForm = /^(Add|Create|New|Upload)\b/;

/** What one role met on its walk, each keyed by the page (and tab) where it was met. */
interface Walk {
  /** Every answer 403 the console received: a shown action or screen the API refuses. */
  forbidden: string[];
  /** axe-core's serious and critical violations. */
  violations: Record<string, string[]>;
  /** Elements wider than their box (sideways scrolling), per viewport. */
  overflowing: Record<string, string[]>;
}

/**
 * The elements of the page that scroll sideways: the document itself, or any element inside the
 * main content whose content is wider than its box while it may scroll.
 */
function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const name = (element: Element) =>
      [
        element.tagName.toLowerCase(),
        element.getAttribute('aria-label') ?? element.getAttribute('data-slot') ?? '',
      ]
        .filter(Boolean)
        .join(' ');
    const wide: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      wide.push(`document ${root.scrollWidth} > ${root.clientWidth}`);
    }
    for (const element of Array.from(document.querySelectorAll('main *'))) {
      const { overflowX } = getComputedStyle(element);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        wide.push(`${name(element)} ${element.scrollWidth} > ${element.clientWidth}`);
      }
    }
    return wide;
  });
}

async function settle(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

/** What a walk checks on each page besides the 403s. */
interface Checks {
  /** axe-core: serious and critical violations. */
  axe: boolean;
  /** Both desktop sizes, else only the current 1280x800. */
  bothSizes: boolean;
  /** Open each form the page offers. */
  forms: boolean;
}

/** Measures the page (ending at 1280x800), runs axe and opens its forms, as `checks` say. */
async function check(page: Page, where: string, walk: Walk, checks: Checks): Promise<void> {
  for (const viewport of checks.bothSizes ? viewports : viewports.slice(0, 1)) {
    if (checks.bothSizes) await page.setViewportSize(viewport);
    const wide = await sidewaysScrollers(page);
    if (wide.length > 0) walk.overflowing[`${where} at ${viewport.width}`] = wide;
  }
  if (checks.bothSizes) await page.setViewportSize(viewports[0]);
  if (checks.axe) {
    const violations = await seriousViolations(page);
    if (violations.length > 0) walk.violations[where] = violations;
  }
  if (checks.forms) await openForms(page);
}

/** Opens each form the page offers, lets its reads settle, and closes it again. */
async function openForms(page: Page): Promise<void> {
  const buttons = page.getByRole('main').getByRole('button', { name: opensForm });
  const count = await buttons.count();
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
    await button.click();
    await page.waitForLoadState('networkidle');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  }
}

/** Records every answer 403 the page receives from now on. */
function recordForbidden(page: Page): Walk {
  const walk: Walk = { forbidden: [], violations: {}, overflowing: {} };
  page.on('response', (response) => {
    if (response.status() !== 403) return;
    const { pathname } = new URL(response.url());
    walk.forbidden.push(`${response.request().method()} ${pathname} on ${page.url()}`);
  });
  return walk;
}

/** Walks every page and billing tab the signed-in user's menu offers, checking each. */
async function walkMenu(page: Page, walk: Walk, checks: Checks): Promise<Walk> {
  const paths = await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  expect(paths.length).toBeGreaterThan(0);

  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    await check(page, path, walk, checks);
    if (path !== '/billing') continue;
    const tabs = await page.getByRole('tab').allInnerTexts();
    for (const tab of tabs.slice(1)) {
      await page.getByRole('tab', { name: tab, exact: true }).click();
      await page.waitForLoadState('networkidle');
      await check(page, `${path} ${tab}`, walk, checks);
    }
  }
  return walk;
}

describe('each role walks the console (issue 29)', () => {
  // First, as the superadmin: rows for the lists (a client, licences, an invoice), and the widest
  // tables, with every action column shown.
  test(
    'the superadmin: axe finds nothing serious, no page scrolls sideways at 1280 or 1440, nothing answers 403',
    async ({ page, baseUrl }) => {
      const walk = recordForbidden(page);
      const { api } = await signInAsStaff(page, baseUrl);
      const suffix = randomBytes(3).toString('hex').toUpperCase();
      const client = await api.post<ClientResponse>('/api/clients', {
        companyId: `ROLE-${suffix}`,
        companyName: `Roles Walk ${suffix} Sdn Bhd`,
        contactPerson: 'Nur Aina',
        email: `roles-${suffix.toLowerCase()}@example.com`,
        phone: '+60 12-345 6789',
        address: 'Menara Patrol, Kuala Lumpur',
      });
      expect(client.status).toBe(201);
      const licences = await api.post(`/api/clients/ROLE-${suffix}/licences`, {
        count: 2,
        licenseType: 'Standard',
        validityPeriodDays: 30,
      });
      expect(licences.status).toBe(201);
      await createInvoiceViaApi(api, client.body.client.id, 250);

      // It sees every page and column: the widths at both sizes are measured on its walk, and
      // axe scans every page and billing tab it is shown.
      await walkMenu(page, walk, { axe: true, bothSizes: true, forms: false });
      expect(walk).toEqual({ forbidden: [], violations: {}, overflowing: {} });
    },
    walkTimeoutMs,
  );

  for (const role of ['sales', 'support', 'accounts'] as const) {
    test(
      `${role}: every page and form it is shown answers, axe finds nothing serious, no sideways scrolling`,
      async ({ page, baseUrl }) => {
        const walk = recordForbidden(page);
        await signInAsStaff(page, baseUrl, { role });
        await walkMenu(page, walk, { axe: true, bothSizes: false, forms: true });
        expect(walk).toEqual({ forbidden: [], violations: {}, overflowing: {} });
      },
      walkTimeoutMs,
    );
  }
});
