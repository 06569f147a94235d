import {
  crashGroupActionMessages,
  crashReportMessages,
  type CrashGroupActionResponse,
} from '@patrol/contracts';
import { crashSeverityRank, crashSignature } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { recordGroupOccurrence } from './crash-groups.repo';
import {
  findLatestReportOfSignature,
  isMergedInto,
  type LatestReport,
  lockCrashGroup,
  moveGroupInto,
  moveMemberOut,
  rebuildGroupCounts,
} from './crash-group-merges.repo';
import { getCrashGroup } from './crash-reports.service';

type MergeDeps = Pick<AppContext, 'db' | 'config'>;

/**
 * POST /api/crash-reports/groups/{target}/merge: the reports of group `source` are counted in
 * `target` from now on, and so is every new report whose signature is the source's (a redirect
 * that outlives the merge). Audited on the group that stays.
 */
export async function mergeCrashGroups(
  { db }: MergeDeps,
  actor: AuthUser,
  target: string,
  source: string,
): Promise<CrashGroupActionResponse> {
  if (source === target)
    throw invalid(crashGroupActionMessages.sameGroup, {
      source: crashGroupActionMessages.sameGroup,
    });
  await db.transaction(async (tx) => {
    // Both rows locked in one order, so two merges of the same pair cannot deadlock.
    for (const fingerprint of [source, target].sort()) {
      if (!(await lockCrashGroup(tx, fingerprint))) {
        throw notFound(crashReportMessages.groupNotFound);
      }
    }
    await moveGroupInto(tx, source, target, actor.id);
    await rebuildGroupCounts(tx, target);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'crash_group.merged',
      entityType: 'crash_report',
      entityId: target,
      before: { mergedGroup: null },
      after: { mergedGroup: source },
    });
  });
  const group = await getCrashGroup(db, target);
  return { ...group, message: crashGroupActionMessages.merged };
}

/**
 * POST /api/crash-reports/groups/{group}/split: the reports whose own signature is `member` leave
 * the group for a group of their own again, and new ones stay there. Audited on both groups' key.
 */
export async function splitCrashGroup(
  { db, config }: MergeDeps,
  actor: AuthUser,
  group: string,
  member: string,
): Promise<CrashGroupActionResponse> {
  await db.transaction(async (tx) => {
    if (!(await lockCrashGroup(tx, group))) throw notFound(crashReportMessages.groupNotFound);
    if (!(await isMergedInto(tx, group, member))) {
      throw invalid(crashGroupActionMessages.notMerged, {
        fingerprint: crashGroupActionMessages.notMerged,
      });
    }
    const latest = await findLatestReportOfSignature(tx, group, member);
    await moveMemberOut(tx, group, member);
    if (latest) {
      // The split group's row, with its own signature; its counts are then made from its reports.
      await recordGroupFromReport(tx, member, latest, config.crashInAppPackages);
      await rebuildGroupCounts(tx, member);
    }
    await rebuildGroupCounts(tx, group);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'crash_group.split',
      entityType: 'crash_report',
      entityId: group,
      before: { splitGroup: null },
      after: { splitGroup: member },
    });
  });
  const split = await getCrashGroup(db, member).catch(() => getCrashGroup(db, group));
  return { ...split, message: crashGroupActionMessages.split };
}

/** Writes group `fingerprint`'s row from its latest report, with the signature intake gives it. */
export async function recordGroupFromReport(
  db: DbExecutor,
  fingerprint: string,
  latest: LatestReport,
  inAppPackages: readonly string[],
): Promise<void> {
  const details = latest.kindDetails;
  const signature = crashSignature(
    { ...latest, native: details && 'native' in details ? details.native : null },
    { inAppPackages },
  );
  await recordGroupOccurrence(db, {
    fingerprint,
    title: latest.title,
    errorMessage: latest.errorMessage,
    exceptionType: signature.exceptionType,
    culprit: signature.culprit,
    frames: signature.frames,
    kind: signature.kind,
    basis: signature.basis,
    reportType: latest.reportType,
    severity: latest.severity,
    severityRank: crashSeverityRank(latest.severity),
    appVersion: latest.appVersion,
    deviceId: latest.deviceId,
    reportId: latest.id,
    at: latest.createdAt,
  });
}
