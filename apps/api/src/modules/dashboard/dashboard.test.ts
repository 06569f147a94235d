import { summariseLicenceActivity } from '@patrol/domain';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, clients, invoices, refreshTokens, type NewLicenceRow } from '../../db/schema';
import { computeLicenceActivityFigures } from '../licences/licences.service';
import {
  type TestContext,
  buildClient,
  buildLicence,
  createTestContext,
} from '../../../test/builders';

const minute = 60 * 1000;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * Licences placed on every boundary of the activity tiles relative to `now`: exactly at, just
 * inside and just outside 5 minutes and 24 hours, expiring exactly now and just before.
 */
function boundaryLicences(now: number): Omit<NewLicenceRow, 'key' | 'clientId'>[] {
  const bound = (lastDeviceActivity: Date | null, validUntil: Date | null = null) => ({
    bound: true,
    deviceId: `MPDID-${String(Math.random()).slice(2, 14).padEnd(12, '0')}-Site`,
    projectName: 'Site',
    lastDeviceActivity,
    validUntil,
  });
  return [
    bound(new Date(now)),
    bound(new Date(now + minute)),
    bound(new Date(now - 5 * minute + 1)),
    bound(new Date(now - 5 * minute)),
    bound(new Date(now - 5 * minute - 1)),
    bound(new Date(now - day + 1)),
    bound(new Date(now - day)),
    bound(new Date(now - day - 1)),
    bound(null),
    bound(new Date(now), new Date(now - 1)),
    bound(new Date(now), new Date(now)),
    { bound: false, validUntil: null },
    { bound: false, validUntil: new Date(now) },
    { bound: false, validUntil: new Date(now - 1) },
    { bound: false, validUntil: new Date(now + day) },
  ];
}

