import { crashSeverityRank, crashSignature } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { CrashMappingRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { resolveGroupFingerprint } from './crash-group-merges.repo';
import { recordGroupOccurrence, removeGroupOccurrence } from './crash-groups.repo';
import { findPendingRetrace, saveRetraceProgress, tryLockRetraceJob } from './crash-mappings.repo';
import { loadMappingIndex, mappingLookupTtlMs } from './crash-mappings.service';
import {
  findReportsToRetrace,
  updateReportTrace,
  type ReportToRetrace,
} from './crash-reports.repo';
import { retraceStack } from './stack-retrace';
import type { R8MappingIndex } from './r8-mapping.parser';

type RetraceDeps = Pick<AppContext, 'db' | 'uploads' | 'logger' | 'config'>;

/** Reports retraced per transaction: short enough that intake never waits long on a group row. */
export const retraceBatchSize = 200;
/** How often each process looks for retrace work. */
const retraceIntervalMs = 30_000;

/**
 * One batch of the retrace job, in one transaction: unless another worker holds the job's
 * advisory lock, takes the oldest unfinished mapping, retraces the next reports of its version
 * after the stored cursor, regroups those whose fingerprint changes, and saves the cursor. The
 * job finishes once it reaches the end and intake everywhere reads the mapping (twice the lookup
 * time after the upload). Answers whether there may be more work.
 */
export async function runRetraceBatch(
  deps: RetraceDeps,
  now = new Date(),
  batchSize = retraceBatchSize,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    if (!(await tryLockRetraceJob(tx))) return false;
    const mapping = await findPendingRetrace(tx);
    if (!mapping) return false;
    const index = await loadMappingIndex(deps, mapping.appVersion, mapping);
    if (!index) {
      // Nothing can be retraced without the file: the job ends so the next mapping's can run.
      await saveRetraceProgress(tx, mapping.otaVersionId, {
        cursorPosition: mapping.cursorPosition,
        cursorId: mapping.cursorId,
        retracedAt: now,
      });
      return true;
    }
    const after =
      mapping.cursorPosition && mapping.cursorId
        ? { position: mapping.cursorPosition, id: mapping.cursorId }
        : null;
    const reports = await findReportsToRetrace(tx, mapping.appVersion, after, batchSize);
    for (const report of reports) {
      await retraceReport(tx, index, mapping.appVersion, report, deps.config.crashInAppPackages);
    }
    const last = reports.at(-1);
    const settled = now.getTime() - mapping.uploadedAt.getTime() >= 2 * mappingLookupTtlMs;
    const finished = reports.length < batchSize && settled;
    await saveRetraceProgress(tx, mapping.otaVersionId, {
      cursorPosition: last?.position ?? mapping.cursorPosition,
      cursorId: last?.id ?? mapping.cursorId,
      retracedAt: finished ? now : null,
    });
    return reports.length === batchSize || finished;
  });
}

async function retraceReport(
  tx: DbExecutor,
  index: R8MappingIndex,
  appVersion: CrashMappingRow['appVersion'],
  report: ReportToRetrace,
  inAppPackages: readonly string[],
): Promise<void> {
  // A native backtrace is not R8's: only crashes and ANRs carry a Java stack to retrace.
  if (!report.stackTrace || report.kind === 'native') return;
  const readable = retraceStack(index, report.stackTrace).readable;
  const signature = crashSignature({ ...report, stackTrace: readable }, { inAppPackages });
  const ownFingerprint = report.signatureFingerprint ?? report.fingerprint;
  if (readable === report.readableStackTrace && signature.fingerprint === ownFingerprint) return;
  // A report staff split out by hand stays where they put it; a signature staff merged into
  // another group is counted there.
  const fingerprint =
    report.splitFingerprint && report.fingerprint
      ? report.fingerprint
      : await resolveGroupFingerprint(tx, signature.fingerprint);
  await updateReportTrace(tx, report.id, {
    readableStackTrace: readable,
    fingerprint,
    signatureFingerprint: signature.fingerprint,
  });
  if (fingerprint === report.fingerprint) return;
  if (report.fingerprint) {
    await removeGroupOccurrence(tx, {
      fingerprint: report.fingerprint,
      appVersion,
      deviceId: report.deviceId,
    });
  }
  await recordGroupOccurrence(tx, {
    fingerprint,
    title: report.title,
    errorMessage: report.errorMessage,
    exceptionType: signature.exceptionType,
    culprit: signature.culprit,
    frames: signature.frames,
    kind: signature.kind,
    basis: signature.basis,
    reportType: report.reportType,
    severity: report.severity,
    severityRank: crashSeverityRank(report.severity),
    appVersion,
    deviceId: report.deviceId,
    reportId: report.id,
    at: report.createdAt,
  });
}

/** Runs batches until there is no work left for this process (another worker may hold the job). */
export async function retraceUntilDone(deps: RetraceDeps, now?: () => Date): Promise<void> {
  while (await runRetraceBatch(deps, now?.())) {
    // Each batch commits on its own, so an interrupted run resumes from the saved cursor.
  }
}

/**
 * Starts the retrace job in this process: a run now and every 30 s, one batch at a time; across
 * WORKERS the advisory lock lets one process work while the others skip. Answers a stop function.
 */
export function startCrashRetraceWatch(deps: RetraceDeps): () => void {
  let running: Promise<void> | null = null;
  const run = () => {
    running ??= retraceUntilDone(deps)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'crash retrace batch failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, retraceIntervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
