import { randomUUID } from 'node:crypto';
import type { EinvoiceDocumentRow } from '../../db/schema';
import {
  announce,
  isDuplicate,
  pollDelayMs,
  type EinvoiceWorkerDeps,
} from './einvoice-worker-deps';
import { fromStandardError } from './einvoice-errors';
import { pollSubmitted, recoverUncertain } from './einvoice-poll';
import { pollForRejections } from './einvoice-rejections';
import {
  consolidateEndedMonths,
  holdForConsolidation,
  waitsForConsolidation,
} from './einvoice-consolidation';
import type { EInvoiceSource } from './document/einvoice-source';
import {
  maxDocumentsPerSubmission,
  maxSubmissionBytes,
  prepareDocument,
  submissionBytes,
  submissionItem,
} from './einvoice-prepare';
import {
  findDueDocuments,
  releaseWorkerLease,
  takeWorkerLease,
  updateDocument,
  updateDocuments,
} from './einvoices.repo';
import { MyInvoisHttpError, MyInvoisUncertainError } from './myinvois-client';

/** How long a lease lasts unless renewed; every step of a cycle renews it. */
export const workerLeaseMs = 2 * 60_000;
/** The worker looks for work this often; polls are spaced 3 to 5 s by each row's next attempt. */
export const workerIntervalMs = 3_000;
/** A row sent without an answer is checked against MyInvois after this. */
const uncertainCheckMs = 30_000;

/**
 * One cycle of the worker, in this process only while it holds the lease: rows whose submission
 * got no answer are checked first (found: adopted; not found: queued again), then the invoices set
 * aside for consolidation are queued as consolidated e-invoices once their month ended, then the
 * queued rows (an invoice of a buyer without a TIN is set aside instead)
 * are prepared and submitted in batches within the SDK's limits, then the submissions in flight are
 * polled, then Valid documents still inside the buyer's 72 hours are asked about rejections. Each
 * row's state is committed before the call that may change it.
 */
export async function runEinvoiceCycle(
  deps: EinvoiceWorkerDeps,
  now = new Date(),
): Promise<boolean> {
  const renew = () =>
    takeWorkerLease(deps.db, deps.holder, now, new Date(now.getTime() + workerLeaseMs));
  if (!(await renew())) return false;
  await recoverUncertain(deps, now);
  await renew();
  await consolidateEndedMonths(deps, now);
  await submitQueued(deps, now);
  await renew();
  await pollSubmitted(deps, now);
  await renew();
  await pollForRejections(deps, now);
  return true;
}

async function submitQueued(deps: EinvoiceWorkerDeps, now: Date): Promise<void> {
  const queued = await findDueDocuments(deps.db, 'queued', now, maxDocumentsPerSubmission);
  const batch: { row: EinvoiceDocumentRow; item: ReturnType<typeof submissionItem> }[] = [];
  let bytes = 0;
  for (const row of queued) {
    const loadSource = await sourceUnlessConsolidated(deps, row);
    if (!loadSource) continue;
    const prepared = await prepareDocument(row, loadSource, deps.config, now);
    if (!prepared.ok) {
      await updateDocument(deps.db, row.id, { status: 'invalid', errors: prepared.errors });
      announce(deps.events, [row]);
      continue;
    }
    const item = submissionItem(row.number, prepared.json, prepared.documentHash);
    if (bytes + submissionBytes(item) > maxSubmissionBytes) break;
    bytes += submissionBytes(item);
    // Stored before the call: a lost answer is checked against exactly these bytes.
    await updateDocument(deps.db, row.id, {
      status: 'submitting',
      documentJson: prepared.json,
      documentHash: prepared.documentHash,
      attempts: row.attempts + 1,
      nextAttemptAt: new Date(now.getTime() + uncertainCheckMs),
    });
    batch.push({ row, item });
  }
  if (batch.length === 0) return;
  await submitBatch(deps, batch, now);
}

/**
 * The source loader of a queued row; none when the row is an invoice of a buyer without a TIN
 * (within the limit), which is set aside for its month's consolidated e-invoice instead.
 */
