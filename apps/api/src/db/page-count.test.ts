import { describe, expect, it, vi } from 'vitest';
import { withTotalCount } from './page-count';

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
