import type { ModulePreloadOptions, Plugin, Rolldown } from 'vite';

/**
 * Trims the preload lists of dynamic imports: a chunk the importing chunk imports statically (even
 * through others) has loaded before that chunk runs, so listing it again only adds bytes. The
 * entry holds the lists of every lazy route, and repeated React, runtime and query-client names
 * cost the sign-in page about 0.1 kB gzipped.
 *
 * Returns the plugin that reads the bundle's static imports and the `resolveDependencies` that
 * uses them; both go into the same config.
 */
export function preloadDependencies(): {
  plugin: Plugin;
  modulePreload: ModulePreloadOptions;
} {
  let bundle: Rolldown.OutputBundle | null = null;
  const loadedBefore = new Map<string, Set<string>>();

  const staticImportsOf = (fileName: string): Set<string> => {
    const known = loadedBefore.get(fileName);
    if (known) return known;
    const found = new Set<string>();
    const pending = [fileName];
    while (pending.length > 0) {
      const output = bundle?.[pending.pop()!];
      if (output?.type !== 'chunk') continue;
      for (const imported of output.imports) {
        if (found.has(imported)) continue;
        found.add(imported);
        pending.push(imported);
      }
    }
    loadedBefore.set(fileName, found);
    return found;
  };

  return {
    plugin: {
      name: 'patrol-preload-dependencies',
      apply: 'build',
      // Before Vite writes the lists (its own generateBundle calls resolveDependencies).
      generateBundle: {
        order: 'pre',
        handler(_options, output) {
          bundle = output;
          loadedBefore.clear();
        },
      },
    },
    modulePreload: {
      // Every browser the console supports preloads modules natively.
      polyfill: false,
      resolveDependencies: (_fileName, dependencies, { hostId, hostType }) => {
        if (hostType !== 'js' || !bundle) return dependencies;
        const loaded = staticImportsOf(hostId);
        return dependencies.filter((dependency) => !loaded.has(dependency));
      },
    },
  };
}
