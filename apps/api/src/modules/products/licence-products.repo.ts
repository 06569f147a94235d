import { licenceTypes, type LicenceType } from '@patrol/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { products } from '../../db/schema';

/** What the renewals view and the daily run use of the product that renews a licence type. */
export interface RenewalProductFacts {
  id: string;
  name: string;
  /** In ringgit (json carries the numeric column as a number). */
  unitPrice: number;
  validityDays: number | null;
}

/**
 * The product that renews the licence type `licenceType` names, the oldest active licence product
 * of the type (so the choice is stable), as a scalar subquery: a json object, or null when no
 * active licence product has the type. One entry of products_renewal_idx, however many licence
 * products the catalogue holds, for another module's statement to attach to its rows.
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

/** The product that renews each licence type that has one. */
export async function findRenewalProducts(
  db: DbExecutor,
): Promise<{ licenceType: LicenceType; product: RenewalProductFacts | null }[]> {
  const types = sql.join(
    licenceTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const result = await db.execute<{
    licence_type: LicenceType;
    product: RenewalProductFacts | null;
  }>(
    sql`select t.licence_type, (${renewalProductOf(sql`t.licence_type`)}) as product
          from unnest(array[${types}]::text[]) as t(licence_type)`,
  );
  return result.rows.map((row) => ({ licenceType: row.licence_type, product: row.product }));
}
