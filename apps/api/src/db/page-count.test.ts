import { describe, expect, it, vi } from 'vitest';
import { withCappedCount, withTotalCount } from './page-count';

describe('withTotalCount', () => {
  it('tells the total from a short page without counting', async () => {
    const count = vi.fn(async () => 99);
    expect(await withTotalCount([1, 2], { offset: 20, limit: 10 }, count)).toEqual({
      rows: [1, 2],
      totalCount: 22,
    });
    expect(await withTotalCount([], { offset: 0, limit: 10 }, count)).toEqual({
      rows: [],
      totalCount: 0,
    });
    expect(count).not.toHaveBeenCalled();
  });

  it('counts when the page is full, or empty past the first page', async () => {
    const count = vi.fn(async () => 57);
    expect((await withTotalCount([1, 2], { offset: 0, limit: 2 }, count)).totalCount).toBe(57);
    expect((await withTotalCount([], { offset: 100, limit: 10 }, count)).totalCount).toBe(57);
    expect(count).toHaveBeenCalledTimes(2);
  });
});

describe('withCappedCount', () => {
  it('tells the total from a short page without counting', async () => {
    const countUpTo = vi.fn(async () => 99);
    expect(await withCappedCount([1, 2], { offset: 20, limit: 10 }, countUpTo)).toEqual({
      rows: [1, 2],
      totalCount: 22,
      totalCountCapped: false,
    });
    expect(countUpTo).not.toHaveBeenCalled();
  });

  it('counts one past countAhead matches from the page start, and caps there', async () => {
    const countUpTo = vi.fn(async (upTo: number) => Math.min(upTo, 500));
    const page = { offset: 20, limit: 10, countAhead: 100 };
    expect(await withCappedCount([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], page, countUpTo)).toEqual({
      rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      totalCount: 120,
      totalCountCapped: true,
    });
    expect(countUpTo).toHaveBeenCalledWith(121);
    const exact = await withCappedCount([1], { offset: 0, limit: 1, countAhead: 600 }, countUpTo);
    expect(exact).toMatchObject({ totalCount: 500, totalCountCapped: false });
  });

  it('counts at least a page ahead whatever countAhead says', async () => {
    const countUpTo = vi.fn(async () => 0);
    await withCappedCount([1, 2], { offset: 0, limit: 2, countAhead: 1 }, countUpTo);
    expect(countUpTo).toHaveBeenCalledWith(3);
  });
});
