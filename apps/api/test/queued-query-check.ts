import { afterAll, expect } from 'vitest';

/**
 * pg warns (once a process) when a client is handed a query while it runs another: Promise.all on
 * a transaction's single connection. It works today and breaks in pg 9, so the test file during
 * which it happens fails: a function that may run on a transaction awaits its queries in turn, or
 * makes them one. Test files share a process (isolate: false), so one listener serves them all.
 */
const key = Symbol.for('patrol.queuedQueries');
const registry = globalThis as typeof globalThis & { [key]?: string[] };
const queuedQueries = (registry[key] ??= (() => {
  const found: string[] = [];
  process.on('warning', (warning) => {
    if (/already executing a query/.test(warning.message)) {
      found.push(warning.stack ?? warning.message);
    }
  });
  return found;
})());

afterAll(() => {
  const found = queuedQueries.splice(0);
  expect(found, 'a transaction was handed a query while it ran another').toEqual([]);
});
