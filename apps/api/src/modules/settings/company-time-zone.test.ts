import { defaultCompanySettings, timeZoneMessages, type CompanySettings } from '@patrol/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestContext, auditEntriesOf, createTestContext } from '../../../test/builders';

let t: TestContext;
let adminToken: string;
let salesToken: string;

beforeAll(async () => {
  t = await createTestContext();
  adminToken = (await t.createUserWithToken({ role: 'Admin' })).token;
  salesToken = (await t.createUserWithToken({ role: 'sales' })).token;
});
afterAll(() => t.close());

const api = () => request(t.app);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const withZone = (timeZone: string): CompanySettings => ({
  ...structuredClone(defaultCompanySettings),
  timeSettings: { timeZone },
});

describe('company time zone (settings, group time)', () => {
  it('is Asia/Kuala_Lumpur by default, for every signed-in user', async () => {
    const response = await api().get('/api/settings').set(bearer(salesToken)).expect(200);
    expect(response.body.settings.timeSettings).toEqual({ timeZone: 'Asia/Kuala_Lumpur' });
  });

  it('takes Asia/Kuala_Lumpur when a body without the group (an older console) is saved', async () => {
    const { timeSettings: _omitted, ...older } = structuredClone(defaultCompanySettings);
    const response = await api().put('/api/settings').set(bearer(adminToken)).send(older);
    expect(response.status).toBe(200);
    expect(response.body.settings.timeSettings.timeZone).toBe('Asia/Kuala_Lumpur');
  });

  it.each(['Asia/Kuala_Lumpurr', '+08:00', 'GMT+8', 'kuala lumpur', ''])(
    'refuses %j with a clear message (400)',
    async (timeZone) => {
      const response = await api()
        .put('/api/settings')
        .set(bearer(adminToken))
        .send(withZone(timeZone))
        .expect(400);
      expect(response.body.errors['timeSettings.timeZone']).toBe(timeZoneMessages.invalid);
    },
  );

  it('saves an IANA zone, audits it, and the audit screen answers it', async () => {
    await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(withZone('Europe/London'))
      .expect(200);
    const [entry] = await auditEntriesOf(t, 'company');
    expect(entry!.changes['timeSettings.timeZone']).toEqual({
      before: 'Asia/Kuala_Lumpur',
      after: 'Europe/London',
    });
    const audit = await api().get('/api/audit').set(bearer(adminToken)).expect(200);
    expect(audit.body.data.timeZone).toBe('Europe/London');
    // Days filter in the company's zone: today's London day holds the change just made.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
      new Date(),
    );
    const filtered = await api()
      .get(`/api/audit?entityType=settings&dateFrom=${today}&dateTo=${today}`)
      .set(bearer(adminToken))
      .expect(200);
    expect(filtered.body.data.entries.length).toBeGreaterThan(0);
    await api()
      .put('/api/settings')
      .set(bearer(adminToken))
      .send(withZone('Asia/Kuala_Lumpur'))
      .expect(200);
  });

  it('refuses a user without settings.edit (403)', async () => {
    await api().put('/api/settings').set(bearer(salesToken)).send(withZone('UTC')).expect(403);
  });
});
