import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Rows as `jsonRowsOf` selects them, parsed by the driver. */
export type JsonRows = Record<string, unknown>[];

/**
 * Several tables' rows in one statement (one round trip instead of one per table): each row is
 * built as a JSON object keyed by the table's property names, and read back by `rowsFromJson`.
 * Numeric columns travel as text so that money keeps the digits the driver would give ('12.50').
 */
function rowAsJson(table: PgTable): SQL {
  const pairs = Object.entries(getTableColumns(table)).map(([key, column]) => {
    const value = column.columnType === 'PgNumeric' ? sql`${column}::text` : sql`${column}`;
    // Keys are the schema's own property names, never input.
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * The aggregated rows of `table` in `ordering`, as a JSON array ('[]' when none): a scalar
 * subquery to select beside others.
 */
export function jsonRowsOf(table: PgTable, where: SQL | undefined, ordering: SQL[]): SQL {
  return sql`coalesce((select json_agg(${rowAsJson(table)} order by ${sql.join(ordering, sql`, `)})
    from ${table} where ${where ?? sql`true`}), '[]'::json)`;
}

/** Rows built by `rowAsJson`, each field decoded as Drizzle decodes its column when selected. */
export function rowsFromJson<Row>(table: PgTable, objects: JsonRows): Row[] {
  const columns = Object.entries(getTableColumns(table));
  return objects.map(
    (object) =>
      Object.fromEntries(
        columns.map(([key, column]) => {
          const value = object[key];
          return [
            key,
            value === null || value === undefined ? null : column.mapFromDriverValue(value),
          ];
        }),
      ) as Row,
  );
}
