import {
  emptyClientEInvoice,
  type Activity,
  type BusinessStatsResponse,
  type Client,
  type DashboardResponse,
} from '@patrol/contracts';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function activity(index: number, overrides: Partial<Activity> = {}): Activity {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(index).padStart(2, '0')}`,
    type: 'client_added',
    detail: `Event number ${index}`,
    timestamp: minutesAgo(index * 3),
    companyId: null,
    refs: {},
    ...overrides,
  };
}

function client(index: number, overrides: Partial<Client> = {}): Client {
  return {
    id: `00000000-0000-4000-8000-0000000002${String(index).padStart(2, '0')}`,
    companyId: `ACME-${index}`,
    companyName: `Acme ${index} Sdn Bhd`,
    contactPerson: 'Nur Aina',
    email: `ops${index}@acme.test`,
    phone: '+60 12-345 6789',
    address: 'Kuala Lumpur',
    active: true,
    createdAt: '2026-03-02T01:30:00.000Z',
    updatedAt: '2026-03-02T01:30:00.000Z',
    licenceCount: 0,
    boundLicenceCount: 0,
    eInvoice: emptyClientEInvoice,
    ...overrides,
  };
}

/** A populated GET /api/clients/dashboard answer, for the dashboard's tests. */
export function sampleDashboard(overrides: Partial<DashboardResponse> = {}): DashboardResponse {
  return {
    success: true,
    stats: {
      totalClients: 12,
      recentClients: 3,
      previousTotalClients: 10,
      totalLicences: 40,
      activeLicences: 25,
      previousTotalLicences: 40,
      avgRevenuePerClient: 0,
      activeUsers: 2,
      userTypeBreakdown: { admin: 4, client: 12 },
    },
    licenseActivity: {
      lastUpdated: minutesAgo(2),
      summary: {
        activeNow: 7,
        inactiveRecent: 6,
        inactiveLongTerm: 5,
        nonActivated: 11,
        expired: 9,
        total: 40,
        bound: 25,
        unbound: 15,
      },
    },
    recentActivity: [
      activity(1, {
        type: 'licence_bound',
        detail: 'Licence MP-AAAA bound to device MPDID-ABCDEF123456-Gate',
        refs: { companyName: 'Acme 1 Sdn Bhd' },
      }),
      ...Array.from({ length: 9 }, (_, index) => activity(index + 2)),
    ],
    recentClients: [
      client(1, { licenceCount: 2, boundLicenceCount: 1 }),
      client(2, { active: false, licenceCount: 1 }),
      client(3),
      client(4),
      client(5),
    ],
    systemHealth: {
      components: { database: { status: 'connected' }, api: { status: 'operational' } },
      securityActive: true,
    },
    ...overrides,
  };
}

/** A GET /api/business/dashboard-stats answer: 8 invoices worth RM 12,000, 6 paid. */
export function sampleBusinessStatsResponse(): BusinessStatsResponse {
  const zeroes = {
    total: 0,
    daily: 0,
    weekly: 0,
    lastWeek: 0,
    monthly: 0,
    monthlyTarget: 100000,
    yearly: 0,
  };
  return {
    success: true,
    stats: {
      products: { total: 3, active: 2, inactive: 1 },
      quotations: { total: 10, pending: 2, approved: 1, sent: 1, draft: 1, expired: 0 },
      invoices: { total: 8, paid: 6, unpaid: 1, pending: 0, overdue: 1, outstanding: 2 },
      receipts: { total: 6, thisMonth: 2, pending: 0, processed: 6 },
      revenue: { ...zeroes, total: 12000, monthly: 3000, weekly: 1000, yearly: 12000 },
      financial: {
        totalAmount: 12000,
        netAmount: 11111.11,
        taxAmount: 888.89,
        paidAmount: 9000,
        pendingAmount: 0,
        outstandingAmount: 3000,
        collectionRate: 75,
        overdueInvoices: 1,
        monthlyRevenue: 3000,
        weeklyRevenue: 1000,
      },
      recentActivity: { quotations: [], invoices: [], receipts: [] },
    },
  };
}
