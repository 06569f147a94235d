import type { Product, QuotationItemInput, TaxType } from '@patrol/contracts';
import {
  calculateDocumentTotals,
  headlineTaxRate,
  lineTaxType,
  senToDecimalString,
  taxRateOf,
  toSen,
  type TaxSettingsInput,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { moneyColumn } from '../../db/column-values';
import type { QuotationItemRow } from '../../db/schema';
import { readCompanySettings } from '../settings/settings.service';
import { storedLicenceFields } from './quotation-licence-lines';

// How a quotation's lines are priced: each line's tax from the line, its product or the
// settings, and every total computed here in integer sen.

/** A line to price, with the tax type and rate it is saved with. */
export type TaxedInput = QuotationItemInput & { taxType: TaxType; taxRate: number };

export async function readTaxSettings(db: DbExecutor): Promise<TaxSettingsInput> {
  return (await readCompanySettings(db)).taxSettings;
}

/** Lines as sent, each given its tax type (line, product, settings) and today's rate for it. */
export function taxedInputs(
  items: readonly QuotationItemInput[],
  products: ReadonlyMap<string, Product>,
  settings: TaxSettingsInput,
): TaxedInput[] {
  return items.map((item) => {
    const product = item.productId ? products.get(item.productId) : undefined;
    const taxType = lineTaxType({ taxType: item.taxType, product }, settings);
    // A licence product's line that names no action sells new keys.
    const licenceAction =
      item.licenceAction ?? (product?.category === 'licence' ? 'new_keys' : null);
    return { ...item, taxType, taxRate: taxRateOf(taxType, settings), licenceAction };
  });
}

/** A stored line as it is priced again: its own tax type and rate, as issued. */
export function storedInput(row: QuotationItemRow): TaxedInput {
  return {
    productId: row.productId,
    productName: row.productName,
    description: row.description,
    quantity: row.quantity,
    unitPrice: toSen(row.unitPrice) / 100,
    discount: Number(row.discount),
    taxType: row.taxType,
    taxRate: Number(row.taxRate),
    licenceAction: row.licenceAction,
    renewalLicenceIds: row.renewalLicenceIds ?? undefined,
  };
}

/**
 * The lines with their totals and tax, and the quotation's totals, computed here in integer sen
 * (the client's figures are never trusted), as the numeric columns store them.
 */
export function priceLines(items: readonly TaxedInput[]) {
  const totals = calculateDocumentTotals(items);
  return {
    items: items.map((item, index) => {
      const line = totals.lines[index]!;
      return {
        productId: item.productId ?? null,
        productName: item.productName,
        description: item.description,
        quantity: item.quantity,
        unitPrice: moneyColumn(item.unitPrice),
        discount: String(item.discount),
        lineTotal: senToDecimalString(line.lineTotalSen),
        taxType: line.taxType,
        taxRate: String(line.taxRate),
        taxAmount: senToDecimalString(line.taxSen),
        ...storedLicenceFields(item),
      };
    }),
    totals: {
      taxRate: String(headlineTaxRate(totals.taxes)),
      subtotal: senToDecimalString(totals.subtotalSen),
      discountAmount: senToDecimalString(totals.discountSen),
      taxAmount: senToDecimalString(totals.taxSen),
      totalAmount: senToDecimalString(totals.totalSen),
    },
  };
}
