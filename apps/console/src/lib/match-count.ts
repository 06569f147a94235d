import type { Pagination } from '@patrol/contracts';

/** A list's total as its caption says it: 'more than 1000' once the server stopped counting. */
export function matchCount({
  totalCount,
  totalCountCapped,
}: Pick<Pagination, 'totalCount' | 'totalCountCapped'>): string {
  return `${totalCountCapped ? 'more than ' : ''}${totalCount}`;
}
