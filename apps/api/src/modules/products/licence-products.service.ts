import type { LicenceType } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import { findRenewalProducts, type RenewalProductFacts } from './licence-products.repo';

export { renewalProductOf, type RenewalProductFacts } from './licence-products.repo';

/**
 * The product that renews each licence type: the active licence product of that type (the oldest
 * when several are active, so the choice is stable).
 */
export async function renewalProductsByType(
  db: DbExecutor,
): Promise<Map<LicenceType, RenewalProductFacts>> {
  const rows = await findRenewalProducts(db);
  return new Map(
    rows.flatMap(({ licenceType, product }) => (product ? [[licenceType, product]] : [])),
  );
}
