import type { DbExecutor } from '../../db/client';
import type { PublishedEvent } from '../../events/event-bus';
import type { BillingTotals } from '../../http/app-context';
import { billingDocumentCounts } from './billing-totals.repo';

/**
 * The three counts in one round trip. Served from a snapshot (`ctx.billingTotals`) dropped on
 * every billing change, so an unfiltered list page tells its total without counting the table.
 * Receipts are added up from their per-month counters (migration 0014).
 */
export function countBillingDocuments(db: DbExecutor): Promise<BillingTotals> {
  return billingDocumentCounts(db);
}

const countChangingActions = new Set(['created', 'deleted', 'converted', 'reverted']);

/**
 * Whether a billing event may change how many quotations, invoices or receipts there are: then a
 * list read after it waits for a fresh count. Payments, rejections and edits change no count, and
 * a busy office records them every few seconds: readers keep the held counts while they refresh.
 */
export function changesBillingCounts(published: PublishedEvent): boolean {
  switch (published.event) {
    case 'billingUpdated':
      return countChangingActions.has(published.payload.action);
    // A validated payment issues its receipt.
    case 'invoiceCreated':
    case 'invoiceReverted':
    case 'paymentValidated':
      return true;
    default:
      return false;
  }
}
