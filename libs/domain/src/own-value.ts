/**
 * The value stored under `key` in a lookup table, ignoring inherited properties, so that raw
 * input such as 'constructor' or 'toString' never resolves to an Object.prototype member.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
