import codeLists from './code-data/codes.json';

/**
 * The codes of each MyInvois table without their descriptions (code-data/codes.json, made from the
 * tables in ./data; code-tables.test.ts checks they agree). Validation needs only these, so the
 * console's first screens do not carry the descriptions (about 40 kB gzipped).
 */
export type MyInvoisCodeTable =
  'taxType' | 'classification' | 'unit' | 'country' | 'state' | 'msic';

const sets = new Map<MyInvoisCodeTable, Set<string>>();

/** True when `code` is in the table (exact match; codes are case-sensitive as the SDK lists them). */
export function isMyInvoisCode(table: MyInvoisCodeTable, code: string): boolean {
  let set = sets.get(table);
  if (!set) {
    set = new Set(codeLists[table].split(' '));
    sets.set(table, set);
  }
  return set.has(code);
}
