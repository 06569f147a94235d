export type ChangeDirection = 'up' | 'down' | 'stable';

export interface PercentChange {
  /** The change in percent, rounded to one decimal. */
  value: number;
  /** '+12.5%', '-3.0%', or '0.0%' when unchanged. */
  text: string;
  direction: ChangeDirection;
}

/** The change from `previous` to `current`; null when previous is missing or 0. */
export function percentChange(
  current: number | null | undefined,
  previous: number | null | undefined,
): PercentChange | null {
  if (previous === null || previous === undefined || previous === 0 || !Number.isFinite(previous)) {
    return null;
  }
  const raw = (((current ?? 0) - previous) / Math.abs(previous)) * 100;
  // Rounded symmetrically (half away from zero); `|| 0` turns -0 into 0 so a tiny fall reads
  // as stable rather than '-0.0%'.
  const value = (Math.sign(raw) * Math.round(Math.abs(raw) * 10)) / 10 || 0;
  const direction: ChangeDirection = value > 0 ? 'up' : value < 0 ? 'down' : 'stable';
  const sign = value > 0 ? '+' : value < 0 ? '-' : '';
  return { value, text: `${sign}${Math.abs(value).toFixed(1)}%`, direction };
}

/** numerator / denominator, or 0 when the denominator is 0 or either side is not a number. */
export function ratio(numerator: number, denominator: number): number {
  if (denominator === 0 || !Number.isFinite(numerator) || !Number.isFinite(denominator)) return 0;
  return numerator / denominator;
}

/** The share of `part` in `whole` as a percent with one decimal (0 when whole is 0). */
export function percentOf(part: number, whole: number): number {
  return Math.round(ratio(part, whole) * 1000) / 10;
}

/** `value` rounded to `digits` decimals (one by default), as figures are shown and sent. */
export function roundTo(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
