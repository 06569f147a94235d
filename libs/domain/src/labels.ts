/** A code as words: 'bank_transfer' -> 'Bank Transfer', 'NET_30' -> 'Net 30'. */
export function humanise(value: string): string {
  return value
    .toLowerCase()
    .split('_')
    .map((word) => (word ? word[0]!.toUpperCase() + word.slice(1) : word))
    .join(' ');
}
