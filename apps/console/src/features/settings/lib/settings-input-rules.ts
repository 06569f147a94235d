import { numberingLimits, sstPercentageRange } from '@patrol/contracts';
import { effectivePadLength, effectiveStartNumber } from '@patrol/domain';

/**
 * The settings input rules of spec 2 section 5, applied as the user types: each takes what the
 * field holds and returns what it should hold.
 */

/** Phone numbers keep only digits, plus, spaces and hyphens. */
export function phoneInput(value: string): string {
  return value.replace(/[^\d+\s-]/g, '');
}

/** Postal codes keep only digits and spaces. */
export function postalCodeInput(value: string): string {
  return value.replace(/[^\d ]/g, '');
}

/** Registration numbers are upper case. */
export function upperCaseInput(value: string): string {
  return value.toUpperCase();
}

/** Numbering prefixes: upper case, at most 10 characters. */
export function prefixInput(value: string): string {
  return value.toUpperCase().slice(0, numberingLimits.prefixMaxLength);
}

/** Numbering series: upper case, at most 5 characters. */
export function seriesInput(value: string): string {
  return value.toUpperCase().slice(0, numberingLimits.seriesMaxLength);
}

/**
 * Names and address parts: no leading blanks and no runs of blanks (the spec leaves the
 * normaliser's rules open; trailing blanks are trimmed when saving).
 */
export function normalisedTextInput(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/^ /, '');
}

/** Hex colours are at most 7 characters (#RRGGBB). */
export function colourInput(value: string): string {
  return value.trim().slice(0, 7);
}

/** The start number typed; below 1 or not a whole number falls back to 1. */
export function startNumberInput(text: string): number {
  return effectiveStartNumber(Number(text));
}

/** The pad length typed; outside 3 to 10 falls back to 6. */
export function padLengthInput(text: string): number {
  return effectivePadLength(Number(text));
}

/** The SST percentage typed; anything that is not a number becomes 0. */
export function sstPercentageInput(text: string): number {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) ? value : sstPercentageRange.min;
}

/** A count of days typed (lead time, graces, reminder steps); blank or not a number is 0. */
export function dayCountInput(text: string): number {
  const days = Math.trunc(Number(text));
  return Number.isFinite(days) ? days : 0;
}
