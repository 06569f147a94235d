import { describe, expect, it } from 'vitest';
import { listActivitiesQuerySchema, listActivitiesResponseSchema } from './activity';
import { dashboardResponseSchema } from './dashboard';
import { exampleActivity, exampleClient } from './test-examples';
import { examplePagination, exampleTime } from './test-support';

const dashboard = {
  success: true,
  stats: {
    totalClients: 12,
    recentClients: 2,
    previousTotalClients: 10,
    totalLicences: 40,
    activeLicences: 30,
    previousTotalLicences: 35,
    avgRevenuePerClient: 1520.5,
    activeUsers: 3,
    userTypeBreakdown: { admin: 2, client: 12 },
  },
  licenseActivity: {
    lastUpdated: exampleTime,
    summary: {
      activeNow: 20,
      inactiveRecent: 5,
      inactiveLongTerm: 5,
      nonActivated: 8,
      expired: 2,
      total: 40,
      bound: 30,
      unbound: 10,
    },
  },
  recentActivity: [exampleActivity],
  recentClients: [exampleClient],
  systemHealth: {
    components: { database: { status: 'connected' }, api: { status: 'operational' } },
    securityActive: true,
  },
};

describe('dashboard and activity contracts', () => {
  it('parses the dashboard answer', () => {
    expect(dashboardResponseSchema.safeParse(dashboard).success).toBe(true);
  });

  it('refuses an unknown activity type', () => {
    const answer = {
      success: true,
      activities: [{ ...exampleActivity, type: 'coffee_break' }],
      pagination: examplePagination,
    };
    expect(listActivitiesResponseSchema.safeParse(answer).success).toBe(false);
  });

  it('lists 10 activities by default', () => {
    expect(listActivitiesQuerySchema.parse({}).limit).toBe(10);
  });
});
