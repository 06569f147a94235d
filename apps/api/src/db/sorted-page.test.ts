import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from './client';
import {
  filterFirstLimit,
  findPageRows,
  findSortedPage,
  type SortedPageRequest,
} from './sorted-page';

/** A table of this test only: a sort key with ties, and a tag to filter on. */
const probes = pgTable('sorted_page_probes', {
  id: integer('id').primaryKey(),
  key: integer('key').notNull(),
  tag: text('tag').notNull(),
});
type Probe = typeof probes.$inferSelect;

const tags = ['a', 'b', 'c'] as const;

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(
    sql`create table sorted_page_probes (id integer primary key, key integer not null, tag text not null)`,
  );
});
afterAll(() => database.close());

async function fill(rows: readonly Probe[]): Promise<void> {
  await database.db.execute(sql`truncate sorted_page_probes`);
  if (rows.length > 0) await database.db.insert(probes).values([...rows]);
}

/** The page as sorting every row in memory gives it. */
function expectedPage(rows: readonly Probe[], tag: string | undefined, request: SortedPageRequest) {
  const sign = request.sortOrder === 'asc' ? 1 : -1;
  return rows
    .filter((row) => tag === undefined || row.tag === tag)
    .sort((left, right) => sign * (left.key - right.key || left.id - right.id))
    .slice(request.offset, request.offset + request.limit);
}

const pageRequests = fc.record({
  tag: fc.option(fc.constantFrom(...tags), { nil: undefined }),
  sortOrder: fc.constantFrom('asc' as const, 'desc' as const),
  page: fc.integer({ min: 0, max: 4 }),
  limit: fc.integer({ min: 1, max: 5 }),
});

const probeRows = fc.uniqueArray(
  fc.record({
    id: fc.integer({ min: 1, max: 10_000 }),
    key: fc.integer({ min: 0, max: 5 }),
    tag: fc.constantFrom(...tags),
  }),
  { selector: (row) => row.id, maxLength: 30 },
);

describe('findPageRows', () => {
  it('reads the same page filter-first, in key order and as a covered range, as sorting every row gives it', async () => {
    await fc.assert(
      fc.asyncProperty(probeRows, pageRequests, async (rows, asked) => {
        await fill(rows);
        const request: SortedPageRequest = {
          where: asked.tag === undefined ? undefined : eq(probes.tag, asked.tag),
          sortBy: probes.key,
          id: probes.id,
          sortOrder: asked.sortOrder,
          offset: asked.page * asked.limit,
          limit: asked.limit,
        };
        const expected = expectedPage(rows, asked.tag, request);
        const filterFirst = await findPageRows(database.db, probes, request, 0);
        const keyOrder = await findPageRows(database.db, probes, request, Infinity);
        const coveredRange = await findPageRows(
          database.db,
          probes,
          { ...request, coveredRange: true },
          Infinity,
        );
        expect(filterFirst).toEqual(expected);
        expect(keyOrder).toEqual(expected);
        expect(coveredRange).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});

describe('findPageRows with branches', () => {
  it('merges a wide filter from its branches as sorting every match gives it', async () => {
    const branchedRequests = fc.record({
      tags: fc.subarray([...tags], { minLength: 1 }),
      sortOrder: fc.constantFrom('asc' as const, 'desc' as const),
      page: fc.integer({ min: 0, max: 4 }),
      limit: fc.integer({ min: 1, max: 5 }),
    });
    await fc.assert(
      fc.asyncProperty(probeRows, branchedRequests, async (rows, asked) => {
        await fill(rows);
        const request: SortedPageRequest = {
          where: inArray(probes.tag, asked.tags),
          branches: asked.tags.map((tag) => eq(probes.tag, tag)),
          sortBy: probes.key,
          id: probes.id,
          sortOrder: asked.sortOrder,
          offset: asked.page * asked.limit,
          limit: asked.limit,
        };
        const sign = asked.sortOrder === 'asc' ? 1 : -1;
        const expected = rows
          .filter((row) => asked.tags.includes(row.tag))
          .sort((left, right) => sign * (left.key - right.key || left.id - right.id))
          .slice(request.offset, request.offset + request.limit);
        // Counted above what is read filter-first: the page comes from the branches.
        expect(await findPageRows(database.db, probes, request, Infinity)).toEqual(expected);
      }),
      { numRuns: 40 },
    );
  });
});

describe('findSortedPage', () => {
  const page = (overrides: Partial<SortedPageRequest>): SortedPageRequest => ({
    where: eq(probes.tag, 'a'),
    sortBy: probes.key,
    id: probes.id,
    sortOrder: 'asc',
    offset: 0,
    limit: 2,
    ...overrides,
  });

  it('counts the matches up to countAhead past the page and says when more match', async () => {
    const rows = Array.from({ length: 12 }, (_, index) => ({
      id: index + 1,
      key: index % 4,
      tag: index % 2 === 0 ? 'a' : 'b',
    }));
    await fill(rows);
    const exact = await findSortedPage(database.db, probes, page({ countAhead: 10 }));
    expect(exact).toEqual({
      rows: expectedPage(rows, 'a', page({})),
      totalCount: 6,
      totalCountCapped: false,
    });
    const capped = await findSortedPage(database.db, probes, page({ offset: 2, countAhead: 3 }));
    expect(capped).toMatchObject({ totalCount: 5, totalCountCapped: true });
    expect(capped.rows).toEqual(expectedPage(rows, 'a', page({ offset: 2 })));
  });

  it('takes the caller total of an unfiltered page without counting', async () => {
    await fill([{ id: 1, key: 1, tag: 'a' }]);
    const unfiltered = page({ where: undefined, unfilteredTotal: 41 });
    expect(await findSortedPage(database.db, probes, unfiltered)).toEqual({
      rows: [{ id: 1, key: 1, tag: 'a' }],
      totalCount: 41,
      totalCountCapped: false,
    });
  });

  it('reads a page the walk along the key does not reach filter-first', async () => {
    // The matches sit past the first thousand rows of the key's order, as expired quotations sit
    // among the smallest totals.
    const rows = Array.from({ length: 1_300 }, (_, index) => ({
      id: index + 1,
      key: index,
      tag: index >= 1_250 ? 'a' : 'b',
    }));
    await fill(rows);
    const request = page({ offset: 10, limit: 5 });
    const keyOrder = await findPageRows(database.db, probes, request, Infinity);
    expect(keyOrder).toEqual(expectedPage(rows, 'a', request));
    expect(keyOrder.map((row) => row.id)).toEqual([1261, 1262, 1263, 1264, 1265]);
  });

  it('reads a filter matching more than filterFirstLimit rows in key order, correctly', async () => {
    const rows = Array.from({ length: filterFirstLimit + 20 }, (_, index) => ({
      id: index + 1,
      key: (index * 7) % 11,
      tag: 'a',
    }));
    await fill(rows);
    const request = page({ sortOrder: 'desc', offset: 4, limit: 3 });
    const result = await findSortedPage(database.db, probes, request);
    expect(result.rows).toEqual(expectedPage(rows, 'a', request));
    expect(result).toMatchObject({ totalCount: 4 + 1000, totalCountCapped: true });
  });
});
