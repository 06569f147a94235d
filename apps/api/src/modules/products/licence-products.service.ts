import type { LicenceType } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { ProductRow } from '../../db/schema';
import { findActiveLicenceProducts } from './licence-products.repo';

/**
 * The product that renews each licence type: the active licence product of that type (the oldest
 * when several are active, so the choice is stable).
 */
export async function renewalProductsByType(db: DbExecutor): Promise<Map<LicenceType, ProductRow>> {
  const byType = new Map<LicenceType, ProductRow>();
  for (const row of await findActiveLicenceProducts(db)) {
    if (row.licenceType && !byType.has(row.licenceType)) byType.set(row.licenceType, row);
  }
  return byType;
}
