import type { TaxSummaryRow } from '@patrol/contracts';
import {
  documentTotalsRows,
  formatMoney,
  fromSen,
  ratePercentText,
  taxGroupLabel,
  toSen,
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

/** A line as issued, with its tax: a quotation's, an invoice's or a credit or debit note's. */
export interface TaxedPdfLine {
  description: string;
  quantity: number;
  unitPrice: number;
  /** The line's discount in percent, when the document keeps it (quotations). */
  discount?: number;
  taxType: TaxSummaryRow['taxType'];
  taxRate: number;
  taxAmount: number;
  /** After the line's discount. */
  lineTotal: number;
}

/** What the line's discount took off, in sen: quantity x unit price less the line total. */
export function lineDiscountSen(line: TaxedPdfLine): number {
  return Math.max(0, toSen(line.unitPrice) * line.quantity - toSen(line.lineTotal));
}

function discountCell(line: TaxedPdfLine): string {
  const sen = lineDiscountSen(line);
  if (sen === 0) return '-';
  const amount = `-${formatMoney(fromSen(sen))}`;
  return line.discount ? `${amount}\n(${ratePercentText(line.discount / 100)})` : amount;
}

/**
 * The lines table of every billing document: #, description, quantity, unit price, the discount
 * as its own column when any line has one, the tax, and the amount after the discount.
 */
export function taxedLineTable(lines: readonly TaxedPdfLine[]): {
  columns: PdfColumn[];
  rows: string[][];
} {
  const discounted = lines.some((line) => lineDiscountSen(line) > 0);
  const columns: PdfColumn[] = [
    { header: '#', width: 4 },
    { header: 'Description', width: discounted ? 27 : 35 },
    { header: 'Qty', width: 6, align: 'right' },
    { header: 'Unit price', width: 15, align: 'right' },
    ...(discounted ? [{ header: 'Discount', width: 14, align: 'right' as const }] : []),
    { header: 'Tax', width: discounted ? 18 : 23, align: 'right' },
    { header: 'Amount', width: 17, align: 'right' },
  ];
  return {
    columns,
    rows: lines.map((line, index) => [
      String(index + 1),
      line.description,
      String(line.quantity),
      formatMoney(line.unitPrice),
      ...(discounted ? [discountCell(line)] : []),
      line.taxType === 'EXEMPT'
        ? lineTaxText(line)
        : `${formatMoney(line.taxAmount)} (${lineTaxText(line)})`,
      formatMoney(line.lineTotal),
    ]),
  };
}
