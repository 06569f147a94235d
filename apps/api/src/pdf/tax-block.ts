import type { TaxSummaryRow } from '@patrol/contracts';
import {
  documentTotalsRows,
  formatMoney,
  fromSen,
  ratePercentText,
  taxGroupLabel,
  totalsFiguresOf,
} from '@patrol/domain';
import type { PdfColumn, PdfSection } from './billing-pdf';

/** The stored figures of a quotation or invoice that its totals block prints. */
export interface DocumentFigures {
  subtotal: number;
  discountAmount: number;
  totalAmount: number;
  taxSummary: readonly TaxSummaryRow[];
}

/**
 * The totals block as the form and the detail view show it: Subtotal before discount, Discount,
 * Subtotal, one row per tax rate, Total (the domain's documentTotalsRows).
 */
export function documentTotals(figures: DocumentFigures): [string, string][] {
  return documentTotalsRows(totalsFiguresOf(figures)).map((row) => {
    const amount = formatMoney(fromSen(row.amountSen));
    return [row.label, row.key === 'discount' ? `-${amount}` : amount];
  });
}

/**
 * The tax summary per rate beside the supplier's SST registration number: each type and rate,
 * the amount it is charged on and its tax (exempt lines listed with none).
 */
export function taxSummarySection(
  taxSummary: readonly TaxSummaryRow[],
  sstRegistrationNumber: string,
): PdfSection[] {
  if (taxSummary.length === 0) return [];
  return [
    {
      title: 'Tax summary',
      lines: [
        ...(sstRegistrationNumber ? [`SST registration number: ${sstRegistrationNumber}`] : []),
        ...taxSummary.map(
          (row) =>
            `${taxGroupLabel(row)}: ${formatMoney(row.taxAmount)} on ${formatMoney(row.taxableAmount)}`,
        ),
      ],
    },
  ];
}

/** A line's tax as its column prints it: 'SST 8%' or 'Exempt'. */
export function lineTaxText(line: { taxType: TaxSummaryRow['taxType']; taxRate: number }): string {
  return line.taxType === 'EXEMPT'
    ? 'Exempt'
    : `${line.taxType === 'SALES_TAX' ? 'Sales' : 'Service'} ${ratePercentText(line.taxRate)}`;
}

/** A line as issued, with its tax: an invoice's or a credit or debit note's. */
export interface TaxedPdfLine {
  description: string;
  quantity: number;
  unitPrice: number;
  taxType: TaxSummaryRow['taxType'];
  taxRate: number;
  taxAmount: number;
  lineTotal: number;
}

/** The lines table of an invoice or a note: #, description, quantity, unit price, tax, amount. */
export function taxedLineTable(lines: readonly TaxedPdfLine[]): {
  columns: PdfColumn[];
  rows: string[][];
} {
  return {
    columns: [
      { header: '#', width: 4 },
      { header: 'Description', width: 35 },
      { header: 'Qty', width: 6, align: 'right' },
      { header: 'Unit price', width: 15, align: 'right' },
      { header: 'Tax', width: 23, align: 'right' },
      { header: 'Amount', width: 17, align: 'right' },
    ],
    rows: lines.map((line, index) => [
      String(index + 1),
      line.description,
      String(line.quantity),
      formatMoney(line.unitPrice),
      line.taxType === 'EXEMPT'
        ? lineTaxText(line)
        : `${formatMoney(line.taxAmount)} (${lineTaxText(line)})`,
      formatMoney(line.lineTotal),
    ]),
  };
}