describe('dashboard API', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
    // Accounts read reports, so the answer holds the revenue per client.
    token = await t.signIn('accounts');
  });
  afterAll(() => t.close());

  it('counts the licence activity tiles as the domain buckets them, a report by its whole minute', async () => {
    const client = await buildClient(t);
    const now = Date.UTC(2026, 4, 1, 12);
    const rows = [];
    for (const values of boundaryLicences(now)) rows.push(await buildLicence(t, client.id, values));

    const { summary, lastUpdated } = await computeLicenceActivityFigures(
      t.database.db,
      new Date(now),
    );

    // The reports exactly 5 minutes and 24 hours ago count by their whole minute
    // (docs/spec-departures.md): active and recent, where the domain says recent and long-term.
    const domain = summariseLicenceActivity(rows, new Date(now));
    expect(summary).toEqual({
      ...domain,
      activeNow: domain.activeNow + 1,
      inactiveLongTerm: domain.inactiveLongTerm - 1,
    });
    expect(summary).toMatchObject({
      activeNow: 5,
      inactiveRecent: 3,
      inactiveLongTerm: 2,
      nonActivated: 3,
      expired: 2,
    });
    expect(lastUpdated?.getTime()).toBe(now + minute);
    await t.database.db.delete(clients);
  });

  it('answers stats, activity tiles, recent activity and clients, and system health', async () => {
    const now = Date.now();
    const recent = await buildClient(t, { createdAt: new Date(now - 2 * day) });
    const old = await buildClient(t, { createdAt: new Date(now - 40 * day), active: false });
    const clientsOverFive = [];
    for (let index = 0; index < 5; index += 1) {
      clientsOverFive.push(await buildClient(t, { createdAt: new Date(now - (3 + index) * day) }));
    }
    await buildLicence(t, recent.id, {
      bound: true,
      deviceId: 'MPDID-AAAAAAAAAAAA-Hq',
      projectName: 'Hq',
      lastDeviceActivity: new Date(now - minute),
    });
    await buildLicence(t, recent.id, {
      bound: true,
      deviceId: 'MPDID-BBBBBBBBBBBB-Hq',
      projectName: 'Hq',
      lastDeviceActivity: new Date(now - 2 * hour),
    });
    await buildLicence(t, old.id, { createdAt: new Date(now - 35 * day) });
    await buildLicence(t, old.id, { validUntil: new Date(now - day) });
    for (let index = 0; index < 9; index += 1) {
      await t.database.db.insert(activities).values({
        type: 'client_added',
        detail: `Event ${index}`,
        refs: { companyName: 'Acme' },
        createdAt: new Date(now - (10 - index) * minute),
      });
    }
    const { user } = await t.createUserWithToken({ role: 'Admin' });
    await t.database.db.insert(refreshTokens).values({
      userId: user.id,
      familyId: user.id,
      tokenHash: 'live-session',
      expiresAt: new Date(now + day),
    });
    await t.database.db.insert(invoices).values({
      invoiceNumber: 'INV-MP-2026-000001',
      dueDate: new Date(now + 30 * day),
      totalAmount: '700.00',
      paidAmount: '700.00',
    });

    const response = await request(t.app)
      .get('/api/clients/dashboard')
      .set('Authorization', `Bearer ${token}`)
      .expect(200);

    expect(response.body.stats).toEqual({
      totalClients: 7,
      recentClients: 6,
      previousTotalClients: 1,
      totalLicences: 4,
      activeLicences: 2,
      previousTotalLicences: 1,
      avgRevenuePerClient: 100,
      activeUsers: 1,
      userTypeBreakdown: { admin: 2, client: 7 },
    });
    expect(response.body.licenseActivity.summary).toEqual({
      activeNow: 1,
      inactiveRecent: 1,
      inactiveLongTerm: 0,
      nonActivated: 1,
      expired: 1,
      total: 4,
      bound: 2,
      unbound: 2,
    });
    expect(response.body.licenseActivity.lastUpdated).toBe(new Date(now - minute).toISOString());
    expect(
      response.body.recentActivity.map((activity: { detail: string }) => activity.detail),
    ).toEqual([
      'Event 8',
      'Event 7',
      'Event 6',
      'Event 5',
      'Event 4',
      'Event 3',
      'Event 2',
      'Event 1',
    ]);
    expect(response.body.recentActivity[0].refs).toEqual({ companyName: 'Acme' });
    expect(response.body.recentClients.map((client: { id: string }) => client.id)).toEqual([
      recent.id,
      ...clientsOverFive.slice(0, 4).map((client) => client.id),
    ]);
    expect(response.body.recentClients[0].licenceCount).toBe(2);
    expect(response.body.systemHealth).toEqual({
      components: { database: { status: 'connected' }, api: { status: 'operational' } },
      securityActive: true,
    });
  });

  it.each([
    ['sales', null],
    ['support', null],
    ['accounts', 'number'],
    ['manager', 'number'],
  ] as const)('sends %s the revenue per client only with reports.view', async (role, expected) => {
    const reader = await t.signIn(role);
    const response = await request(t.app)
      .get('/api/clients/dashboard')
      .set('Authorization', `Bearer ${reader}`)
      .expect(200);
    const figure = response.body.stats.avgRevenuePerClient;
    if (expected === null) expect(figure).toBeNull();
    else expect(typeof figure).toBe('number');
  });

  it('is refused without dashboard.view (403)', async () => {
    const denied = await t.signIn('sales', { customDenied: ['dashboard.view'] });
    await request(t.app)
      .get('/api/clients/dashboard')
      .set('Authorization', `Bearer ${denied}`)
      .expect(403);
  });

  it('answers 503 Dashboard temporarily unavailable when the database does not answer', async () => {
    const isolated = await createTestContext();
    try {
      const isolatedToken = await isolated.signIn('sales');
      // A first call lets authentication hold the account; then the database goes away.
      await request(isolated.app)
        .get('/api/clients/dashboard')
        .set('Authorization', `Bearer ${isolatedToken}`)
        .expect(200);
      await isolated.database.close();
      const response = await request(isolated.app)
        .get('/api/clients/dashboard')
        .set('Authorization', `Bearer ${isolatedToken}`)
        .expect(503);
      expect(response.body).toEqual({
        success: false,
        error: 'SERVICE_UNAVAILABLE',
        message: 'Dashboard temporarily unavailable',
      });
    } finally {
      await isolated.close();
    }
  });
});
