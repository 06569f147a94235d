import { randomUUID } from 'node:crypto';
import type { CreateProductBody } from '@patrol/contracts';
import { products, type NewProductRow, type ProductRow } from '../../src/db/schema';
import type { TestContext } from '../test-context';

/** A valid product form for POST /api/business/products, unique per call. */
export function buildProductForm(overrides: Partial<CreateProductBody> = {}): CreateProductBody {
  const suffix = randomUUID().slice(0, 8);
  return {
    name: `Patrol licence ${suffix}`,
    description: 'One device, one year',
    category: 'licence',
    unitPrice: 120.5,
    unit: 'license',
    minQuantity: 1,
    taxable: true,
    active: true,
    notes: '',
    ...overrides,
  };
}

/** Inserts a product straight into the database, with a productId outside the numbering series. */
export async function buildProduct(
  t: TestContext,
  overrides: Partial<NewProductRow> = {},
): Promise<ProductRow> {
  const { unitPrice, ...form } = buildProductForm();
  const [row] = await t.database.db
    .insert(products)
    .values({
      ...form,
      unitPrice: unitPrice.toFixed(2),
      productId: `TEST-PRD-${randomUUID().slice(0, 8)}`,
      ...overrides,
    })
    .returning();
  return row!;
}
