import { divideRoundHalfUp, parseExactDecimal, powerOfTen } from './decimal';

/** A money amount as it arrives: a JSON number, or a numeric(14,2) column read as a string. */
export type MoneyInput = number | string | null | undefined;

export const defaultCurrency = 'MYR';
const moneyLocale = 'en-MY';

/** Integer sen for an amount, rounded half-up to a sen; null when the input is not a number. */
export function parseSen(amount: unknown): number | null {
  const decimal = parseExactDecimal(amount);
  if (!decimal) return null;
  const sen = divideRoundHalfUp(decimal.units * 100n, powerOfTen(decimal.scale));
  const result = Number(sen);
  return Number.isSafeInteger(result) ? result : null;
}

/** Integer sen for an amount ('0.1' -> 10, 1234.5 -> 123450); throws on a non-number. */
export function toSen(amount: MoneyInput): number {
  const sen = parseSen(amount);
  if (sen === null) throw new RangeError(`Not a money amount: ${String(amount)}`);
  return sen;
}

/** The JSON number for an integer sen value (123450 -> 1234.5). */
export function fromSen(sen: number): number {
  assertSen(sen);
  return sen / 100;
}

/** The exact two-decimal text of a sen value, as a numeric(14,2) column wants it (-5 -> '-0.05'). */
export function senToDecimalString(sen: number): string {
  assertSen(sen);
  const magnitude = Math.abs(sen);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${sen < 0 ? '-' : ''}${whole}.${fraction}`;
}

/** The exact sum of sen values. */
export function sumSen(values: readonly number[]): number {
  return values.reduce((total, sen) => {
    assertSen(sen);
    return total + sen;
  }, 0);
}

/**
 * Money for display: 'RM 1,234.50' for MYR ('RM 0.00' for a non-number), standard en-MY currency
 * formatting for any other currency.
 */
export function formatMoney(amount: MoneyInput, currency: string = defaultCurrency): string {
  const value = (parseSen(amount) ?? 0) / 100;
  if (currency === defaultCurrency) return `RM ${ringgitFormat.format(value)}`;
  try {
    return currencyFormat(currency).format(value);
  } catch {
    // A malformed currency code must not break a page that only displays money.
    return `${currency} ${value.toFixed(2)}`;
  }
}

// Formatters are made once: building one (as toLocaleString with options does on every call)
// costs tens of microseconds, a tenth of a 200-line PDF's time.
const ringgitFormat = new Intl.NumberFormat(moneyLocale, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const currencyFormats = new Map<string, Intl.NumberFormat>();

/** The formatter of a currency code; only codes Intl accepts are kept (a few hundred exist). */
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(moneyLocale, { style: 'currency', currency });
    currencyFormats.set(currency, format);
  }
  return format;
}

function assertSen(sen: number): void {
  if (!Number.isSafeInteger(sen)) throw new RangeError(`Not an integer sen value: ${sen}`);
}
