import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, missingPaths, pathReferences } from './doc-paths';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the paths the docs name', () => {
  it('exist in the repository: every one in README.md and docs/*.md', () => {
    const docs = documents(root);
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/architecture.md');
    const missing = missingPaths(root, docs).map(
      (reference) => `${reference.doc}:${reference.line} ${reference.text}`,
    );
    expect(missing).toEqual([]);
  });
});

describe('pathReferences', () => {
  const topLevel = new Set(['apps', 'docs', 'tools', '.ci', 'README.md']);
  const found = (markdown: string) =>
    pathReferences(markdown, 'docs/guide.md', topLevel).map((reference) => reference.path);

  it('reads code spans rooted in the repository and relative links', () => {
    expect(
      found(
        'Start at `apps/api/src/main.ts` and `.ci/run`; see [the API](../apps/api/) and ' +
          '[security](security.md#secrets), [`the bench`](../tools/bench/README.md).',
      ),
    ).toEqual([
      'apps/api/',
      'docs/security.md',
      'tools/bench/README.md',
      'apps/api/src/main.ts',
      '.ci/run',
    ]);
  });

  it('holds a file named with a folder to the root, so a short path is caught', () => {
    expect(found('see `http/json-answer.ts`')).toEqual(['http/json-answer.ts']);
  });

  it('leaves URLs, routes, env vars, commands, MIME types and placeholders alone', () => {
    expect(
      found(
        [
          '<http://localhost:3000> [docs](https://example.com/x.md) [top](#setup) mail@x',
          '`GET /api/clients/{companyId}` `/metrics` `DATA_DIR/jwt-secret` `REDIS_URL`',
          '`npm run dev -w apps/api` `text/csv` `redis://127.0.0.1:6379` `@patrol/contracts`',
          '`apps/api/src/modules/{products,invoices}` `apps/*/src` `postgres://u@h/db`',
          '```sh',
          'cat apps/api/src/nothing-here.ts',
          '```',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('missingPaths', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'doc-paths-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('names a made-up path and a broken link, with their lines, and accepts real ones', () => {
    mkdirSync(join(scratch, 'docs'));
    mkdirSync(join(scratch, 'apps/api/src'), { recursive: true });
    writeFileSync(join(scratch, 'apps/api/src/main.ts'), '');
    writeFileSync(join(scratch, 'docs/real.md'), '# Real\n');
    writeFileSync(
      join(scratch, 'README.md'),
      [
        'Read `apps/api/src/main.ts` and [real](docs/real.md).',
        'Then `apps/api/src/no-such-file.ts`,',
        'and [this](docs/nowhere.md) and [that](../outside.md).',
      ].join('\n'),
    );
    const missing = missingPaths(scratch, documents(scratch)).map(
      (reference) => `${reference.doc}:${reference.line} ${reference.text}`,
    );
    expect(missing).toEqual([
      'README.md:2 apps/api/src/no-such-file.ts',
      'README.md:3 docs/nowhere.md',
      'README.md:3 ../outside.md',
    ]);
  });
});
