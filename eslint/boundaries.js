// Import boundaries, enforced from the folder layout alone so that they hold on a fresh clone
// (no Nx project graph needed). tools/lint/boundaries.test.ts proves each rule fires.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readModels, remainingCrossReads, tableOwners } from './table-owners.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The sub-folders of `dir` (relative to the repository root). */
function foldersOf(dir) {
  return readdirSync(`${root}/${dir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function restrict(files, patterns) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

const apiModules = foldersOf('apps/api/src/modules');
const consoleFeatures = foldersOf('apps/console/src/features');

/** Infrastructure of the API: it serves the modules and never reaches into one. */
const apiInfrastructure = [
  'buffers',
  'cache',
  'db',
  'events',
  'http',
  'mail',
  'observability',
  'openapi',
  'realtime',
  'redis',
  'security',
  'storage',
];

const moduleRule =
  'A module uses another module only through its *.service.ts (never its repo, presenter or routes).';

const tableRule =
  "A module reads and writes only its own tables: ask the owning module's *.service.ts " +
  '(eslint/table-owners.js names the owner).';

/** Tables of the schema that `name` may not import: every table it neither owns nor may read. */
function foreignTables(name) {
  const allowed = new Set([...(readModels[name] ?? []), ...(remainingCrossReads[name] ?? [])]);
  return Object.keys(tableOwners).filter(
    (table) => tableOwners[table] !== name && !allowed.has(table),
  );
}

/**
 * The rules of one module's files. Tests and their fixtures may read and seed any table: they
 * check what the database holds after a call. ESLint keeps only the last options given to a
 * rule for a file, so each config states both the module patterns and the table names.
 */
function moduleRules(name) {
  const folder = `apps/api/src/modules/${name}`;
  const testFiles = [`${folder}/**/*.test.ts`, `${folder}/**/*-test-fixture.ts`];
  const modulePatterns = {
    group: apiModules
      .filter((other) => other !== name)
      .flatMap((other) => [`../${other}/*`, `!../${other}/*.service`]),
    message: moduleRule,
  };
  const tablePatterns = {
    // Any depth ('../../db/schema', '../../../db/schema') and one schema file directly.
    group: ['**/db/schema', '**/db/schema/*'],
    importNames: foreignTables(name),
    message: tableRule,
  };
  return [
    { ...restrict([`${folder}/**/*.ts`], [modulePatterns, tablePatterns]), ignores: testFiles },
    restrict(testFiles, [modulePatterns]),
  ];
}

export const boundaries = [
  // Projects: apps -> domain -> contracts -> zod; the apps never import each other.
  restrict(
    ['libs/contracts/**/*.ts'],
    [{ group: ['@patrol/*', '**/apps/**', '**/libs/**'], message: 'Contracts import only zod.' }],
  ),
  restrict(
    ['libs/domain/**/*.ts'],
    [
      {
        group: ['@patrol/*', '!@patrol/contracts', '**/apps/**'],
        message: 'Domain rules import only the contracts.',
      },
    ],
  ),
  restrict(
    ['apps/console/**/*.{ts,tsx}', 'apps/console-e2e/**/*.ts'],
    [{ group: ['**/apps/api/**', '@patrol/api'], message: 'The console never imports the API.' }],
  ),
  restrict(
    ['apps/api/**/*.ts'],
    [
      {
        group: ['**/apps/console/**', '@patrol/console'],
        message: 'The API never imports the console.',
      },
    ],
  ),

  // API infrastructure knows nothing of modules.
  restrict(
    apiInfrastructure.map((folder) => `apps/api/src/${folder}/**/*.ts`),
    [
      {
        group: ['**/modules/**'],
        message:
          'Infrastructure never imports a module: take what you need through the app context (a port).',
      },
    ],
  ),
  // The composition root and entry points mount routes and call services, nothing deeper.
  restrict(
    ['apps/api/src/*.ts', 'apps/api/src/cli/**/*.ts'],
    [
      {
        group: ['**/modules/*/*', '!**/modules/*/*.routes', '!**/modules/*/*.service'],
        message: "Outside the modules, import only a module's *.routes.ts or *.service.ts.",
      },
    ],
  ),
  // Modules meet only through services, and each touches only its own tables.
  ...apiModules.flatMap(moduleRules),
  // Services hold the rules; their repos run the queries, their routes adapt HTTP. A distinct rule from the module rules
  // above, since ESLint keeps only the last options of one rule for a file.
  {
    files: ['apps/api/src/modules/**/*.service.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*'],
              allowTypeImports: true,
              message:
                'A service does not run queries: put the query in its *.repo.ts (row types may be imported as types).',
            },
            {
              group: ['express'],
              message:
                'A service takes values and streams, never Express req/res: its route adapts HTTP (an upload arrives as a ReceiveUpload).',
            },
          ],
        },
      ],
    },
  },

  // Console: a feature never imports another feature; shared pieces live in lib/ or components/.
  ...consoleFeatures.map((name) =>
    restrict(
      [`apps/console/src/features/${name}/**/*.{ts,tsx}`],
      [
        {
          group: consoleFeatures
            .filter((other) => other !== name)
            .flatMap((other) => [
              `@/features/${other}`,
              `@/features/${other}/**`,
              `**/features/${other}/**`,
              // Relative paths from a feature's own sub-folders.
              `../${other}/**`,
              `../../${other}/**`,
            ]),
          message:
            'A console feature never imports another feature: move what both need to lib/ or components/.',
        },
        {
          group: ['@/app/**', '**/src/app/**'],
          message: 'A feature never imports the app shell; the shell imports features.',
        },
      ],
    ),
  ),
  restrict(
    ['apps/console/src/{components,lib}/**/*.{ts,tsx}'],
    [
      {
        group: ['@/features/**', '@/app/**', '**/features/**'],
        message: 'Shared components and lib/ never import a feature or the app shell.',
      },
    ],
  ),
  restrict(
    ['apps/console/src/test/**/*.{ts,tsx}'],
    [
      {
        group: ['@/features/**', '**/features/**'],
        message: 'Test helpers never import a feature.',
      },
    ],
  ),
];
