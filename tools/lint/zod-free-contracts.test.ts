import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Modules the console's sign-in page and signed-in shell import at once: neither they nor what
 * they import may import zod, or zod (a quarter of the dashboard's budget) loads before the
 * first screen (docs/performance.md, "What the console loads first").
 */
const zodFreeModules = ['auth-messages', 'common-messages', 'time-zone-name', 'app-info', 'limits'];

const source = join(dirname(fileURLToPath(import.meta.url)), '../../libs/contracts/src');

/** The module and every module it imports by a relative path, by name. */
function importGraph(module: string, seen = new Set<string>()): Set<string> {
  if (seen.has(module)) return seen;
  seen.add(module);
  const text = readFileSync(join(source, `${module}.ts`), 'utf8');
  for (const [, relative] of text.matchAll(/^(?:import|export)[^;]*?from '\.\/([^']+)'/gm)) {
    importGraph(relative!, seen);
  }
  return seen;
}

describe('zod-free contract modules', () => {
  it.each(zodFreeModules)('%s imports no zod, directly or through another module', (module) => {
    for (const each of importGraph(module)) {
      const text = readFileSync(join(source, `${each}.ts`), 'utf8');
      expect(text, each).not.toMatch(/from 'zod'/);
    }
  });
});
