/** '1 day', '2 days': the count with its unit, singular for exactly one. */
export function countWithUnit(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}
