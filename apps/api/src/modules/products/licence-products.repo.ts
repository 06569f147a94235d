import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { products, type ProductRow } from '../../db/schema';

/**
 * The oldest active licence product of each licence type: one row a type, however many licence
 * products the catalogue holds (the scale data set has hundreds, read on every renewals page).
 */
export function findRenewalProducts(db: DbExecutor): Promise<ProductRow[]> {
  return prepared(db, 'renewal_products', () =>
    db
      .selectDistinctOn([products.licenceType])
      .from(products)
      .where(
        and(
          eq(products.category, 'licence'),
          eq(products.active, true),
          isNotNull(products.licenceType),
        ),
      )
      .orderBy(asc(products.licenceType), asc(products.createdAt), asc(products.id))
      .prepare('renewal_products'),
  ).execute();
}
