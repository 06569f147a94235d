import type { Quotation, QuotationItem, QuotationSummary } from '@patrol/contracts';
import { quotationStatusOn } from '@patrol/domain';
import { dayOf, documentClient, moneyValue, taxSummaryOf } from '../../db/column-values';
import type { QuotationItemRow, QuotationRow } from '../../db/schema';

export function presentQuotationItem(row: QuotationItemRow): QuotationItem {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    description: row.description,
    quantity: row.quantity,
    unitPrice: moneyValue(row.unitPrice),
    discount: Number(row.discount),
    lineTotal: moneyValue(row.lineTotal),
    taxType: row.taxType,
    taxRate: Number(row.taxRate),
    taxAmount: moneyValue(row.taxAmount),
    licenceAction: row.licenceAction,
    renewalLicenceIds: row.renewalLicenceIds ?? [],
  };
}

/**
 * A quotation as the list shows it, without its lines: its figures, and its status as it reads on
 * `today` (past validity: expired).
 */
export function presentQuotationSummary(row: QuotationRow, today: string): QuotationSummary {
  const validUntil = dayOf(row.validUntil);
  return {
    id: row.id,
    quotationNumber: row.quotationNumber,
    clientId: row.clientId,
    clientInfo: documentClient(row.clientInfo),
    quotationDate: dayOf(row.quotationDate),
    validUntil,
    validityDays: row.validityDays,
    paymentTerms: row.paymentTerms,
    notes: row.notes ?? '',
    taxRate: Number(row.taxRate),
    discountAmount: moneyValue(row.discountAmount),
    subtotal: moneyValue(row.subtotal),
    taxAmount: moneyValue(row.taxAmount),
    totalAmount: moneyValue(row.totalAmount),
    status: quotationStatusOn(row.status, validUntil, today),
    invoiceId: row.invoiceId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    sentTo: row.sentTo,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A quotation with its lines and tax summary. */
export function presentQuotation(
  row: QuotationRow,
  items: readonly QuotationItemRow[],
  today: string,
): Quotation {
  return {
    ...presentQuotationSummary(row, today),
    items: items.map(presentQuotationItem),
    taxSummary: taxSummaryOf(items),
  };
}
