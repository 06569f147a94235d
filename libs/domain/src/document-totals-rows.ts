import type { TaxSummaryRow } from '@patrol/contracts';
import { taxGroupLabel, type TaxGroup } from './document-tax';
import { toSen } from './money';

/** One row of a document's totals block. */
export interface TotalsRow {
  key: 'subtotalBeforeDiscount' | 'discount' | 'subtotal' | 'tax' | 'total';
  label: string;
  /** Positive amounts; the discount row is the amount taken off. */
  amountSen: number;
}

/** The stored figures a totals block is laid out from. */
export interface TotalsFigures {
  subtotalSen: number;
  discountSen: number;
  taxes: readonly TaxGroup[];
  totalSen: number;
}

/**
 * The totals block as the form, the detail view and every PDF print it, in one order: Subtotal
 * before discount and Discount (when a line has a discount), Subtotal, one row per charged tax
 * rate ('SST service tax 8%'), Total. The subtotal is already after the discount, so nothing is
 * taken off twice.
 */
export function documentTotalsRows(figures: TotalsFigures): TotalsRow[] {
  const rows: TotalsRow[] = [];
  if (figures.discountSen > 0) {
    rows.push(
      {
        key: 'subtotalBeforeDiscount',
        label: 'Subtotal before discount',
        amountSen: figures.subtotalSen + figures.discountSen,
      },
      { key: 'discount', label: 'Discount', amountSen: figures.discountSen },
    );
  }
  rows.push({ key: 'subtotal', label: 'Subtotal', amountSen: figures.subtotalSen });
  for (const group of figures.taxes) {
    if (group.taxType === 'EXEMPT') continue;
    rows.push({ key: 'tax', label: taxGroupLabel(group), amountSen: group.taxSen });
  }
  rows.push({ key: 'total', label: 'Total', amountSen: figures.totalSen });
  return rows;
}

/** A quotation's or invoice's stored figures (ringgit, as the API answers them) in sen. */
export function totalsFiguresOf(document: {
  subtotal: number;
  discountAmount: number;
  totalAmount: number;
  taxSummary: readonly TaxSummaryRow[];
}): TotalsFigures {
  return {
    subtotalSen: toSen(document.subtotal),
    discountSen: toSen(document.discountAmount),
    totalSen: toSen(document.totalAmount),
    taxes: document.taxSummary.map((row) => ({
      taxType: row.taxType,
      taxRate: row.taxRate,
      taxableSen: toSen(row.taxableAmount),
      taxSen: toSen(row.taxAmount),
    })),
  };
}
