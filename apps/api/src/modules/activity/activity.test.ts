import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema';
import {
  createClientAreaTestContext,
  type ClientAreaTestContext,
} from '../clients/clients-test-builders';

describe('GET /api/activity', () => {
  let t: ClientAreaTestContext;
  let token: string;
  beforeAll(async () => {
    t = await createClientAreaTestContext();
    token = await t.signIn('sales');
    const now = Date.now();
    await t.database.db.insert(activities).values(
      Array.from({ length: 12 }, (_, index) => ({
        type: index % 3 === 0 ? 'licence_bound' : 'client_added',
        detail: `Event ${index}`,
        companyId: index % 2 === 0 ? 'ACME' : 'BETA',
        refs: { companyName: index % 2 === 0 ? 'Acme' : 'Beta' },
        createdAt: new Date(now - (12 - index) * 1000),
      })),
    );
  });
  afterAll(() => t.close());

  const get = (query: string) =>
    request(t.app).get(`/api/activity${query}`).set('Authorization', `Bearer ${token}`);

  it('answers the newest 10 first with paging', async () => {
    const response = await get('').expect(200);
    expect(response.body.activities).toHaveLength(10);
    expect(response.body.activities[0]).toMatchObject({
      type: 'client_added',
      detail: 'Event 11',
      companyId: 'BETA',
      refs: { companyName: 'Beta' },
    });
    expect(response.body.pagination).toMatchObject({
      totalCount: 12,
      totalPages: 2,
      hasNext: true,
    });
    const second = await get('?page=2').expect(200);
    expect(second.body.activities.map((a: { detail: string }) => a.detail)).toEqual([
      'Event 1',
      'Event 0',
    ]);
  });

  it('filters by type and by company', async () => {
    const bound = await get('?type=licence_bound').expect(200);
    expect(bound.body.activities.map((a: { detail: string }) => a.detail)).toEqual([
      'Event 9',
      'Event 6',
      'Event 3',
      'Event 0',
    ]);
    const acme = await get('?companyId=ACME&limit=100').expect(200);
    expect(acme.body.pagination.totalCount).toBe(6);
    await get('?type=unknown').expect(400);
  });

  it('is refused without dashboard.view (403)', async () => {
    const denied = await t.signIn('sales', { customDenied: ['dashboard.view'] });
    await request(t.app).get('/api/activity').set('Authorization', `Bearer ${denied}`).expect(403);
  });
});
