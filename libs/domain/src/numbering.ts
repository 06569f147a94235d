import { businessTimeZone, calendarYearMonth } from './dates';

/** One document kind's numbering settings (spec 2 section 3, numberingSettings). */
export interface NumberingConfigInput {
  prefix: string;
  series?: string | null;
  startNumber?: number | null;
  padLength?: number | null;
  useFinancialYear?: boolean | null;
  useCurrentYear?: boolean | null;
  resetAnnually?: boolean | null;
  /** Month (1-12) the financial year starts in; January when absent. */
  financialYearStartMonth?: number | null;
}

export const defaultPadLength = 6;
export const minPadLength = 3;
export const maxPadLength = 10;

function isIntegerAtLeast(value: number | null | undefined, min: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min;
}

/** The pad length, falling back to 6 when it is missing or outside 3 to 10. */
export function effectivePadLength(padLength: number | null | undefined): number {
  return isIntegerAtLeast(padLength, minPadLength) && padLength <= maxPadLength
    ? padLength
    : defaultPadLength;
}

/** The start number, falling back to 1 when it is missing or below 1. */
export function effectiveStartNumber(startNumber: number | null | undefined): number {
  return isIntegerAtLeast(startNumber, 1) ? startNumber : 1;
}

/**
 * The Malaysian financial year label. Rule: the financial year runs from `startMonth` (default
 * January, as the Malaysian government's financial year and most companies' years of assessment
 * do) for twelve months, and is named after the calendar year in which it ends: 'FY2026'.
 * Example with a July start: 15 Aug 2025 and 15 Jun 2026 are both in 'FY2026'.
 */
export function financialYearLabel(
  now: Date,
  startMonth = 1,
  timeZone: string = businessTimeZone,
): string {
  const { year, month } = calendarYearMonth(now, timeZone);
  const validStart = Number.isInteger(startMonth) && startMonth >= 1 && startMonth <= 12;
  const endYear = validStart && startMonth > 1 && month >= startMonth ? year + 1 : year;
  return `FY${endYear}`;
}

/**
 * The document number: prefix, series, optional financial year, optional current year and the
 * sequence zero-padded to the pad length, joined by hyphens ('INV-MP-2026-000001').
 */
export function formatDocumentNumber(
  config: NumberingConfigInput,
  sequence: number,
  now: Date,
  timeZone: string = businessTimeZone,
): string {
  const digits = String(sequence).padStart(effectivePadLength(config.padLength), '0');
  const pattern = documentNumberPattern(config, now, timeZone);
  return pattern === '' ? digits : `${pattern}-${digits}`;
}

/**
 * The number without its sequence ('INV-MP-2026'): prefix, series and the optional years joined
 * by hyphens. Two numbers with the same pattern and sequence are the same number, whatever their
 * padding, so the pattern is what the numbering keeps unique.
 */
export function documentNumberPattern(
  config: NumberingConfigInput,
  now: Date,
  timeZone: string = businessTimeZone,
): string {
  const parts = [
    config.prefix.trim(),
    config.series?.trim() ?? '',
    config.useFinancialYear
      ? financialYearLabel(now, config.financialYearStartMonth ?? 1, timeZone)
      : '',
    config.useCurrentYear ? String(calendarYearMonth(now, timeZone).year) : '',
  ];
  return parts.filter((part) => part !== '').join('-');
}

/** The live preview of the settings screen: the first number the settings would produce. */
export function previewDocumentNumber(
  config: NumberingConfigInput,
  now: Date,
  timeZone: string = businessTimeZone,
): string {
  return formatDocumentNumber(config, effectiveStartNumber(config.startNumber), now, timeZone);
}

/**
 * The counter period a number belongs to: the financial year or calendar year when the numbers
 * reset annually, '' otherwise. A reset is only honoured when the number carries that year;
 * without it a reset would reissue last year's numbers, so such settings keep counting ('').
 */
export function numberingPeriodKey(
  config: NumberingConfigInput,
  now: Date,
  timeZone: string = businessTimeZone,
): string {
  if (!config.resetAnnually) return '';
  if (config.useFinancialYear)
    return financialYearLabel(now, config.financialYearStartMonth ?? 1, timeZone);
  if (config.useCurrentYear) return String(calendarYearMonth(now, timeZone).year);
  return '';
}

/** The next sequence of a counter: the start number first, then one past the last issued. */
export function nextDocumentSequence(
  lastValue: number | null | undefined,
  startNumber: number | null | undefined,
): number {
  const start = effectiveStartNumber(startNumber);
  return lastValue === null || lastValue === undefined ? start : Math.max(lastValue + 1, start);
}

/** What the numbering has already issued, as far as the next number of one kind is concerned. */
export interface NumberingState {
  /** The last sequence counted in the settings' period (0 or absent: none yet). */
  periodLastValue?: number | null;
  /** The highest sequence ever issued with the settings' pattern (0 or absent: none yet). */
  patternLastSequence?: number | null;
}

/**
 * The sequence the next document gets: the period's counter (or the start number) as the settings
 * say, but never at or below a sequence the same pattern has already issued. Whatever the settings
 * went through (a reset switched off, the year dropped, a prefix changed back, the start lowered),
 * the number is the first free one of its pattern and is never reissued.
 */
export function plannedDocumentSequence(
  config: Pick<NumberingConfigInput, 'startNumber'>,
  state: NumberingState,
): number {
  const counted = nextDocumentSequence(state.periodLastValue ?? 0, config.startNumber);
  return Math.max(counted, (state.patternLastSequence ?? 0) + 1);
}
