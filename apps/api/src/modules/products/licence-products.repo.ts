import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { products, type ProductRow } from '../../db/schema';

/** Active licence products naming a licence type, oldest first. */
export function findActiveLicenceProducts(db: DbExecutor): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(
      and(
        eq(products.category, 'licence'),
        eq(products.active, true),
        isNotNull(products.licenceType),
      ),
    )
    .orderBy(asc(products.createdAt), asc(products.id));
}
