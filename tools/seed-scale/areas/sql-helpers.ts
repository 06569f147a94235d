import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../../apps/api/src/db/client';

const maxSymbols = 12;

/**
 * Session helpers for the bulk inserts: a licence-key symbol and the mixing of a serial number,
 * so keys and device ids look random, stay unique (multiplying by an odd number is a bijection
 * modulo a power of two) and are well-formed for the API's patterns.
 */
export async function createSqlHelpers(db: DbExecutor): Promise<void> {
  // Up to twelve symbols, five bits of n each, written out: an expression PostgreSQL inlines, eight
  // times faster than aggregating a series (a licence key takes four calls, 20 million at 10x).
  const symbols = Array.from(
    { length: maxSymbols },
    (_, position) =>
      `substr('ABCDEFGHJKLMNPQRSTUVWXYZ23456789', ((n >> ${5 * position}) & 31)::int + 1, 1)`,
  ).join(' || ');
  await db.execute(
    sql.raw(`
    create or replace function pg_temp.scale_symbols(n bigint, count int) returns text
    language sql immutable as $$ select left(${symbols}, count) $$`),
  );
  await db.execute(
    sql.raw(`
    create or replace function pg_temp.scale_mix(n bigint, salt bigint) returns bigint
    language sql immutable as $$ select ((n + salt) * 2654435761) & ((1::bigint << 60) - 1) $$`),
  );
  // The same pseudo-random draw for the same inputs, so a re-run seeds the same data.
  await db.execute(sql.raw(`select setseed(0.42)`));
}
