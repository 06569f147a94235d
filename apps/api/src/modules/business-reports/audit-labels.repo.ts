import { inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { invoices, paymentEntries, products, quotations, receipts } from '../../db/schema';

// The audit trail's labels for one page: one query per entity type on the page, never per row.

const whenAny = <T>(ids: string[], query: (ids: string[]) => Promise<T[]>): Promise<T[]> =>
  ids.length ? query(ids) : Promise.resolve([]);

export const invoiceIdsOfPayments = (db: DbExecutor, paymentIds: string[]) =>
  whenAny(paymentIds, (ids) =>
    db
      .select({ id: paymentEntries.id, invoiceId: paymentEntries.invoiceId })
      .from(paymentEntries)
      .where(inArray(paymentEntries.id, ids)),
  );

export const invoiceLabels = (db: DbExecutor, invoiceIds: string[]) =>
  whenAny(invoiceIds, (ids) =>
    db
      .select({ id: invoices.id, label: invoices.invoiceNumber, client: invoices.clientInfo })
      .from(invoices)
      .where(inArray(invoices.id, ids)),
  );

export const quotationLabels = (db: DbExecutor, quotationIds: string[]) =>
  whenAny(quotationIds, (ids) =>
    db
      .select({
        id: quotations.id,
        label: quotations.quotationNumber,
        client: quotations.clientInfo,
      })
      .from(quotations)
      .where(inArray(quotations.id, ids)),
  );

export const receiptLabels = (db: DbExecutor, receiptIds: string[]) =>
  whenAny(receiptIds, (ids) =>
    db
      .select({ id: receipts.id, label: receipts.receiptNumber, client: receipts.clientInfo })
      .from(receipts)
      .where(inArray(receipts.id, ids)),
  );

export const productLabels = (db: DbExecutor, productIds: string[]) =>
  whenAny(productIds, (ids) =>
    db
      .select({ id: products.id, label: products.name })
      .from(products)
      .where(inArray(products.id, ids)),
  );
