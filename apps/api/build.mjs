// Bundles the API into dist/main.js. Workspace packages (@patrol/*, TypeScript source) are
// bundled; every dependency in package.json stays external and is loaded from node_modules.
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@patrol/'));
// Imported only when running from source (storage/parse-in-worker.ts bundles workers with it).
external.push('esbuild');

const dist = new URL('dist/', root);
rmSync(dist, { recursive: true, force: true });

// Parser workers (src/**/*.worker.ts) run in threads of their own: each is a bundle beside main.js,
// where storage/parse-in-worker.ts looks for it by its file name.
const source = new URL('src/', root).pathname;
const workers = readdirSync(source, { recursive: true })
  .filter((file) => file.endsWith('.worker.ts'))
  .map((file) => join(source, file));

await build({
  entryPoints: [new URL('src/main.ts', root).pathname, ...workers],
  outdir: dist.pathname,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Bundled CommonJS code calls require(), which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});

const migrations = new URL('src/db/migrations', root);
if (existsSync(migrations)) {
  cpSync(migrations, new URL('migrations', dist), { recursive: true });
}
