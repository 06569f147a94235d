import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { ListProductsQuery } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { withTotalCount } from '../../db/page-count';
import { products, type NewProductRow, type ProductRow } from '../../db/schema';

/** Which products a list covers, in what order, and which page. */
export type ProductPageRequest = Omit<ListProductsQuery, 'search'> & { search?: string };

function filterCondition(filter: ProductPageRequest): SQL | undefined {
  const pattern = filter.search ? likePattern(filter.search.toLowerCase()) : undefined;
  return and(
    pattern
      ? or(
          like(sql`lower(${products.name})`, pattern),
          like(sql`lower(${products.productId})`, pattern),
        )
      : undefined,
    filter.category ? eq(products.category, filter.category) : undefined,
    filter.active === undefined ? undefined : eq(products.active, filter.active),
  );
}

const sortColumns = {
  name: sql`lower(${products.name})`,
  productId: sql`${products.productId}`,
  unitPrice: sql`${products.unitPrice}`,
  category: sql`${products.category}`,
  createdAt: sql`${products.createdAt}`,
} satisfies Record<ProductPageRequest['sortBy'], SQL>;

/** A page of products matching the filter, and how many match in all. */
export async function findProductPage(
  db: DbExecutor,
  request: ProductPageRequest,
): Promise<{ rows: ProductRow[]; totalCount: number }> {
  const where = filterCondition(request);
  const direction = request.sortOrder === 'asc' ? asc : desc;
  const offset = (request.page - 1) * request.limit;
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(direction(sortColumns[request.sortBy]), direction(products.id))
    .limit(request.limit)
    .offset(offset);
  return withTotalCount(rows, { offset, limit: request.limit }, async () => {
    const [total] = await db.select({ value: count() }).from(products).where(where);
    return total?.value ?? 0;
  });
}

/** A product by row id, locked until the transaction ends. */
export async function findProductForUpdate(
  db: DbExecutor,
  id: string,
): Promise<ProductRow | undefined> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1).for('update');
  return row;
}

/** Products by row id (the catalogue lines a quotation picks). */
export function findProductsByIds(db: DbExecutor, ids: readonly string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(products)
    .where(inArray(products.id, [...ids]));
}

export async function insertProduct(db: DbExecutor, values: NewProductRow): Promise<ProductRow> {
  const [row] = await db.insert(products).values(values).returning();
  return row!;
}

/** Updates the given fields and stamps updatedAt. */
export async function updateProductRow(
  db: DbExecutor,
  id: string,
  values: Partial<Omit<NewProductRow, 'id' | 'productId' | 'createdAt' | 'updatedAt'>>,
): Promise<ProductRow> {
  const [row] = await db
    .update(products)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return row!;
}

/** Deletes a product; document lines that picked it keep their own copy (product_id set null). */
export async function deleteProductRow(db: DbExecutor, id: string): Promise<void> {
  await db.delete(products).where(eq(products.id, id));
}
