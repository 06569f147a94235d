import type { Quotation, QuotationItem } from '@patrol/contracts';
import { fromSen, quotationStatusOn, toSen } from '@patrol/domain';
import type { QuotationItemRow, QuotationRow } from '../../db/schema';

/** A numeric(14,2) column as a JSON number of ringgit, exactly. */
export function presentMoney(value: string): number {
  return fromSen(toSen(value));
}

/** A date column (UTC midnight of a calendar day) as 'YYYY-MM-DD'. */
export function presentDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

export function presentQuotationItem(row: QuotationItemRow): QuotationItem {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    description: row.description,
    quantity: row.quantity,
    unitPrice: presentMoney(row.unitPrice),
    discount: Number(row.discount),
    lineTotal: presentMoney(row.lineTotal),
  };
}

/** A quotation with its lines, its status as it reads on `today` (past validity: expired). */
export function presentQuotation(
  row: QuotationRow,
  items: readonly QuotationItemRow[],
  today: string,
): Quotation {
  const validUntil = presentDay(row.validUntil);
  return {
    id: row.id,
    quotationNumber: row.quotationNumber,
    clientId: row.clientId,
    clientInfo: {
      companyName: row.clientInfo.companyName ?? '',
      contactPerson: row.clientInfo.contactPerson ?? '',
      phone: row.clientInfo.phone ?? '',
      email: row.clientInfo.email ?? '',
    },
    quotationDate: presentDay(row.quotationDate),
    validUntil,
    validityDays: row.validityDays,
    paymentTerms: row.paymentTerms,
    items: items.map(presentQuotationItem),
    notes: row.notes ?? '',
    taxRate: Number(row.taxRate),
    discountAmount: presentMoney(row.discountAmount),
    subtotal: presentMoney(row.subtotal),
    taxAmount: presentMoney(row.taxAmount),
    totalAmount: presentMoney(row.totalAmount),
    status: quotationStatusOn(row.status, validUntil, today),
    invoiceId: row.invoiceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
