// How the reports rank clients in memory: the figures' sen are exact text, and names compare in
// code-unit order, as the database's C collation sorts them.

/** Larger amounts in sen (as text) first. */
export function mostSenFirst(a: string, b: string): number {
  const difference = BigInt(b) - BigInt(a);
  return difference === 0n ? 0 : difference > 0n ? 1 : -1;
}

/** Text in code-unit order. */
export function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
