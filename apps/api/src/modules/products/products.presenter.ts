import type { Product } from '@patrol/contracts';
import { moneyValue } from '../../db/column-values';
import type { ProductRow } from '../../db/schema';

/** A product row as the API shows it; money as a JSON number of ringgit. */
export function presentProduct(row: ProductRow): Product {
  return {
    id: row.id,
    productId: row.productId,
    name: row.name,
    description: row.description,
    category: row.category,
    unitPrice: moneyValue(row.unitPrice),
    unit: row.unit,
    minQuantity: row.minQuantity,
    taxable: row.taxable,
    taxType: row.taxType,
    licenceType: row.licenceType,
    validityDays: row.validityDays,
    active: row.active,
    notes: row.notes ?? '',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
