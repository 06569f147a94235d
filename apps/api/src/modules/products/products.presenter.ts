import type { Product, ProductEInvoice } from '@patrol/contracts';
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
    active: row.active,
    notes: row.notes ?? '',
    eInvoice: {
      classificationCode: row.einvoiceClassificationCode,
      taxTypeCode: row.einvoiceTaxTypeCode,
      unitCode: row.einvoiceUnitCode,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The e-invoice columns of a product row from the form's object. */
export function productEInvoiceColumns(eInvoice: ProductEInvoice) {
  return {
    einvoiceClassificationCode: eInvoice.classificationCode,
    einvoiceTaxTypeCode: eInvoice.taxTypeCode,
    einvoiceUnitCode: eInvoice.unitCode,
  };
}
