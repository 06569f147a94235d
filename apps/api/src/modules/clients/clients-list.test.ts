import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestContext,
  buildClient,
  buildClientForm,
  buildLicence,
  createTestContext,
} from '../../../test/builders';
import { findFilteredPage } from './clients.repo';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe('GET /api/clients (directory page)', () => {
  let isolated: TestContext;
  let token: string;
  beforeAll(async () => {
    isolated = await createTestContext();
    token = await isolated.signIn('sales');
    const now = Date.now();
    const day = 24 * 60 * 60 * 1000;
    // 12 clients, named so that name order and creation order differ.
    for (let index = 0; index < 12; index += 1) {
      const client = await buildClient(isolated, {
        companyId: `C${String(index).padStart(2, '0')}`,
        companyName: `${String.fromCharCode(76 - index)} Company`,
        address: index === 3 ? 'Lot 50%_off, Penang' : 'Kuala Lumpur',
        active: index % 4 !== 0,
        createdAt: new Date(now - (index * 5 + 1) * day),
      });
      if (index < 2) await buildLicence(isolated, client.id);
    }
  });
  afterAll(() => isolated.close());

  it('answers the first 10 clients, newest first, with their licence counts, paging and summary', async () => {
    const response = await request(isolated.app).get('/api/clients').set(auth(token)).expect(200);
    expect(response.body.clients.map((c: { companyId: string }) => c.companyId)).toEqual([
      'C00',
      'C01',
      'C02',
      'C03',
      'C04',
      'C05',
      'C06',
      'C07',
      'C08',
      'C09',
    ]);
    expect(response.body.clients[0].licenceCount).toBe(1);
    expect(response.body.clients[2].licenceCount).toBe(0);
    expect(response.body.pagination).toEqual({
      currentPage: 1,
      totalPages: 2,
      totalCount: 12,
      limit: 10,
      hasNext: true,
      hasPrev: false,
    });
    // Created 1, 6, 11, 16, 21, 26 days ago fall in the 30-day window; 3 of 12 are inactive.
    expect(response.body.summary).toEqual({
      totalClients: 12,
      activeClients: 9,
      totalLicences: 2,
      newThisMonth: 6,
    });
  });

  it('sorts by company name in either direction and pages on', async () => {
    const ascending = await request(isolated.app)
      .get('/api/clients?sortBy=companyName&sortOrder=asc&limit=5&page=2')
      .set(auth(token))
      .expect(200);
    expect(ascending.body.clients.map((c: { companyName: string }) => c.companyName[0])).toEqual([
      'F',
      'G',
      'H',
      'I',
      'J',
    ]);
    const descending = await request(isolated.app)
      .get('/api/clients?sortBy=companyName&sortOrder=desc&limit=3')
      .set(auth(token))
      .expect(200);
    expect(descending.body.clients.map((c: { companyName: string }) => c.companyName[0])).toEqual([
      'L',
      'K',
      'J',
    ]);
  });

  it('searches any text field without case and treats LIKE wildcards literally', async () => {
    const byName = await request(isolated.app)
      .get('/api/clients?search=k%20COMPANY')
      .set(auth(token))
      .expect(200);
    expect(byName.body.clients.map((c: { companyId: string }) => c.companyId)).toEqual(['C01']);
    const literal = await request(isolated.app)
      .get(`/api/clients?search=${encodeURIComponent('50%_off')}`)
      .set(auth(token))
      .expect(200);
    expect(literal.body.clients.map((c: { companyId: string }) => c.companyId)).toEqual(['C03']);
    const wildcard = await request(isolated.app)
      .get('/api/clients?search=%25')
      .set(auth(token))
      .expect(200);
    expect(wildcard.body.pagination.totalCount).toBe(1);
  });

  it('counts a search across its pages, exactly while the matches are few', async () => {
    const response = await request(isolated.app)
      .get('/api/clients?search=kuala&limit=5&page=2')
      .set(auth(token))
      .expect(200);
    expect(response.body.clients).toHaveLength(5);
    expect(response.body.pagination).toMatchObject({ totalCount: 11, totalPages: 3 });
    expect(response.body.pagination).not.toHaveProperty('totalCountCapped');
  });

  it('counts a search only so far past its page, and exactly on its last page', async () => {
    const page = (n: number) =>
      findFilteredPage(
        isolated.database.db,
        { search: 'kuala', sortBy: 'createdAt', sortOrder: 'desc', page: n, limit: 2 },
        2,
      );
    expect(await page(1)).toMatchObject({ totalCount: 2, totalCountCapped: true });
    expect(await page(3)).toMatchObject({ totalCount: 6, totalCountCapped: true });
    const last = await page(6);
    expect(last.rows).toHaveLength(1);
    expect(last).toMatchObject({ totalCount: 11, totalCountCapped: false });
  });

  it('filters by active state', async () => {
    const response = await request(isolated.app)
      .get('/api/clients?active=false')
      .set(auth(token))
      .expect(200);
    expect(response.body.clients.map((c: { companyId: string }) => c.companyId)).toEqual([
      'C00',
      'C04',
      'C08',
    ]);
  });

  it('refuses an unknown sort field and a page size over 100', async () => {
    await request(isolated.app).get('/api/clients?sortBy=email').set(auth(token)).expect(400);
    await request(isolated.app).get('/api/clients?limit=101').set(auth(token)).expect(400);
  });

  it('is refused without clients.view (403) and without a token (401)', async () => {
    const denied = await isolated.signIn('sales', { customDenied: ['clients.view'] });
    await request(isolated.app).get('/api/clients').set(auth(denied)).expect(403);
    await request(isolated.app).get('/api/clients').expect(401);
  });

  it('pages the same whichever end of the directory or of a state a page is read from', async () => {
    const ids = (body: { clients: { companyId: string }[] }) =>
      body.clients.map((c) => c.companyId);
    const sorts = ['sortBy=createdAt&sortOrder=desc', 'sortBy=companyName&sortOrder=asc'];
    for (const [state, count] of [
      ['', 12],
      ['&active=true', 9],
      ['&active=false', 3],
    ] as const) {
      for (const sort of sorts) {
        const everything = await request(isolated.app)
          .get(`/api/clients?${sort}${state}&limit=100`)
          .set(auth(token))
          .expect(200);
        expect(everything.body.clients).toHaveLength(count);
        const pages: string[] = [];
        for (let page = 1; page <= 3; page += 1) {
          const answer = await request(isolated.app)
            .get(`/api/clients?${sort}${state}&limit=2&page=${page}`)
            .set(auth(token))
            .expect(200);
          expect(answer.body.pagination.totalCount).toBe(count);
          pages.push(...ids(answer.body));
        }
        expect(pages).toEqual(ids(everything.body).slice(0, 6));
      }
    }
    const beyond = await request(isolated.app)
      .get('/api/clients?limit=5&page=9')
      .set(auth(token))
      .expect(200);
    expect(beyond.body.clients).toEqual([]);
    expect(beyond.body.pagination).toMatchObject({ totalCount: 12, totalPages: 3 });
  });
});

