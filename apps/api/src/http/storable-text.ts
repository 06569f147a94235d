/**
 * NUL, or a UTF-16 surrogate without its pair: PostgreSQL stores neither in text or jsonb, so a
 * request carrying one is refused up front with the field named, instead of failing in SQL.
 */
const unstorableCharacter =
  /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The dotted path of the first string (value or object key) in `value` that PostgreSQL cannot
 * store, or undefined. Walks iteratively, so a deeply nested body cannot exhaust the stack.
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (unstorableCharacter.test(current)) return path;
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    for (const [key, child] of Object.entries(current)) {
      const childPath = path ? `${path}.${key}` : key;
      if (unstorableCharacter.test(key)) return childPath;
      pending.push({ value: child, path: childPath });
    }
  }
  return undefined;
}
