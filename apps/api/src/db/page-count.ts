/**
 * A page of rows and how many match in all. A short page says the total itself (a rare search
 * term needs no second scan); otherwise `count` is asked, after the page, so the two never
 * compete for the same rows. A window count over the page query would fetch and sort every match
 * to number a page of ten.
 */
export async function withTotalCount<Row>(
  rows: Row[],
  page: { offset: number; limit: number },
  count: () => Promise<number>,
): Promise<{ rows: Row[]; totalCount: number }> {
  const short = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
  return { rows, totalCount: short ? page.offset + rows.length : await count() };
}
