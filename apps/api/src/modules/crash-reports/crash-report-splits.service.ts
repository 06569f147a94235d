import { randomBytes } from 'node:crypto';
import {
  crashGroupActionMessages,
  crashReportMessages,
  crashSplitMaxReports,
  type CrashGroupActionResponse,
  type CrashStackVariant,
  type CrashStackVariantsResponse,
} from '@patrol/contracts';
import { crashStackVariant } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { recordAudit } from '../audit/audit.service';
import { lockCrashGroup, rebuildGroupCounts } from './crash-group-merges.repo';
import { recordGroupFromReport } from './crash-group-merges.service';
import { findCrashGroup } from './crash-groups.repo';
import {
  countChosenReports,
  findLatestReportOfGroup,
  findLatestStacksOfGroup,
  moveReportsToSplitGroup,
  setSplitFrom,
} from './crash-report-splits.repo';
import { getCrashGroup } from './crash-reports.service';

type SplitDeps = Pick<AppContext, 'db' | 'config'>;

/** Frames a variant shows; its frameCount says how many it has. */
const variantFrameLimit = 30;

/**
 * POST /api/crash-reports/groups/{group}/split-reports: the chosen reports (a stack variant's, or
 * picked one by one) leave the group for a new group of their own, pinned there: the retrace
 * job's regrouping and later merges keep them apart. New reports of the same signature still join
 * the group they came from. Audited on the group they left.
 */
export async function splitCrashReports(
  { db, config }: SplitDeps,
  actor: AuthUser,
  group: string,
  reportIds: readonly string[],
): Promise<CrashGroupActionResponse> {
  const ids = [...new Set(reportIds)];
  const target = randomBytes(8).toString('hex');
  await db.transaction(async (tx) => {
    if (!(await lockCrashGroup(tx, group))) throw notFound(crashReportMessages.groupNotFound);
    const { chosen, total } = await countChosenReports(tx, group, ids);
    if (chosen !== ids.length) {
      throw invalid(crashGroupActionMessages.reportsNotInGroup, {
        reportIds: crashGroupActionMessages.reportsNotInGroup,
      });
    }
    if (chosen >= total) {
      throw invalid(crashGroupActionMessages.groupWouldEmpty, {
        reportIds: crashGroupActionMessages.groupWouldEmpty,
      });
    }
    await moveReportsToSplitGroup(tx, group, target, ids);
    const latest = (await findLatestReportOfGroup(tx, target))!;
    await recordGroupFromReport(tx, target, latest, config.crashInAppPackages);
    await setSplitFrom(tx, target, group);
    await rebuildGroupCounts(tx, target);
    await rebuildGroupCounts(tx, group);
    await recordAudit(tx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'crash_group.reports_split',
      entityType: 'crash_report',
      entityId: group,
      before: { splitGroup: null, splitReports: null },
      after: { splitGroup: target, splitReports: ids.length },
    });
  });
  const split = await getCrashGroup(db, target);
  return { ...split, message: crashGroupActionMessages.reportsSplit };
}

/**
 * GET /api/crash-reports/groups/{fingerprint}/variants: the stack variants among the group's
 * latest reports (at most crashSplitMaxReports), the most frequent first, each with its reports.
 */
export async function crashStackVariants(
  db: DbExecutor,
  fingerprint: string,
): Promise<CrashStackVariantsResponse> {
  if (!(await findCrashGroup(db, fingerprint))) throw notFound(crashReportMessages.groupNotFound);
  const reports = await findLatestStacksOfGroup(db, fingerprint, crashSplitMaxReports);
  const variants = new Map<string, CrashStackVariant>();
  for (const report of reports) {
    const details = report.kindDetails;
    const { key, frames } = crashStackVariant({
      ...report,
      native: details && 'native' in details ? details.native : null,
    });
    const listed = {
      id: report.id,
      createdAt: report.createdAt.toISOString(),
      appVersion: report.appVersion,
      deviceId: report.deviceId,
    };
    const variant = variants.get(key);
    if (variant) {
      variant.occurrences += 1;
      variant.reports.push(listed);
      continue;
    }
    variants.set(key, {
      key,
      frames: frames.slice(0, variantFrameLimit),
      frameCount: frames.length,
      occurrences: 1,
      // Reports come latest first: the first of a variant is its latest.
      lastSeen: report.createdAt.toISOString(),
      reports: [listed],
    });
  }
  return {
    success: true,
    data: {
      scanned: reports.length,
      variants: [...variants.values()].sort((a, b) => b.occurrences - a.occurrences),
    },
  };
}
