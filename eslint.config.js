import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { boundaries } from './eslint/boundaries.js';

/**
 * Dependencies point one way: apps -> domain -> contracts -> zod. type:testing (generated
 * fixtures such as test APKs) is for tests and tools only; `consoleExtra` widens the console's
 * list for its test files.
 */
function depConstraints(consoleExtra = []) {
  return [
    { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
    { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:contracts'] },
    {
      sourceTag: 'type:api',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:testing'],
    },
    { sourceTag: 'type:testing', onlyDependOnLibsWithTags: [] },
    {
      sourceTag: 'type:console',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', ...consoleExtra],
    },
    {
      sourceTag: 'type:e2e',
      onlyDependOnLibsWithTags: ['type:contracts', 'type:domain', 'type:testing'],
    },
    { sourceTag: 'type:tools', onlyDependOnLibsWithTags: ['type:contracts', 'type:domain'] },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/.nx/**',
      '**/coverage/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/console/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { '@nx': nx },
    rules: {
      // Dependencies point one way: apps -> domain -> contracts -> zod.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: depConstraints(),
        },
      ],
    },
  },
  {
    // The console's tests and their shared test data read real APK fixtures
    // (apps/console/src/features/ota/lib); its shipped code may not.
    files: ['apps/console/src/**/*.test.{ts,tsx}', 'apps/console/src/**/*-test-data.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { allow: [], depConstraints: depConstraints(['type:testing']) },
      ],
    },
  },
  ...boundaries,
  {
    // Seeding, simulators and benchmarks run the API's own database code on purpose.
    files: ['tools/**/*.ts'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  prettier,
);