describe('GET /api/business/clients (billing client picker)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
    await buildClient(t, { companyId: 'B1', companyName: 'Beta Guards', active: true });
    await buildClient(t, { companyId: 'A1', companyName: 'Alpha Patrol', active: true });
    await buildClient(t, { companyId: 'Z1', companyName: 'Zeta Closed', active: false });
  });
  afterAll(() => t.close());

  it('answers active clients by company name with the details a document copies', async () => {
    const token = await t.signIn('sales');
    const response = await request(t.app).get('/api/business/clients').set(auth(token)).expect(200);
    expect(response.body.clients.map((c: { companyName: string }) => c.companyName)).toEqual([
      'Alpha Patrol',
      'Beta Guards',
    ]);
    expect(Object.keys(response.body.clients[0]).sort()).toEqual(
      ['address', 'companyId', 'companyName', 'contactPerson', 'email', 'id', 'phone'].sort(),
    );
  });

  it('searches on the server and limits the answer', async () => {
    const token = await t.signIn('accounts');
    const searched = await request(t.app)
      .get('/api/business/clients?search=beta')
      .set(auth(token))
      .expect(200);
    expect(searched.body.clients.map((c: { companyId: string }) => c.companyId)).toEqual(['B1']);
    const limited = await request(t.app)
      .get('/api/business/clients?limit=1')
      .set(auth(token))
      .expect(200);
    expect(limited.body.clients).toHaveLength(1);
  });

  it('refuses a limit over 100 (400) and a user without quotations.view or invoices.view (403)', async () => {
    const token = await t.signIn('sales');
    await request(t.app).get('/api/business/clients?limit=500').set(auth(token)).expect(400);
    const noBilling = await t.signIn('sales', { permissions: ['clients.view'] });
    await request(t.app).get('/api/business/clients').set(auth(noBilling)).expect(403);
  });
});

