import { afterAll, expect } from 'vitest';

/**
 * pg warns (once a process) when a client is handed a query while it runs another: Promise.all on
 * a transaction's single connection. It works today and breaks in pg 9, so every test file fails
 * on it: a function that may run on a transaction awaits its queries in turn, or makes them one.
 */
const queuedQueries: string[] = [];
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) {
    queuedQueries.push(warning.stack ?? warning.message);
  }
});

afterAll(() => {
  expect(queuedQueries, 'a transaction was handed a query while it ran another').toEqual([]);
});
