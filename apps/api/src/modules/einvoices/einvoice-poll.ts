import type { NewEinvoiceDocumentRow } from '../../db/schema';
import { fromValidationSteps } from './einvoice-errors';
import { findDueDocuments, updateDocument } from './einvoices.repo';
import type { MyInvoisDocumentSummary } from './myinvois-types';
import { announce, pollDelayMs, type EinvoiceWorkerDeps } from './einvoice-worker-deps';
import { MyInvoisHttpError, MyInvoisUncertainError } from './myinvois-client';
import { rejectionPollMs } from './einvoice-rejections';
import { reconsolidateIfCancelled } from './einvoice-consolidation';
import { auditLhdnReport } from './einvoice-trail';

/** A search for a lost submission looks back this far before the row was queued. */
const searchMarginMs = 24 * 60 * 60_000;
const maxPolledSubmissions = 20;

/**
 * Rows sent without an answer: MyInvois is asked for our number first. Found, the row adopts
 * its uuid and submission and is polled; not found, it is queued again (the same signed bytes).
 */
export async function recoverUncertain(deps: EinvoiceWorkerDeps, now: Date): Promise<void> {
  const rows = await findDueDocuments(deps.db, 'submitting', now, 50);
  for (const row of rows) {
    try {
      const from = new Date(row.queuedAt.getTime() - searchMarginMs);
      const found = await deps.client.searchDocuments(row.number, from, now);
      const match = found.result.find(
        (doc) => doc.internalId === row.number && doc.status !== 'Invalid',
      );
      await updateDocument(
        deps.db,
        row.id,
        match
          ? {
              status: 'submitted',
              uuid: match.uuid,
              submissionUid: match.submissionUid,
              submittedAt: row.submittedAt ?? now,
              nextAttemptAt: now,
            }
          : { status: 'queued', nextAttemptAt: now },
      );
    } catch (error) {
      if (!(error instanceof MyInvoisUncertainError || error instanceof MyInvoisHttpError))
        throw error;
      await updateDocument(deps.db, row.id, { nextAttemptAt: new Date(now.getTime() + 30_000) });
    }
  }
}

/** Polls each submission in flight (3 to 5 s apart) until its documents are Valid or Invalid. */
export async function pollSubmitted(deps: EinvoiceWorkerDeps, now: Date): Promise<void> {
  const rows = await findDueDocuments(deps.db, 'submitted', now, 500);
  const bySubmission = new Map<string, typeof rows>();
  for (const row of rows) {
    const key = row.submissionUid ?? '';
    bySubmission.set(key, [...(bySubmission.get(key) ?? []), row]);
  }
  let polled = 0;
  for (const [submissionUid, members] of bySubmission) {
    if (!submissionUid || polled >= maxPolledSubmissions) continue;
    polled += 1;
    let summaries: MyInvoisDocumentSummary[];
    try {
      summaries = (await deps.client.getSubmission(submissionUid)).documentSummary;
    } catch (error) {
      if (!(error instanceof MyInvoisUncertainError || error instanceof MyInvoisHttpError))
        throw error;
      for (const row of members) {
        await updateDocument(deps.db, row.id, { nextAttemptAt: new Date(now.getTime() + 30_000) });
      }
      continue;
    }
    for (const row of members) {
      const summary = summaries.find((doc) => doc.uuid === row.uuid);
      const patch = summary ? await outcomeOf(deps, summary, now) : null;
      // A Valid one is next asked about when the buyer may have rejected it.
      const wait = patch?.status === 'valid' ? rejectionPollMs : pollDelayMs(deps);
      const nextAttemptAt = new Date(now.getTime() + wait);
      if (!patch) {
        await updateDocument(deps.db, row.id, { nextAttemptAt });
        continue;
      }
      await deps.db.transaction(async (tx) => {
        const after = await updateDocument(tx, row.id, { ...patch, nextAttemptAt });
        await auditLhdnReport(tx, reportOf[patch.status], row, after);
        await reconsolidateIfCancelled(tx, after);
      });
      announce(deps.events, [row]);
    }
  }
}

/** The trail's name of each outcome a submission's poll reports. */
const reportOf = {
  valid: 'einvoice.validated',
  invalid: 'einvoice.invalid',
  cancelled: 'einvoice.cancelled_in_portal',
} as const;

async function outcomeOf(
  deps: EinvoiceWorkerDeps,
  summary: MyInvoisDocumentSummary,
  now: Date,
): Promise<(Partial<NewEinvoiceDocumentRow> & { status: keyof typeof reportOf }) | null> {
  const validatedAt = summary.dateTimeValidated ? new Date(summary.dateTimeValidated) : now;
  const rejection = {
    rejectionRequestedAt: summary.rejectRequestDateTime
      ? new Date(summary.rejectRequestDateTime)
      : null,
    statusReason: summary.documentStatusReason ?? null,
  };
  switch (summary.status) {
    case 'Valid':
    case 'Requested for Rejection':
      return { status: 'valid', longId: summary.longId ?? null, validatedAt, ...rejection };
    case 'Invalid': {
      const details = await deps.client.getDocumentDetails(summary.uuid);
      const errors = fromValidationSteps(details.validationResults?.validationSteps, now);
      return { status: 'invalid', validatedAt, errors, ...rejection };
    }
    case 'Cancelled':
      return {
        status: 'cancelled',
        cancelledAt: summary.cancelDateTime ? new Date(summary.cancelDateTime) : now,
        ...rejection,
      };
    default:
      return null;
  }
}
