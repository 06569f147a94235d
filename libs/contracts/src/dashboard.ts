import { z } from 'zod';
import { activitySchema } from './activity';
import { clientSchema } from './clients';
import { isoDateTimeSchema, moneySchema, successResponse } from './fields';
import { databaseStatusSchema } from './system';

const count = z.number().int();

/** Headline figures; the previous* values give the percent change. */
export const dashboardStatsSchema = z.object({
  totalClients: count,
  /** Clients created in the last 30 days. */
  recentClients: count,
  /** Client count 30 days ago. */
  previousTotalClients: count,
  totalLicences: count,
  /** Bound licences. */
  activeLicences: count,
  /** Licence count 30 days ago. */
  previousTotalLicences: count,
  /** Received revenue per client; null for a reader without reports.view (a money figure). */
  avgRevenuePerClient: moneySchema.nullable(),
  /** Staff users active in the last 5 minutes. */
  activeUsers: count,
  userTypeBreakdown: z.object({ admin: count, client: count }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

/** The five tiles of License Activity Overview and its totals. */
export const licenseActivitySchema = z.object({
  lastUpdated: isoDateTimeSchema.nullable(),
  summary: z.object({
    /** Bound devices that reported in the last 5 minutes. */
    activeNow: count,
    /** Bound, last report under 24 hours ago. */
    inactiveRecent: count,
    /** Bound, last report over 24 hours ago or never. */
    inactiveLongTerm: count,
    /** Valid but not bound. */
    nonActivated: count,
    expired: count,
    total: count,
    bound: count,
    unbound: count,
  }),
});
export type LicenseActivity = z.infer<typeof licenseActivitySchema>;

export const dashboardSystemHealthSchema = z.object({
  components: z.object({
    database: z.object({ status: databaseStatusSchema }),
    api: z.object({ status: z.enum(['operational', 'error']) }),
  }),
  securityActive: z.boolean(),
});
export type DashboardSystemHealth = z.infer<typeof dashboardSystemHealthSchema>;

/** GET /api/clients/dashboard (spec 1 section 3). */
export const dashboardResponseSchema = successResponse({
  stats: dashboardStatsSchema,
  licenseActivity: licenseActivitySchema,
  /** Newest first, up to 10. */
  recentActivity: z.array(activitySchema),
  /** Newest first, up to 5. */
  recentClients: z.array(clientSchema),
  systemHealth: dashboardSystemHealthSchema,
  /** Keys an unpaid invoice restricts or suspends now (docs/licence-renewals.md). */
  licenceStanding: z.object({ restricted: count, suspended: count }).optional(),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
