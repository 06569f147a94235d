import { taxTypeLabels, type TaxType } from '@patrol/contracts';
import { divideRoundHalfUp, parseExactDecimal, powerOfTen } from './decimal';
import { sumSen } from './money';

/** The tax part of the company settings that decides a line's tax. */
export interface TaxSettingsInput {
  /** SST service tax, in percent. */
  sstPercentage: number;
  /** SST sales tax, in percent. */
  salesTaxPercentage: number;
  defaultTaxType: TaxType;
}

/** What a line's tax type is decided from: a type chosen on the line, else its product's. */
export interface LineTaxSource {
  taxType?: TaxType | null;
  product?: { taxable: boolean; taxType: TaxType } | null;
}

/**
 * A line's tax type: the one chosen on the line; else its product's (a product that is not
 * taxable is exempt); else, for a typed line, the settings' default.
 */
export function lineTaxType(
  source: LineTaxSource,
  settings: Pick<TaxSettingsInput, 'defaultTaxType'>,
): TaxType {
  if (source.taxType) return source.taxType;
  if (source.product) return source.product.taxable ? source.product.taxType : 'EXEMPT';
  return settings.defaultTaxType;
}

/** A percentage as an exact fraction (8.3 -> 0.083), never a binary-float artefact. */
export function percentToRate(percent: number | string): number {
  const decimal = parseExactDecimal(percent);
  if (!decimal || decimal.units <= 0n) return 0;
  const digits = decimal.units.toString().padStart(decimal.scale + 3, '0');
  const cut = digits.length - (decimal.scale + 2);
  return Number(`${digits.slice(0, cut)}.${digits.slice(cut)}`);
}

/** The rate (a fraction) the settings give a tax type; exempt lines carry no tax. */
export function taxRateOf(taxType: TaxType, settings: TaxSettingsInput): number {
  if (taxType === 'SALES_TAX') return percentToRate(settings.salesTaxPercentage);
  if (taxType === 'SERVICE_TAX') return percentToRate(settings.sstPercentage);
  return 0;
}

/** The tax on an amount in sen, rounded half-up to a sen; no tax for a zero or bad rate. */
export function taxOnSen(amountSen: number, taxRate: number | string): number {
  const rate = parseExactDecimal(taxRate);
  if (!rate || rate.units <= 0n) return 0;
  return Number(divideRoundHalfUp(BigInt(amountSen) * rate.units, powerOfTen(rate.scale)));
}

/** The documents' tax summary: one row per tax type and rate. */
export interface TaxGroup {
  taxType: TaxType;
  /** Fraction, e.g. 0.08. */
  taxRate: number;
  /** The lines' amount the tax is charged on (after their discounts). */
  taxableSen: number;
  taxSen: number;
}

/** A priced line with its tax type and rate, as the grouping reads it. */
export interface TaxedLine {
  taxType: TaxType;
  taxRate: number;
  lineTotalSen: number;
}

const typeOrder: readonly TaxType[] = ['SALES_TAX', 'SERVICE_TAX', 'EXEMPT'];

/** The tax rate actually charged: exempt lines and bad rates charge none. */
export function effectiveRate(line: Pick<TaxedLine, 'taxType' | 'taxRate'>): number {
  const rate = Number(line.taxRate);
  return line.taxType === 'EXEMPT' || !Number.isFinite(rate) || rate < 0 ? 0 : rate;
}

/** Lines grouped by tax type and rate, in a fixed order (sales, service, exempt; higher rates first). */
export function groupByTax<T extends TaxedLine>(
  lines: readonly T[],
): { group: TaxGroup; lines: T[] }[] {
  const groups = new Map<string, { group: TaxGroup; lines: T[] }>();
  for (const line of lines) {
    const taxRate = effectiveRate(line);
    const key = `${line.taxType}:${taxRate}`;
    const entry = groups.get(key) ?? {
      group: { taxType: line.taxType, taxRate, taxableSen: 0, taxSen: 0 },
      lines: [],
    };
    entry.group.taxableSen += line.lineTotalSen;
    entry.lines.push(line);
    groups.set(key, entry);
  }
  return [...groups.values()].sort(
    (a, b) =>
      typeOrder.indexOf(a.group.taxType) - typeOrder.indexOf(b.group.taxType) ||
      b.group.taxRate - a.group.taxRate,
  );
}

/**
 * The tax summary of stored lines: per type and rate, the taxable amount and the tax the lines
 * carry (their taxes already add up to each group's tax).
 */
export function summariseLineTaxes(lines: readonly (TaxedLine & { taxSen: number })[]): TaxGroup[] {
  return groupByTax(lines).map(({ group, lines: grouped }) => ({
    ...group,
    taxSen: sumSen(grouped.map((line) => line.taxSen)),
  }));
}

/** 'SST service tax 8%': how documents name a tax group. */
export function taxGroupLabel(group: Pick<TaxGroup, 'taxType' | 'taxRate'>): string {
  if (group.taxType === 'EXEMPT') return taxTypeLabels.EXEMPT;
  return `${taxTypeLabels[group.taxType]} ${ratePercentText(group.taxRate)}`;
}

/** A rate as a percentage for display: 0.08 -> '8%', 0.065 -> '6.5%'. */
export function ratePercentText(taxRate: number): string {
  return `${Number((taxRate * 100).toFixed(2))}%`;
}

/**
 * The one rate a document states beside its tax summary: the taxed lines' rate when they share
 * one, the highest when they do not, 0 when no line is taxed.
 */
export function headlineTaxRate(taxes: readonly Pick<TaxGroup, 'taxType' | 'taxRate'>[]): number {
  const rates = taxes.filter((group) => group.taxType !== 'EXEMPT').map((group) => group.taxRate);
  return rates.length === 0 ? 0 : Math.max(...rates);
}
