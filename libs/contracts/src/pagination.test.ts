import { describe, expect, it } from 'vitest';
import { buildPagination, listQuerySchema } from './pagination';

describe('paging helpers', () => {
  it.each([
    [1, 10, 0, { totalPages: 0, hasNext: false, hasPrev: false }],
    [1, 10, 10, { totalPages: 1, hasNext: false, hasPrev: false }],
    [2, 10, 25, { totalPages: 3, hasNext: true, hasPrev: true }],
    [3, 10, 25, { totalPages: 3, hasNext: false, hasPrev: true }],
  ])('page %i of %i per page over %i rows', (page, limit, totalCount, expected) => {
    expect(buildPagination(page, limit, totalCount)).toMatchObject({
      currentPage: page,
      totalCount,
      limit,
      ...expected,
    });
  });

  it('says when the total is only counted so far: more than totalCount rows, a next page always', () => {
    expect(buildPagination(50, 20, 1000, true)).toEqual({
      currentPage: 50,
      totalPages: 50,
      totalCount: 1000,
      limit: 20,
      hasNext: true,
      hasPrev: true,
      totalCountCapped: true,
    });
    expect(buildPagination(1, 20, 40)).not.toHaveProperty('totalCountCapped');
  });

  const query = listQuerySchema({
    sortFields: ['name', 'createdAt'],
    defaultSort: 'name',
    defaultOrder: 'asc',
  });

  it('applies the defaults and coerces URL strings', () => {
    expect(query.parse({})).toEqual({ page: 1, limit: 20, sortBy: 'name', sortOrder: 'asc' });
    expect(query.parse({ page: '4', limit: '100', search: '  acme ' })).toMatchObject({
      page: 4,
      limit: 100,
      search: 'acme',
    });
  });

  it.each([
    { page: '0' },
    { page: 'abc' },
    { limit: '101' },
    { limit: '0' },
    { sortBy: 'secret' },
    { sortOrder: 'up' },
  ])('refuses %j', (input) => {
    expect(query.safeParse(input).success).toBe(false);
  });
});
