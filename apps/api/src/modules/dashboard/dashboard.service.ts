import { dashboardLimits, type DashboardResponse } from '@patrol/contracts';
import { fromSen, hasPermission, type PermissionSubject } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext, DashboardFigures } from '../../http/app-context';
import { AppError } from '../../http/app-error';
import { recentActivities } from '../activity/activity.service';
import { signedInUserIds } from '../auth/session.service';
import { receivedRevenueSen } from '../business-reports/received-revenue.service';
import { directoryTotals, newestClients } from '../clients/clients.service';
import { computeLicenceActivityFigures } from '../licences/licences.service';
import { countActiveUsersAmong, countUsers } from '../accounts/accounts.service';
import { overdueKeyCounts } from '../renewals/overdue-counts.service';

export const dashboardUnavailableMessage = 'Dashboard temporarily unavailable';

/**
 * Staff accounts, and how many of the active ones are signed in (hold a refresh token that is
 * neither revoked nor expired): the closest measure of "active users" the sessions give.
 */
async function staffUserCounts(db: DbExecutor, now: Date) {
  const [total, signedInIds] = await Promise.all([countUsers(db), signedInUserIds(db, now)]);
  return { total, signedIn: await countActiveUsersAmong(db, signedInIds) };
}

/** The dashboard's whole-table aggregates: licence tiles, staff accounts and revenue. */
export async function computeDashboardFigures(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<DashboardFigures> {
  const [licences, staff, revenueSen, overdueKeys] = await Promise.all([
    computeLicenceActivityFigures(db, now),
    staffUserCounts(db, now),
    receivedRevenueSen(db),
    overdueKeyCounts(db, now),
  ]);
  return { licences, staff, revenueSen, overdueKeys };
}

/** The figures and rows of the dashboard; a database that does not answer is a 503. */
async function dashboardData(ctx: Pick<AppContext, 'db' | 'dashboardFigures' | 'directoryTotals'>) {
  try {
    return await Promise.all([
      directoryTotals(ctx),
      ctx.dashboardFigures.read(),
      recentActivities(ctx.db, dashboardLimits.recentActivityShown),
      newestClients(ctx.db, dashboardLimits.recentClients),
    ]);
  } catch {
    // Why the database failed is for the readiness probe's log; the console needs only the state.
    throw new AppError(503, 'SERVICE_UNAVAILABLE', dashboardUnavailableMessage);
  }
}

/**
 * Everything the dashboard shows without reading every row: the aggregates from snapshots
 * refreshed behind the readers (directory totals, licence tiles, staff, revenue), the newest rows
 * by index. When the database does not answer, the console gets a 503 it shows as its error
 * state rather than a half-filled dashboard. The revenue per client goes only to a reader with
 * reports.view.
 */
export async function loadDashboard(
  ctx: Pick<AppContext, 'db' | 'dashboardFigures' | 'directoryTotals'>,
  reader: PermissionSubject,
): Promise<DashboardResponse> {
  const [totals, figures, activities, recentClients] = await dashboardData(ctx);
  const { licences: licenceActivity, staff, revenueSen, overdueKeys } = figures;
  const { summary } = licenceActivity;
  return {
    success: true,
    stats: {
      totalClients: totals.totalClients,
      recentClients: totals.newThisMonth,
      previousTotalClients: totals.totalClients - totals.newThisMonth,
      totalLicences: totals.totalLicences,
      activeLicences: totals.boundLicences,
      previousTotalLicences: licenceActivity.previousTotal,
      // A money figure: only for readers of reports, as on the billing dashboard.
      avgRevenuePerClient: !hasPermission(reader, 'reports.view')
        ? null
        : totals.totalClients === 0
          ? 0
          : fromSen(Math.round(revenueSen / totals.totalClients)),
      activeUsers: staff.signedIn,
      userTypeBreakdown: { admin: staff.total, client: totals.totalClients },
    },
    licenseActivity: {
      lastUpdated: licenceActivity.lastUpdated?.toISOString() ?? null,
      summary,
    },
    recentActivity: activities,
    recentClients,
    licenceStanding: overdueKeys,
    systemHealth: {
      components: {
        database: { status: 'connected' },
        // This answer is being produced by the API, so it is operating.
        api: { status: 'operational' },
      },
      // Every call reaching here passed token, two-factor and permission checks.
      securityActive: true,
    },
  };
}
