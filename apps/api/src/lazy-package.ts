import { createRequire } from 'node:module';

const requirePackage = createRequire(import.meta.url);

/**
 * A package loaded on its first use instead of at start-up, for the heavy ones few requests need
 * (pdfkit and fontkit hold about 24 MiB resident): an API at rest stays near a bare Express.
 */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requirePackage(name) as T);
}