describe('GET /api/clients between changes', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    // Answers held for a minute, so that only a change can renew them.
    t = await createTestContext({ services: { snapshotTtlMs: 60_000 } });
    token = await t.signIn('Admin');
    await buildClient(t, { companyId: 'K1', companyName: 'K1 Guards' });
  });
  afterAll(() => t.close());

  const companyIds = async (query = '') =>
    (
      await request(t.app)
        .get(`/api/clients?sortBy=companyName&sortOrder=asc${query}`)
        .set(auth(token))
        .expect(200)
    ).body.clients.map((client: { companyId: string }) => client.companyId);

  it('answers a repeated query from memory until a client or licence change, here or in another process', async () => {
    expect(await companyIds()).toEqual(['K1']);
    // Written behind the API's back: no change is announced, the held answer stands.
    const quiet = await buildClient(t, { companyId: 'K2', companyName: 'K2 Guards' });
    expect(await companyIds()).toEqual(['K1']);
    // Another query is read for itself (a search counts its own matches).
    expect(await companyIds('&search=guards')).toEqual(['K1', 'K2']);

    await request(t.app)
      .post('/api/clients')
      .set(auth(token))
      .send(buildClientForm({ companyId: 'K3', companyName: 'K3 Guards' }))
      .expect(201);
    expect(await companyIds()).toEqual(['K1', 'K2', 'K3']);

    await buildClient(t, { companyId: 'K4', companyName: 'K4 Guards' });
    expect(await companyIds()).toEqual(['K1', 'K2', 'K3']);
    // A licence bound through another API process, relayed through Redis.
    t.ctx.events.deliverRemote({
      event: 'licenceUpdated',
      payload: {
        action: 'bind',
        licence: { key: 'MP-AAAA-BBBB-CCCC', bound: true, deviceId: null, projectName: null },
        clientId: quiet.id,
      },
    });
    expect(await companyIds()).toEqual(['K1', 'K2', 'K3', 'K4']);
  });
});

describe('GET /api/clients with ANSWER_CACHES=off', () => {
  let t: TestContext;
  let token: string;
  beforeAll(async () => {
    // No test override of the time-to-live: the configuration alone turns the caches off.
    t = await createTestContext({
      env: { ANSWER_CACHES: 'off' },
      services: { snapshotTtlMs: undefined },
    });
    token = await t.signIn('Admin');
    await buildClient(t, { companyId: 'U1', companyName: 'U1 Guards' });
  });
  afterAll(() => t.close());

  it('reads the database for every request, the directory totals included', async () => {
    const list = async () =>
      (await request(t.app).get('/api/clients').set(auth(token)).expect(200)).body;
    expect((await list()).clients).toHaveLength(1);
    // Written behind the API's back: with caches on, the held answer would stand.
    await buildClient(t, { companyId: 'U2', companyName: 'U2 Guards' });
    const second = await list();
    expect(second.clients).toHaveLength(2);
    expect(second.summary.totalClients).toBe(2);
  });
});
