import type { DbExecutor } from '../../db/client';
import type { EinvoiceDocumentRow } from '../../db/schema';
import { recordAudit } from '../audit/audit.service';

/** What LHDN reported about a document, as the trail names it. */
export type LhdnReport =
  | 'einvoice.validated'
  | 'einvoice.invalid'
  | 'einvoice.cancelled_in_portal'
  | 'einvoice.rejection_requested';

/**
 * A document's change that LHDN reported (validation, refusal, a cancellation or rejection request
 * made through the portal), audited with no actor. Call it with the transaction of the change.
 */
export function auditLhdnReport(
  tx: DbExecutor,
  action: LhdnReport,
  before: EinvoiceDocumentRow,
  after: EinvoiceDocumentRow,
): Promise<void> {
  return recordAudit(tx, {
    actorId: null,
    action,
    entityType: 'einvoice',
    entityId: after.id,
    before: trailOf(before),
    after: trailOf(after),
  });
}

/** The fields of a row the audit trail shows for e-invoice changes. */
function trailOf(row: EinvoiceDocumentRow) {
  return {
    number: row.number,
    status: row.status,
    uuid: row.uuid,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    errors: row.errors.map((error) => error.message),
    rejectionRequestedAt: row.rejectionRequestedAt?.toISOString() ?? null,
    statusReason: row.statusReason,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
  };
}
