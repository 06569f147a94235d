import { dashboardLimits, type DashboardResponse } from '@patrol/contracts';
import { fromSen } from '@patrol/domain';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { presentActivity } from '../activity/activity.presenter';
import { findRecentActivities } from '../activity/activity.repo';
import { presentClients } from '../clients/clients.presenter';
import { findLicencesOfClients, findNewestClients } from '../clients/clients.repo';
import {
  clientTotals,
  licenceActivityCounts,
  receivedRevenueSen,
  staffUserCounts,
} from './dashboard.repo';

export const dashboardUnavailableMessage = 'Dashboard temporarily unavailable';

/**
 * Everything the dashboard shows, from aggregate queries (never by loading every row). The
 * database is pinged first: when it does not answer, the console gets a 503 it shows as its
 * error state rather than a half-filled dashboard.
 */
export async function loadDashboard(
  database: Database,
  now: Date = new Date(),
): Promise<DashboardResponse> {
  try {
    await database.ping();
  } catch {
    // Why the database failed is for the readiness probe's log; the console needs only the state.
    throw new AppError(503, 'SERVICE_UNAVAILABLE', dashboardUnavailableMessage);
  }
  const { db } = database;
  const [clientCounts, licenceActivity, staff, revenueSen, activities, newestClients] =
    await Promise.all([
      clientTotals(db, now),
      licenceActivityCounts(db, now),
      staffUserCounts(db, now),
      receivedRevenueSen(db),
      findRecentActivities(db, dashboardLimits.recentActivityShown),
      findNewestClients(db, dashboardLimits.recentClients),
    ]);
  const newestLicences = await findLicencesOfClients(
    db,
    newestClients.map((client) => client.id),
  );
  const { summary } = licenceActivity;
  return {
    success: true,
    stats: {
      totalClients: clientCounts.total,
      recentClients: clientCounts.recent,
      previousTotalClients: clientCounts.previous,
      totalLicences: summary.total,
      activeLicences: summary.bound,
      previousTotalLicences: licenceActivity.previousTotal,
      avgRevenuePerClient:
        clientCounts.total === 0 ? 0 : fromSen(Math.round(revenueSen / clientCounts.total)),
      activeUsers: staff.signedIn,
      userTypeBreakdown: { admin: staff.total, client: clientCounts.total },
    },
    licenseActivity: {
      lastUpdated: licenceActivity.lastUpdated?.toISOString() ?? null,
      summary,
    },
    recentActivity: activities.map(presentActivity),
    recentClients: presentClients(newestClients, newestLicences),
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
