import { z } from 'zod';
import { sortOrderSchema } from './fields';
import { pageSizes } from './limits';

/**
 * The paging block of every list response. The names are the ones the crash report screen reads
 * (spec 2 section 3) and are used by every list so the console has one paging component.
 */
export const paginationSchema = z.object({
  currentPage: z.number().int().min(1),
  totalPages: z.number().int().min(0),
  totalCount: z.number().int().min(0),
  limit: z.number().int().min(1),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
  /**
   * Present and true when the list stopped counting: more than `totalCount` rows match, and pages
   * go on past `totalPages` (the billing lists count a filter's matches only so far ahead of the
   * page). Absent, `totalCount` is exact.
   */
  totalCountCapped: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

/**
 * Builds the paging block for a page of a list of `totalCount` rows, or of more than
 * `totalCount` when `capped` (then there is always a next page).
 */
export function buildPagination(
  page: number,
  limit: number,
  totalCount: number,
  capped = false,
): Pagination {
  const totalPages = Math.ceil(totalCount / limit);
  const paging = {
    currentPage: page,
    totalPages,
    totalCount,
    limit,
    hasNext: capped || page < totalPages,
    hasPrev: page > 1,
  };
  return capped ? { ...paging, totalCountCapped: true } : paging;
}

/** `page` and `limit` from a URL query: page from 1, limit 1 to 100. */
export function pageQueryShape(defaultLimit: number) {
  return {
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(pageSizes.max).default(defaultLimit),
  };
}

/**
 * The query every list accepts: page, limit, search, sortBy (one of `sortFields`) and sortOrder.
 * Extend the result with the list's own filters.
 */
export function listQuerySchema<const SortField extends string>(options: {
  sortFields: readonly [SortField, ...SortField[]];
  defaultSort: NoInfer<SortField>;
  defaultOrder?: 'asc' | 'desc';
  defaultLimit?: number;
}) {
  return z.object({
    ...pageQueryShape(options.defaultLimit ?? pageSizes.billing),
    search: z.string().trim().max(200).optional(),
    sortBy: z.enum(options.sortFields).default(options.defaultSort),
    sortOrder: sortOrderSchema.default(options.defaultOrder ?? 'desc'),
  });
}
