import type { TaxType } from '@patrol/contracts';
import { divideRoundHalfUp, parseExactDecimal, powerOfTen, type ExactDecimal } from './decimal';
import { effectiveRate, groupByTax, taxOnSen, type TaxGroup } from './document-tax';
import { parseSen, sumSen, type MoneyInput } from './money';

/** The default tax rate (SST 8 percent) as a fraction. */
export const defaultTaxRate = 0.08;

/** One quotation item as typed into the form; the values may be numbers or numeric text. */
export interface QuotationItemInput {
  quantity?: number | string | null;
  unitPrice?: MoneyInput;
  /** Discount in percent, 0 to 100. */
  discount?: number | string | null;
}

export interface QuotationLine {
  quantity: number;
  unitPriceSen: number;
  discountPercent: number;
  lineTotalSen: number;
}

export interface QuotationTotals {
  lines: QuotationLine[];
  subtotalSen: number;
  /** What the line discounts took off the undiscounted amounts. */
  discountSen: number;
  taxSen: number;
  totalSen: number;
}

const one: ExactDecimal = { units: 1n, scale: 0 };
const zero: ExactDecimal = { units: 0n, scale: 0 };
const hundred: ExactDecimal = { units: 100n, scale: 0 };

// Quantity below 1 or not a number becomes 1 (spec 3 section 5); fractions such as 1.5 hours stay.
function normaliseQuantity(quantity: unknown): ExactDecimal {
  const decimal = parseExactDecimal(quantity);
  return decimal && decimal.units >= powerOfTen(decimal.scale) ? decimal : one;
}

function normaliseDiscount(discount: unknown): ExactDecimal {
  const decimal = parseExactDecimal(discount);
  if (!decimal || decimal.units < 0n) return zero;
  return decimal.units > 100n * powerOfTen(decimal.scale) ? hundred : decimal;
}

function lineTotal(quantity: ExactDecimal, unitPriceSen: number, discount: ExactDecimal): number {
  // quantity x price x (100 - discount) / 100, computed exactly and rounded once.
  const keptPercent = 100n * powerOfTen(discount.scale) - discount.units;
  const numerator = quantity.units * BigInt(unitPriceSen) * keptPercent;
  const denominator = powerOfTen(quantity.scale) * powerOfTen(discount.scale) * 100n;
  return Number(divideRoundHalfUp(numerator, denominator));
}

function toNumber(decimal: ExactDecimal): number {
  return Number(decimal.units) / Number(powerOfTen(decimal.scale));
}

interface NormalisedItem {
  quantity: ExactDecimal;
  unitPriceSen: number;
  discount: ExactDecimal;
}

function normaliseItem(item: QuotationItemInput): NormalisedItem {
  return {
    quantity: normaliseQuantity(item.quantity),
    unitPriceSen: Math.max(0, parseSen(item.unitPrice) ?? 0),
    discount: normaliseDiscount(item.discount),
  };
}

function toLine({ quantity, unitPriceSen, discount }: NormalisedItem): QuotationLine {
  return {
    quantity: toNumber(quantity),
    unitPriceSen,
    discountPercent: toNumber(discount),
    lineTotalSen: lineTotal(quantity, unitPriceSen, discount),
  };
}

/** The normalised item and its line total in sen: quantity x unitPrice x (1 - discount/100). */
export function quotationLine(item: QuotationItemInput): QuotationLine {
  return toLine(normaliseItem(item));
}

/** The tax on a subtotal in sen, rounded half-up to a sen. */
export function taxSen(subtotalSen: number, taxRate: number | string = defaultTaxRate): number {
  const rate = parseExactDecimal(taxRate);
  if (!rate || rate.units <= 0n) return 0;
  return Number(divideRoundHalfUp(BigInt(subtotalSen) * rate.units, powerOfTen(rate.scale)));
}

/**
 * Lines, subtotal, tax and total of a quotation taxed at one rate (spec 3 section 5): every line
 * is taxed at `taxRate` (the default 8 percent when missing; a negative or non-numeric one charges
 * no tax). Documents whose lines carry their own tax use `calculateDocumentTotals`.
 */
export function calculateQuotationTotals(
  items: readonly QuotationItemInput[],
  taxRate: number | string | null | undefined = defaultTaxRate,
): DocumentTotals {
  const rate = Number(taxRate ?? defaultTaxRate);
  return calculateDocumentTotals(
    items.map((item) => ({ ...item, taxType: 'SERVICE_TAX' as const, taxRate: rate })),
  );
}

/** A line as typed or stored, with its tax type and rate (a fraction). */
export interface TaxedItemInput extends QuotationItemInput {
  taxType: TaxType;
  taxRate: number | string;
}

/** A priced line with its tax. */
export interface TaxedDocumentLine extends QuotationLine {
  taxType: TaxType;
  taxRate: number;
  taxSen: number;
}

/** The figures of a quotation, invoice or any document built from priced lines. */
export interface DocumentTotals extends QuotationTotals {
  lines: TaxedDocumentLine[];
  /** The lines before their discounts: subtotal + discount. */
  subtotalBeforeDiscountSen: number;
  /** One row per tax type and rate, exempt lines included (with no tax). */
  taxes: TaxGroup[];
}

/**
 * The one totals rule of quotations and invoices, used by the form, the API and the documents:
 * line total = quantity x unitPrice x (1 - discount/100); subtotal = sum of lines; each tax type
 * and rate is charged on the sum of its lines (rounded half-up once per rate, exempt lines carry
 * none), each line's share adding up to it exactly; total = subtotal + every tax.
 */
export function calculateDocumentTotals(items: readonly TaxedItemInput[]): DocumentTotals {
  const normalised = items.map(normaliseItem);
  const lines: TaxedDocumentLine[] = normalised.map((item, index) => ({
    ...toLine(item),
    taxType: items[index]!.taxType,
    taxRate: Number(items[index]!.taxRate),
    taxSen: 0,
  }));
  const taxes = groupByTax(lines).map(({ group, lines: grouped }) => {
    const groupTax = taxOnSen(group.taxableSen, group.taxRate);
    const shares = lineTaxesSen(
      grouped.map((line) => line.lineTotalSen),
      group.taxRate,
      groupTax,
    );
    grouped.forEach((line, index) => (line.taxSen = shares[index]!));
    return { ...group, taxSen: groupTax };
  });
  for (const line of lines) line.taxRate = effectiveRate(line);
  const subtotalSen = sumSen(lines.map((line) => line.lineTotalSen));
  const undiscountedSen = sumSen(
    normalised.map((item) => lineTotal(item.quantity, item.unitPriceSen, zero)),
  );
  const tax = sumSen(taxes.map((group) => group.taxSen));
  return {
    lines,
    subtotalSen,
    discountSen: undiscountedSen - subtotalSen,
    subtotalBeforeDiscountSen: undiscountedSen,
    taxes,
    taxSen: tax,
    totalSen: subtotalSen + tax,
  };
}

/**
 * The tax of each line, so that the lines add up to `totalTaxSen` exactly: each line's tax at the
 * rate, rounded half-up, with the rounding difference carried by the last line (an invoice prints
 * the tax per line, and its total tax is the one computed on the subtotal).
 */
export function lineTaxesSen(
  lineTotalsSen: readonly number[],
  taxRate: number | string,
  totalTaxSen: number,
): number[] {
  const taxes = lineTotalsSen.map((lineTotal) => taxSen(lineTotal, taxRate));
  if (taxes.length === 0) return taxes;
  const difference = totalTaxSen - sumSen(taxes);
  taxes[taxes.length - 1]! += difference;
  return taxes;
}
