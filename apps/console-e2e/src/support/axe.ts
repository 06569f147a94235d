import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// axe-core's browser bundle, injected into each page as a script.
const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/**
 * Rules of lower impact that the console keeps too: headings without skipped levels, and one
 * `main` landmark with one first-level heading on every page.
 */
const alsoEnforced = new Set(['heading-order', 'landmark-one-main', 'page-has-heading-one']);

/**
 * Violations known and not fixed yet, as `rule id` → why it stays. Any other serious or critical
 * violation fails the journey.
 */
const allowedViolations: Record<string, string> = {};

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core on the page as it is now; returns its serious and critical violations. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the console's CSP refuses inline script tags.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: unknown[] }> } })
      .axe;
    return (await axe.run()).violations;
  });
  return (violations as AxeViolation[])
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        alsoEnforced.has(violation.id),
    )
    .filter((violation) => !(violation.id in allowedViolations))
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}
