import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema';
import { type TestContext, createTestContext } from '../../../test/builders';

describe('GET /api/activity', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    t = await createTestContext();
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

  const details = (body: { activities: { detail: string }[] }) =>
    body.activities.map((activity) => activity.detail);

  it('answers the newest 10 first, then the older ones by cursor', async () => {
    const response = await get('').expect(200);
    expect(response.body.activities).toHaveLength(10);
    expect(response.body.activities[0]).toMatchObject({
      type: 'client_added',
      detail: 'Event 11',
      companyId: 'BETA',
      refs: { companyName: 'Beta' },
    });
    expect(response.body.nextCursor).toEqual(expect.any(String));
    const second = await get(`?cursor=${response.body.nextCursor}`).expect(200);
    expect(details(second.body)).toEqual(['Event 1', 'Event 0']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('keeps rows created in the same millisecond apart across pages', async () => {
    const isolated = await createTestContext();
    try {
      const same = new Date();
      await isolated.database.db.insert(activities).values(
        Array.from({ length: 5 }, (_, index) => ({
          type: 'client_added' as const,
          detail: `Tied ${index}`,
          createdAt: same,
        })),
      );
      const staff = await isolated.signIn('sales');
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = await request(isolated.app)
          .get(`/api/activity?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
          .set('Authorization', `Bearer ${staff}`)
          .expect(200);
        seen.push(...details(page.body));
        cursor = page.body.nextCursor ?? '';
      } while (cursor);
      expect(seen.sort()).toEqual(['Tied 0', 'Tied 1', 'Tied 2', 'Tied 3', 'Tied 4']);
    } finally {
      await isolated.close();
    }
  });

  it('filters by type and by company', async () => {
    const bound = await get('?type=licence_bound').expect(200);
    expect(details(bound.body)).toEqual(['Event 9', 'Event 6', 'Event 3', 'Event 0']);
    const acme = await get('?companyId=ACME&limit=100').expect(200);
    expect(acme.body.activities).toHaveLength(6);
    await get('?type=unknown').expect(400);
  });

  it('refuses a cursor it did not issue (400)', async () => {
    const response = await get('?cursor=bm90LWEtY3Vyc29y').expect(400);
    expect(response.body).toMatchObject({ error: 'VALIDATION_ERROR', message: 'Invalid cursor.' });
  });

  it('is refused without dashboard.view (403)', async () => {
    const denied = await t.signIn('sales', { customDenied: ['dashboard.view'] });
    await request(t.app).get('/api/activity').set('Authorization', `Bearer ${denied}`).expect(403);
  });
});
