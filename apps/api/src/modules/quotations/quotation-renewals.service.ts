import type { DbExecutor } from '../../db/client';
import { findOpenQuotationIds, findRenewalKeysInOpenQuotations } from './quotation-renewals.repo';

/** The licence ids that renewal lines of these clients' open quotations already name. */
export function renewalKeysInOpenQuotations(
  db: DbExecutor,
  clientIds: readonly string[],
  today: string,
): Promise<string[]> {
  return findRenewalKeysInOpenQuotations(db, clientIds, today);
}

/** Which of `ids` are open quotations (draft, sent or accepted, within their validity). */
export function openQuotationIds(
  db: DbExecutor,
  ids: readonly string[],
  today: string,
): Promise<Set<string>> {
  return findOpenQuotationIds(db, ids, today);
}

// The renewal run drafts, accepts and sends quotations through the same paths as staff.
export { createQuotation, createQuotations } from './quotations.service';
export { setQuotationStatus } from './quotation-status.service';
export { sendQuotationToClient } from './quotation-sending';
