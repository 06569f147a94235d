import { divideRoundHalfUp, parseExactDecimal, powerOfTen, type ExactDecimal } from './decimal';
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
 * Lines, subtotal, tax and total of a quotation (spec 3 section 5): subtotal = sum of lines,
 * tax = subtotal x taxRate, total = subtotal + tax. A missing tax rate is the default 8 percent;
 * a negative or non-numeric one charges no tax.
 */
export function calculateQuotationTotals(
  items: readonly QuotationItemInput[],
  taxRate: number | string | null | undefined = defaultTaxRate,
): QuotationTotals {
  const normalised = items.map(normaliseItem);
  const lines = normalised.map(toLine);
  const subtotalSen = sumSen(lines.map((line) => line.lineTotalSen));
  const undiscountedSen = sumSen(
    normalised.map((item) => lineTotal(item.quantity, item.unitPriceSen, zero)),
  );
  const tax = taxSen(subtotalSen, taxRate ?? defaultTaxRate);
  return {
    lines,
    subtotalSen,
    discountSen: undiscountedSen - subtotalSen,
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
