import { toSen, type MoneyInput } from './money';

const ones = [
  'Zero',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const tens = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
const scales = ['', 'Thousand', 'Million', 'Billion', 'Trillion'];

/** 0..99 in words: 'Fifty-Six', 'Twelve', 'Forty'. */
function underHundred(n: number): string {
  if (n < 20) return ones[n]!;
  const unit = n % 10;
  return unit === 0 ? tens[Math.floor(n / 10)]! : `${tens[Math.floor(n / 10)]}-${ones[unit]}`;
}

/** 1..999 in words: 'Two Hundred Thirty-Four' (no 'and', as cheques and invoices write it). */
function underThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const parts = hundreds > 0 ? [`${ones[hundreds]} Hundred`] : [];
  if (rest > 0) parts.push(underHundred(rest));
  return parts.join(' ');
}

/** A whole number in words: 1234 -> 'One Thousand Two Hundred Thirty-Four'. */
export function wholeNumberInWords(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Not a whole number that can be written in words: ${value}`);
  }
  if (value === 0) return ones[0]!;
  const groups: string[] = [];
  let rest = value;
  for (let scale = 0; rest > 0; scale++) {
    const group = rest % 1000;
    if (group > 0) {
      const name = scales[scale];
      if (name === undefined) throw new RangeError(`Too large to write in words: ${value}`);
      groups.unshift(name ? `${underThousand(group)} ${name}` : underThousand(group));
    }
    rest = Math.floor(rest / 1000);
  }
  return groups.join(' ');
}

/**
 * A ringgit amount as a Malaysian invoice writes it in words:
 * 1234.56 -> 'Ringgit Malaysia One Thousand Two Hundred Thirty-Four and Sen Fifty-Six Only',
 * 100 -> 'Ringgit Malaysia One Hundred Only', 0.5 -> 'Ringgit Malaysia Zero and Sen Fifty Only'.
 * Rounded half-up to the sen first; a negative amount reads 'Minus Ringgit Malaysia ...'.
 */
export function amountInWords(amount: MoneyInput): string {
  const sen = toSen(amount);
  const magnitude = Math.abs(sen);
  const ringgit = Math.floor(magnitude / 100);
  const cents = magnitude % 100;
  const words = `Ringgit Malaysia ${wholeNumberInWords(ringgit)}${
    cents > 0 ? ` and Sen ${underHundred(cents)}` : ''
  } Only`;
  return sen < 0 ? `Minus ${words}` : words;
}
