import { einvoiceCancelWindowMs } from '@patrol/contracts';
import type { EinvoiceDocumentRow, NewEinvoiceDocumentRow } from '../../db/schema';
import { reconsolidateIfCancelled } from './einvoice-consolidation';
import { auditLhdnReport } from './einvoice-trail';
import { announce, type EinvoiceWorkerDeps } from './einvoice-worker-deps';
import { findValidInRejectionWindow, updateDocument } from './einvoices.repo';
import { MyInvoisHttpError, MyInvoisUncertainError } from './myinvois-client';
import type { MyInvoisDocumentSummary } from './myinvois-types';

/**
 * A Valid document is asked about again this often while its buyer may still reject it (72 hours
 * after validation, SDK "Reject Document"): Get Submission answers the rejection request's time
 * and reason (`rejectRequestDateTime`, `documentStatusReason`) and a cancellation made elsewhere.
 */
export const rejectionPollMs = 10 * 60_000;
/** Submissions asked about per cycle: Get Submission allows 300 a minute, the polls share it. */
const maxSubmissionsPerCycle = 5;

/**
 * Polls the submissions of Valid documents still inside the buyer's 72 hours. A new rejection
 * request is recorded on the row (time and reason), audited with no actor (LHDN reported it) and
 * announced; a document cancelled through the portal becomes Cancelled.
 */
export async function pollForRejections(deps: EinvoiceWorkerDeps, now: Date): Promise<void> {
  const since = new Date(now.getTime() - einvoiceCancelWindowMs);
  const rows = await findValidInRejectionWindow(deps.db, since, now, 200);
  const bySubmission = new Map<string, EinvoiceDocumentRow[]>();
  for (const row of rows) {
    if (!row.submissionUid) continue;
    bySubmission.set(row.submissionUid, [...(bySubmission.get(row.submissionUid) ?? []), row]);
  }
  const next = new Date(now.getTime() + rejectionPollMs);
  for (const [submissionUid, members] of [...bySubmission].slice(0, maxSubmissionsPerCycle)) {
    let summaries: MyInvoisDocumentSummary[];
    try {
      summaries = (await deps.client.getSubmission(submissionUid)).documentSummary;
    } catch (error) {
      if (!(error instanceof MyInvoisUncertainError || error instanceof MyInvoisHttpError))
        throw error;
      summaries = [];
    }
    for (const row of members) {
      const summary = summaries.find((doc) => doc.uuid === row.uuid);
      const patch = summary ? changeOf(row, summary, now) : null;
      if (!patch) {
        await updateDocument(deps.db, row.id, { nextAttemptAt: next });
        continue;
      }
      await deps.db.transaction(async (tx) => {
        const after = await updateDocument(tx, row.id, { ...patch, nextAttemptAt: next });
        await auditLhdnReport(
          tx,
          after.status === 'cancelled'
            ? 'einvoice.cancelled_in_portal'
            : 'einvoice.rejection_requested',
          row,
          after,
        );
        await reconsolidateIfCancelled(tx, after);
      });
      announce(deps.events, [row]);
    }
  }
}

/** What MyInvois reports that the row does not know yet: a rejection request, a cancellation. */
function changeOf(
  row: EinvoiceDocumentRow,
  summary: MyInvoisDocumentSummary,
  now: Date,
): Partial<NewEinvoiceDocumentRow> | null {
  if (summary.status === 'Cancelled') {
    return {
      status: 'cancelled',
      cancelledAt: summary.cancelDateTime ? new Date(summary.cancelDateTime) : now,
      cancelReason: summary.documentStatusReason ?? null,
    };
  }
  if (summary.rejectRequestDateTime && !row.rejectionRequestedAt) {
    return {
      rejectionRequestedAt: new Date(summary.rejectRequestDateTime),
      statusReason: summary.documentStatusReason ?? null,
    };
  }
  return null;
}
