import type { TaxSummaryRow, TaxType } from '@patrol/contracts';
import { fromSen, senToDecimalString, summariseLineTaxes, toSen } from '@patrol/domain';
import type { DocumentClientInfo } from './schema';

// Conversions between API values and the billing columns: calendar days are stored as the
// UTC midnight that starts them, money as numeric(14,2) text.

/** The stored instant of a calendar day ('2026-11-24' -> 2026-11-24T00:00:00Z). */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

/** The calendar day of a stored date column ('YYYY-MM-DD'). */
export function dayOf(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** A numeric(14,2) column as a JSON number of ringgit, exactly. */
export function moneyValue(column: string): number {
  return fromSen(toSen(column));
}

/** A JSON amount (or integer sen) as numeric(14,2) text. */
export function moneyColumn(amount: number): string {
  return senToDecimalString(toSen(amount));
}

/** A billing document's copy of its client, every field present ('' where none was copied). */
export function documentClient(info: DocumentClientInfo) {
  return {
    companyName: info.companyName ?? '',
    contactPerson: info.contactPerson ?? '',
    email: info.email ?? '',
    phone: info.phone ?? '',
    address: info.address ?? '',
  };
}

/** The tax summary of stored document lines (each with its type, rate and tax as issued). */
export function taxSummaryOf(
  lines: readonly { taxType: TaxType; taxRate: string; lineTotal: string; taxAmount: string }[],
): TaxSummaryRow[] {
  const groups = summariseLineTaxes(
    lines.map((line) => ({
      taxType: line.taxType,
      taxRate: Number(line.taxRate),
      lineTotalSen: toSen(line.lineTotal),
      taxSen: toSen(line.taxAmount),
    })),
  );
  return groups.map((group) => ({
    taxType: group.taxType,
    taxRate: group.taxRate,
    taxableAmount: fromSen(group.taxableSen),
    taxAmount: fromSen(group.taxSen),
  }));
}
