import type { DbExecutor } from '../../db/client';
import type { QuotationRow } from '../../db/schema';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange } from '../audit/audit.service';
import { quotationRuleMessages } from './quotation-messages';
import { findQuotationForUpdate } from './quotations.repo';

// What both quotation services do to a stored quotation inside their transactions.

/** The quotation locked for the caller's transaction; 404 when absent. */
export async function lockQuotation(tx: DbExecutor, id: string): Promise<QuotationRow> {
  const row = await findQuotationForUpdate(tx, id);
  if (!row) throw notFound(quotationRuleMessages.notFound);
  return row;
}

/** A quotation as the trail records it: the row, with its lines when the change touches them. */
export type QuotationSnapshot = QuotationRow & { lines?: object[] };

/** Writes a quotation change to the audit trail. */
export function auditQuotation(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  before: QuotationSnapshot | null,
  after: QuotationSnapshot | null,
): Promise<void> {
  return recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'quotation',
    before,
    after,
  });
}
