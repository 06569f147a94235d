/**
 * Exact decimal parsing shared by the money and totals rules. A value is held as an integer
 * `units` scaled by 10^`scale`, so arithmetic is done on BigInt and never on binary floats.
 */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** Parses a finite number or a plain decimal string ('1234.50', '-.5'); anything else is null. */
export function parseExactDecimal(value: unknown): ExactDecimal | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Magnitudes below 1e-6 print in exponent form and are far below a sen anyway.
    text = Math.abs(value) < 1e-6 ? '0' : String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = decimalPattern.exec(text);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return null;
  const magnitude = BigInt(`${whole}${fraction}` || '0');
  return { units: sign === '-' ? -magnitude : magnitude, scale: fraction.length };
}

/** Divides and rounds half away from zero ("half-up" as money is usually rounded). */
export function divideRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

/** 10 to the power `exponent`, as a BigInt. */
export function powerOfTen(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}
