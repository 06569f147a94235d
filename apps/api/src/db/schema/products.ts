import { licenceTypes, productCategories, productUnits, taxTypes } from '@patrol/contracts';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';

/** The billing catalogue. `productId` is the numbered business id (PRD-MP-2026-000001). */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: text('product_id').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: productCategories }).notNull().default('licence'),
    unitPrice: money('unit_price').notNull(),
    unit: text('unit', { enum: productUnits }).notNull().default('piece'),
    minQuantity: integer('min_quantity').notNull().default(1),
    taxable: boolean('taxable').notNull().default(true),
    /** SALES_TAX or SERVICE_TAX for a taxable product, EXEMPT otherwise. */
    taxType: text('tax_type', { enum: taxTypes }).notNull().default('SERVICE_TAX'),
    /** For a `licence` product: the licence type it sells and for how many days (null: never expires). */
    licenceType: text('licence_type', { enum: licenceTypes }),
    validityDays: integer('validity_days'),
    /** MyInvois codes (migration 0026); empty follows the defaults in libs/contracts. */
    einvoiceClassificationCode: text('einvoice_classification_code').notNull().default(''),
    einvoiceTaxTypeCode: text('einvoice_tax_type_code').notNull().default(''),
    einvoiceUnitCode: text('einvoice_unit_code').notNull().default(''),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Each list order with the id, so a page walks its index instead of sorting the catalogue,
    // and the search's two texts with their trigram indexes (migration 0061).
    index('products_created_at_idx').on(table.createdAt, table.id),
    index('products_category_idx').on(table.category, table.id),
    index('products_name_lower_idx').on(sql`lower(${table.name})`, table.id),
    index('products_unit_price_idx').on(table.unitPrice, table.id),
    index('products_name_trgm_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('products_product_id_trgm_idx').using('gin', sql`lower(${table.productId}) gin_trgm_ops`),
    // The product that renews each licence type: the first active licence product of the type.
    index('products_renewal_idx')
      .on(table.licenceType, table.createdAt, table.id)
      .where(
        sql`${table.category} = 'licence' and ${table.active} and ${table.licenceType} is not null`,
      ),
  ],
);

export type ProductRow = typeof products.$inferSelect;
export type NewProductRow = typeof products.$inferInsert;
