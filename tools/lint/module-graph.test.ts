import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiSource = fileURLToPath(new URL('../../apps/api/src', import.meta.url));
const consoleSource = fileURLToPath(new URL('../../apps/console/src', import.meta.url));

/** Every non-test TypeScript file under `dir`. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(dir, file));
}

/** The file an import specifier names: `./x` may be `x.ts`, `x.tsx` or `x/index.ts`. */
function resolveSourceFile(path: string): string {
  const candidates = [path, `${path}.ts`, `${path}.tsx`, join(path, 'index.ts')];
  return candidates.find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate)) ?? path;
}

/**
 * File -> the files it imports at run time (`import type` and `export type` erase, so they
 * cannot form a cycle). `@/` is the console's alias for its `src`.
 */
function runtimeFileGraph(root: string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    const statements = text.matchAll(
      /^(?:import|export)\s+(type\s)?[^'";]*?from\s+'([.@][^']*)'/gm,
    );
    const targets = [...statements]
      .filter(([, typeOnly, specifier]) => !typeOnly && /^(\.|@\/)/.test(specifier!))
      .map(([, , specifier]) =>
        specifier!.startsWith('@/')
          ? resolveSourceFile(join(consoleSource, specifier!.slice(2)))
          : resolveSourceFile(resolve(dirname(file), specifier!)),
      );
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** The top-level area of a file: a module name for modules/<name>/..., else the folder or file. */
function areaOf(file: string): string {
  const [first, second] = relative(apiSource, file).split(sep);
  return first === 'modules' ? `modules/${second}` : first!;
}

/** Relative imports of a file (static `import ... from`, re-exports), type-only ones included. */
function relativeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)[^'"]*?from\s+'(\.[^']+)'/g)];
  return specifiers.map((match) => resolve(dirname(file), match[1]!));
}

/** Area -> the areas it imports. */
function areaGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(apiSource)) {
    const from = areaOf(file);
    const edges = graph.get(from) ?? new Set<string>();
    for (const target of relativeImports(file)) {
      const to = areaOf(target);
      if (to !== from) edges.add(to);
    }
    graph.set(from, edges);
  }
  return graph;
}

/** A cycle among `nodes` in `graph`, or undefined. */
function findCycle(graph: Map<string, Set<string>>, nodes: string[]): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === 'done') return undefined;
    if (state.get(node) === 'visiting') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'visiting');
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!nodes.includes(next)) continue;
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return undefined;
  };
  for (const node of nodes) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('API import graph', () => {
  const graph = areaGraph();
  const modules = [...graph.keys()].filter((area) => area.startsWith('modules/'));
  const infrastructure = [...graph.keys()].filter(
    (area) =>
      !area.startsWith('modules/') && !['app.ts', 'main.ts', 'services.ts', 'cli'].includes(area),
  );

  it('has the modules the API is made of', () => {
    expect(modules).toEqual(expect.arrayContaining(['modules/clients', 'modules/licences']));
  });

  it('has no import from infrastructure (http, db, events, realtime...) into a module', () => {
    const offending = infrastructure.flatMap((area) =>
      [...(graph.get(area) ?? [])]
        .filter((to) => to.startsWith('modules/'))
        .map((to) => `${area} -> ${to}`),
    );
    expect(offending).toEqual([]);
  });

  it('has no cycle between modules', () => {
    expect(findCycle(graph, modules)).toBeUndefined();
  });
});

/** Drizzle tables refer to each other through callbacks, so their files may import both ways. */
const mutuallyReferringTables = join(apiSource, 'db', 'schema');

describe.each([
  ['API', apiSource],
  ['console', consoleSource],
])('%s file graph', (_name, root) => {
  it('has no import cycle between files', () => {
    const graph = runtimeFileGraph(root);
    for (const file of graph.keys()) {
      if (file.startsWith(mutuallyReferringTables)) graph.delete(file);
    }
    const cycle = findCycle(graph, [...graph.keys()]);
    expect(cycle?.map((file) => relative(root, file))).toBeUndefined();
  });
});
