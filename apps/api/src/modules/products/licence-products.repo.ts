import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
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

/** What the renewals view shows of the product that renews a licence type. */
export interface RenewalProductFacts {
  id: string;
  name: string;
  /** In ringgit (json carries the numeric column as a number). */
  unitPrice: number;
  validityDays: number | null;
}

/**
 * The product that renews the licence type `licenceType` names (as findRenewalProducts chooses
 * it) as a scalar subquery: a json object, or null when no active licence product has the type.
 * One entry of products_renewal_idx, for another module's statement to attach to its rows.
 */
export function renewalProductOf(licenceType: SQL): SQL<RenewalProductFacts | null> {
  return sql<RenewalProductFacts | null>`select json_build_object(
      'id', ${products.id},
      'name', ${products.name},
      'unitPrice', ${products.unitPrice},
      'validityDays', ${products.validityDays})
    from ${products}
   where ${products.category} = 'licence' and ${products.active}
     and ${products.licenceType} is not null and ${products.licenceType} = ${licenceType}
   order by ${products.createdAt}, ${products.id}
   limit 1`;
}
