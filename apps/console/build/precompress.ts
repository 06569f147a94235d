import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|css|html|svg|json|txt)$/;
/** Smaller files gain nothing worth the extra request headers. */
const minimumBytes = 1024;

/**
 * Writes a .br and a .gz beside every text asset of the build, at the highest levels (done once,
 * at build time), so the API serves compressed files without compressing per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'patrol-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const root = join(process.cwd(), outDir);
      const files = await readdir(root, { recursive: true });
      for (const file of files) {
        // Read from disk by the API, never sent to a browser (build-info.ts).
        if (!compressible.test(file) || file === 'build-info.json') continue;
        const path = join(root, file);
        const content = await readFile(path);
        if (content.length < minimumBytes) continue;
        await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${path}.br`,
          brotliCompressSync(content, {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
        );
      }
    },
  };
}
