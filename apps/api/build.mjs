// Bundles the API into dist/main.js. Workspace packages (@patrol/*, TypeScript source) are
// bundled; every dependency in package.json stays external and is loaded from node_modules.
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('.', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@patrol/'));

const dist = new URL('dist/', root);
rmSync(dist, { recursive: true, force: true });

await build({
  entryPoints: [new URL('src/main.ts', root).pathname],
  outfile: new URL('main.js', dist).pathname,
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
