import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  messageResponseSchema,
  moneyInputSchema,
  moneySchema,
  requiredString,
  successResponse,
} from './fields';
import { licenceProductIssues, productLicenceShape } from './licence-billing';
import { listQuerySchema, paginationSchema } from './pagination';
import { taxTypes, type TaxType } from './tax';

/** Product categories; licence by default (spec 3 section 3). */
export const productCategories = [
  'licence',
  'support',
  'training',
  'hardware',
  'maintenance',
  'consultation',
] as const;
export const productCategorySchema = z.enum(productCategories);
export type ProductCategory = z.infer<typeof productCategorySchema>;

/** Selling units; piece by default. */
export const productUnits = ['piece', 'license', 'hour', 'month', 'year', 'service'] as const;
export const productUnitSchema = z.enum(productUnits);
export type ProductUnit = z.infer<typeof productUnitSchema>;

export const productMessages = {
  nameRequired: 'Product name is required',
  unitPrice: 'Unit price must be 0 or more',
  minQuantity: 'Minimum quantity must be a whole number of at least 1',
  taxType: 'Tax type must be SALES_TAX, SERVICE_TAX or EXEMPT',
  taxTypeMismatch:
    'A taxable product needs SST sales tax or service tax, and a product that is not taxable is exempt',
} as const;

/** A product's tax type agrees with its taxable flag: taxable exactly when it is not exempt. */
export function productTaxAgrees(taxable: boolean, taxType: TaxType): boolean {
  return taxable === (taxType !== 'EXEMPT');
}

const productTaxTypeSchema = z.enum(taxTypes, { error: productMessages.taxType });

/** A catalogue product or service (spec 3 section 3). */
export const productSchema = z.object({
  id: idSchema,
  /** Document number, e.g. PRD-MP-2026-000001. */
  productId: z.string(),
  name: z.string(),
  description: z.string(),
  category: productCategorySchema,
  unitPrice: moneySchema,
  unit: productUnitSchema,
  minQuantity: z.number().int(),
  taxable: z.boolean(),
  /** SALES_TAX or SERVICE_TAX when taxable, EXEMPT otherwise; a line from it takes this type. */
  taxType: z.enum(taxTypes),
  /** For a `licence` product: the licence type it sells and its validity in days; null otherwise. */
  ...productLicenceShape,
  active: z.boolean(),
  notes: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Product = z.infer<typeof productSchema>;

const productFormShape = {
  name: requiredString(productMessages.nameRequired, { max: 200, label: 'Product name' }),
  description: z.string().trim().max(2000),
  category: productCategorySchema,
  unitPrice: moneyInputSchema('Unit price', { error: productMessages.unitPrice }).min(
    0,
    productMessages.unitPrice,
  ),
  unit: productUnitSchema,
  minQuantity: z.number().int(productMessages.minQuantity).min(1, productMessages.minQuantity),
  taxable: z.boolean(),
  taxType: productTaxTypeSchema,
  ...productLicenceShape,
  active: z.boolean(),
  notes: z.string().trim().max(2000),
};

function refuseTaxMismatch(
  body: { taxable?: boolean; taxType?: TaxType },
  context: z.core.$RefinementCtx,
): void {
  if (body.taxable === undefined || body.taxType === undefined) return;
  if (productTaxAgrees(body.taxable, body.taxType)) return;
  context.addIssue({ code: 'custom', path: ['taxType'], message: productMessages.taxTypeMismatch });
}

function refuseLicenceMismatch(
  body: { category?: string; licenceType?: string | null; validityDays?: number | null },
  context: z.core.$RefinementCtx,
): void {
  for (const issue of licenceProductIssues(body)) {
    context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}

/**
 * POST /api/business/products; the productId is numbered by the server. Without a taxType a
 * taxable product takes the settings' SST kind and any other is exempt.
 */
export const createProductBodySchema = z
  .object({
    ...productFormShape,
    description: productFormShape.description.default(''),
    category: productCategorySchema.default('licence'),
    unit: productUnitSchema.default('piece'),
    minQuantity: productFormShape.minQuantity.default(1),
    taxable: z.boolean().default(true),
    taxType: productTaxTypeSchema.optional(),
    licenceType: productLicenceShape.licenceType.default(null),
    validityDays: productLicenceShape.validityDays.default(null),
    active: z.boolean().default(true),
    notes: productFormShape.notes.default(''),
  })
  .superRefine(refuseTaxMismatch)
  .superRefine(refuseLicenceMismatch);
export type CreateProductBody = z.infer<typeof createProductBodySchema>;

/**
 * PUT /api/business/products/{id}: the changed fields. The licence fields are judged here when the
 * category is sent with them; the server judges the product as it would be after the change.
 */
export const updateProductBodySchema = z
  .object(productFormShape)
  .partial()
  .superRefine(refuseTaxMismatch)
  .superRefine((body, context) => {
    if (body.licenceType === undefined || body.validityDays === undefined) return;
    refuseLicenceMismatch(body, context);
  });
export type UpdateProductBody = z.infer<typeof updateProductBodySchema>;

/** PUT /api/business/products/{id}/status: the row switch. */
export const updateProductStatusBodySchema = z.object({ active: z.boolean() });
export type UpdateProductStatusBody = z.infer<typeof updateProductStatusBodySchema>;

/** GET /api/business/products; search matches name and productId. */
export const listProductsQuerySchema = listQuerySchema({
  sortFields: ['name', 'productId', 'unitPrice', 'category', 'createdAt'],
  defaultSort: 'createdAt',
}).extend({
  category: productCategorySchema.optional(),
  /** Status filter: omitted for all. */
  active: z.stringbool().optional(),
});
export type ListProductsQuery = z.infer<typeof listProductsQuerySchema>;

export const listProductsResponseSchema = successResponse({
  products: z.array(productSchema),
  pagination: paginationSchema,
});
export type ListProductsResponse = z.infer<typeof listProductsResponseSchema>;

/** Create, update and status answer the product as it now is. */
export const productResponseSchema = successResponse({
  message: z.string(),
  product: productSchema,
});
export type ProductResponse = z.infer<typeof productResponseSchema>;

/** DELETE /api/business/products/{id}. */
export const deleteProductResponseSchema = messageResponseSchema;
