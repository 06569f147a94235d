import { zodResolver } from '@hookform/resolvers/zod';
import {
  createProductBodySchema,
  emptyProductEInvoice,
  type CreateProductBody,
  type Product,
} from '@patrol/contracts';
import type { Resolver } from 'react-hook-form';

export const productFormResolver = zodResolver(
  createProductBodySchema,
) as unknown as Resolver<CreateProductBody>;

/** A new product's form (spec 3 section 5: licence, piece, 1, taxable, active). */
export const blankProduct: CreateProductBody = {
  name: '',
  description: '',
  category: 'licence',
  unitPrice: 0,
  unit: 'piece',
  minQuantity: 1,
  taxable: true,
  taxType: 'SERVICE_TAX',
  licenceType: 'Standard',
  validityDays: 30,
  active: true,
  notes: '',
  eInvoice: emptyProductEInvoice,
};

export function productFormValues(product: Product | null): CreateProductBody {
  if (!product) return blankProduct;
  const { name, description, category, unitPrice, unit, minQuantity, taxable, taxType } = product;
  const { active, notes, eInvoice, licenceType, validityDays } = product;
  return {
    name,
    description,
    category,
    unitPrice,
    unit,
    minQuantity,
    taxable,
    taxType,
    licenceType,
    validityDays,
    active,
    notes,
    eInvoice,
  };
}
