import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveMigrationsFolder } from './migrate';

describe('resolveMigrationsFolder', () => {
  const distDir = mkdtempSync(join(tmpdir(), 'patrol-dist-'));
  afterAll(() => rmSync(distDir, { recursive: true, force: true }));

  it('finds src/db/migrations when running from source', () => {
    expect(resolveMigrationsFolder()).toMatch(/src[\\/]db[\\/]migrations$/);
  });

  it('finds dist/migrations next to the bundled dist/main.js', () => {
    const bundleUrl = pathToFileURL(join(distDir, 'main.js')).href;
    expect(() => resolveMigrationsFolder(bundleUrl)).toThrow(/migrations not found/);

    cpSync(resolveMigrationsFolder(), join(distDir, 'migrations'), { recursive: true });
    expect(resolveMigrationsFolder(bundleUrl)).toBe(join(distDir, 'migrations'));
  });
});