async function sourceUnlessConsolidated(
  deps: EinvoiceWorkerDeps,
  row: EinvoiceDocumentRow,
): Promise<EinvoiceWorkerDeps['loadSource'] | null> {
  if (row.kind !== 'invoice' || row.documentJson) return deps.loadSource;
  let source: EInvoiceSource;
  try {
    source = await deps.loadSource(row);
  } catch {
    return deps.loadSource; // prepareDocument records why it cannot be read
  }
  if (!waitsForConsolidation(row, source)) return async () => source;
  await holdForConsolidation(deps, row);
  return null;
}

async function submitBatch(
  deps: EinvoiceWorkerDeps,
  batch: { row: EinvoiceDocumentRow; item: ReturnType<typeof submissionItem> }[],
  now: Date,
): Promise<void> {
  const ids = batch.map(({ row }) => row.id);
  try {
    const answer = await deps.client.submitDocuments(batch.map(({ item }) => item));
    for (const { row } of batch) {
      const accepted = answer.acceptedDocuments.find((d) => d.invoiceCodeNumber === row.number);
      const rejected = answer.rejectedDocuments.find((d) => d.invoiceCodeNumber === row.number);
      if (accepted) {
        await updateDocument(deps.db, row.id, {
          status: 'submitted',
          uuid: accepted.uuid,
          submissionUid: answer.submissionUid,
          submittedAt: now,
          nextAttemptAt: new Date(now.getTime() + pollDelayMs(deps)),
        });
      } else if (rejected && isDuplicate(rejected.error.code)) {
        // Taken before (an answer that was lost): the check finds and adopts it.
        await updateDocument(deps.db, row.id, { nextAttemptAt: now });
      } else {
        await updateDocument(deps.db, row.id, {
          status: 'invalid',
          errors: fromStandardError('submission', rejected?.error ?? null, now),
        });
      }
    }
    announce(
      deps.events,
      batch.map(({ row }) => row),
    );
  } catch (error) {
    if (error instanceof MyInvoisUncertainError) {
      deps.logger.warn(
        { documents: ids.length },
        'MyInvois submission unanswered; checked before any resend',
      );
      return;
    }
    if (error instanceof MyInvoisHttpError && error.status === 422) {
      // DuplicateSubmission: the identical submission was taken; it is found by the check.
      const at = new Date(now.getTime() + (error.retryAfterMs ?? uncertainCheckMs));
      await updateDocuments(deps.db, ids, { nextAttemptAt: at });
      return;
    }
    if (error instanceof MyInvoisHttpError && error.status === 400) {
      const errors = fromStandardError('submission', error.error, now);
      await updateDocuments(deps.db, ids, { status: 'invalid', errors });
      announce(
        deps.events,
        batch.map(({ row }) => row),
      );
      return;
    }
    // Refused as a whole (429 after the back-off, 401 after a new login, 4xx): not taken, queued.
    const wait = error instanceof MyInvoisHttpError ? (error.retryAfterMs ?? 60_000) : 60_000;
    await updateDocuments(deps.db, ids, {
      status: 'queued',
      nextAttemptAt: new Date(now.getTime() + wait),
    });
    deps.logger.warn(
      { err: error, documents: ids.length },
      'MyInvois submission refused; queued again',
    );
  }
}

/**
 * Starts the worker in this process: a cycle every 3 s, one at a time; across WORKERS the lease
 * lets one process work while the others wait for it to lapse. Answers a stop function that
 * releases the lease.
 */
export function startEinvoiceWorker(
  deps: Omit<EinvoiceWorkerDeps, 'holder'> & { holder?: string },
): () => Promise<void> {
  const full: EinvoiceWorkerDeps = { ...deps, holder: deps.holder ?? randomUUID() };
  let running: Promise<unknown> | null = null;
  const run = () => {
    running ??= runEinvoiceCycle(full)
      .catch((error: unknown) => full.logger.error({ err: error }, 'e-invoice cycle failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, workerIntervalMs);
  timer.unref();
  run();
  return async () => {
    clearInterval(timer);
    await running;
    await releaseWorkerLease(full.db, full.holder).catch(() => undefined);
  };
}
