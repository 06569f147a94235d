import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, companySettings } from '../../db/schema';
import {
  type TestContext,
  bearer,
  buildClient,
  buildLicence,
  buildProduct,
  createTestContext,
  sampleClient,
} from '../../../test/builders';

const dayMs = 86_400_000;

describe('renewals API', { timeout: 120_000 }, () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
  }, 180_000);
  afterAll(() => t.close());

  const list = (query: string, token = admin) =>
    request(t.app).get(`/api/business/renewals${query}`).set(bearer(token));

  it('lists keys about to expire by client, expiry day and type, with the renewing product', async () => {
    const product = await buildProduct(t, {
      name: 'Premium renewal',
      licenceType: 'Premium',
      unitPrice: '250.00',
    });
    // A later Premium product and another type's do not renew Premium keys.
    await buildProduct(t, {
      name: 'Premium (new price)',
      licenceType: 'Premium',
      unitPrice: '300.00',
    });
    await buildProduct(t, {
      name: 'Standard renewal',
      licenceType: 'Standard',
      unitPrice: '90.00',
    });
    const client = await buildClient(t, { companyName: 'Tamat Tempoh Sdn Bhd' });
    const expiry = new Date(Date.now() + 7 * dayMs);
    const keys = [
      await buildLicence(t, client.id, { licenceType: 'Premium', validUntil: expiry }),
      await buildLicence(t, client.id, { licenceType: 'Premium', validUntil: expiry }),
    ];
    await buildLicence(t, client.id, { licenceType: 'Trial', validUntil: expiry });
    await buildLicence(t, client.id, { validUntil: new Date(Date.now() + 90 * dayMs) });
    await buildLicence(t, client.id, { validUntil: new Date(Date.now() - dayMs) });

    const response = await list('?days=30').expect(200);
    expect(response.body.totals).toEqual({ keys: 3, clients: 1 });
    expect(response.body.pagination).toMatchObject({ totalCount: 2, currentPage: 1 });
    const premium = response.body.renewals.find(
      (group: { licenceType: string }) => group.licenceType === 'Premium',
    );
    expect(premium).toMatchObject({
      companyId: client.companyId,
      companyName: 'Tamat Tempoh Sdn Bhd',
      expiryDate: expiry.toISOString().slice(0, 10),
      keyCount: 2,
      product: { id: product.id, name: 'Premium renewal', unitPrice: 250 },
      renewalAmount: 500,
    });
    expect([...premium.keys].sort()).toEqual(keys.map((key) => key.key).sort());
    const trial = response.body.renewals.find(
      (group: { licenceType: string }) => group.licenceType === 'Trial',
    );
    expect(trial).toMatchObject({ keyCount: 1, product: null, renewalAmount: null });

    const wider = await list('?days=120&limit=1&page=2').expect(200);
    expect(wider.body.totals.keys).toBe(4);
    expect(wider.body.renewals).toHaveLength(1);
  });

  it('refuses days outside 1 to 365 (400) and a reader without invoices.view (403)', async () => {
    const refused = await list('?days=0').expect(400);
    expect(refused.body.errors.days).toBe('Days must be between 1 and 365');
    const viewer = await t.signIn('sales', { permissions: ['dashboard.view'] });
    await list('', viewer).expect(403);
  });

  describe('PUT /api/business/renewals/clients/{companyId}', () => {
    const put = (companyId: string, body: object, token = admin) =>
      request(t.app)
        .put(`/api/business/renewals/clients/${companyId}`)
        .set(bearer(token))
        .send(body);

    it('turns auto-renewal on, audited', async () => {
      const client = await buildClient(t, { companyName: 'Auto Sdn Bhd' });
      const response = await put(client.companyId, { autoRenewal: true }).expect(200);
      expect(response.body).toMatchObject({
        message: 'Auto-renewal turned on for Auto Sdn Bhd',
        autoRenewal: true,
      });
      const trail = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'client'), eq(auditLog.entityId, client.id)));
      expect(trail[0]?.changes).toMatchObject({ autoRenewal: { before: false, after: true } });
    });

    it('answers 400 for a body without a boolean, 404 for an unknown client, 403 without clients.edit', async () => {
      const client = await buildClient(t);
      await put(client.companyId, { autoRenewal: 'yes' }).expect(400);
      const missing = await put('NO-SUCH-CLIENT', { autoRenewal: true }).expect(404);
      expect(missing.body.message).toBe('Client not found');
      const sales = await t.signIn('sales');
      await put(client.companyId, { autoRenewal: true }, sales).expect(403);
    });
  });

  it('keeps the renewal settings in the company settings: validated and audited', async () => {
    const current = (await request(t.app).get('/api/settings').set(bearer(admin)).expect(200)).body
      .settings;
    expect(current.licenceRenewals).toEqual({
      leadTimeDays: 30,
      sendQuotationsAutomatically: false,
      reminderLadder: [-3, 0, 7, 14, 30].map((days) => ({ days, sends: 'email_with_pdf' })),
      graceToRestrictedDays: 30,
      graceToSuspendedDays: 60,
      suspendOnOverdue: false,
    });
    const { logo: _logo, ...body } = current;
    const bad = await request(t.app)
      .put('/api/settings')
      .set(bearer(admin))
      .send({ ...body, licenceRenewals: { ...body.licenceRenewals, graceToSuspendedDays: 10 } })
      .expect(400);
    expect(JSON.stringify(bad.body.errors)).toContain(
      'Grace to suspended must be longer than grace to restricted',
    );
    const duplicate = await request(t.app)
      .put('/api/settings')
      .set(bearer(admin))
      .send({
        ...body,
        licenceRenewals: {
          ...body.licenceRenewals,
          reminderLadder: [
            { days: 7, sends: 'email' },
            { days: 7, sends: 'whatsapp' },
          ],
        },
      })
      .expect(400);
    expect(duplicate.body.errors).toMatchObject({
      'licenceRenewals.reminderLadder.1.days': 'Each reminder day may appear only once',
    });
    const unknownSends = await request(t.app)
      .put('/api/settings')
      .set(bearer(admin))
      .send({
        ...body,
        licenceRenewals: { ...body.licenceRenewals, reminderLadder: [{ days: 1, sends: 'fax' }] },
      })
      .expect(400);
    expect(JSON.stringify(unknownSends.body.errors)).toContain('Choose what the reminder sends');
    const ladder = [
      { days: 7, sends: 'whatsapp' },
      { days: -1, sends: 'email' },
    ];
    await request(t.app)
      .put('/api/settings')
      .set(bearer(admin))
      .send({ ...body, licenceRenewals: { ...body.licenceRenewals, reminderLadder: ladder } })
      .expect(200);
    const saved = await request(t.app).get('/api/settings').set(bearer(admin)).expect(200);
    expect(saved.body.settings.licenceRenewals.reminderLadder).toEqual([ladder[1], ladder[0]]);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.updated'));
    expect(JSON.stringify(trail.at(-1)?.changes)).toContain('licenceRenewals.reminderLadder');
    expect(JSON.stringify(trail.at(-1)?.changes)).toContain('whatsapp');
  });

  it('reads a ladder saved as days alone as steps that e-mail the PDF', async () => {
    // A row written before reminder steps said what they send.
    const [row] = await t.database.db.select().from(companySettings);
    const settings = row!.settings as unknown as Record<string, Record<string, unknown>>;
    const { reminderLadder: _ladder, ...renewals } = settings.licenceRenewals!;
    const older = { ...settings, licenceRenewals: { ...renewals, reminderLadderDays: [-2, 10] } };
    await t.database.db
      .update(companySettings)
      .set({ settings: older as never })
      .where(eq(companySettings.id, row!.id));
    const read = await request(t.app).get('/api/settings').set(bearer(admin)).expect(200);
    expect(read.body.settings.licenceRenewals.reminderLadder).toEqual([
      { days: -2, sends: 'email_with_pdf' },
      { days: 10, sends: 'email_with_pdf' },
    ]);
  });
});

describe('GET /api/business/renewals totals held per window', { timeout: 120_000 }, () => {
  let t: TestContext;
  let admin: string;
  let clientId: string;
  beforeAll(async () => {
    // Answers held for a minute, so that only a change can renew them.
    t = await createTestContext({ services: { snapshotTtlMs: 60_000 } });
    admin = await t.signIn('Admin');
    clientId = (await buildClient(t, { companyName: 'Jendela Sdn Bhd' })).id;
    await buildLicence(t, clientId, { validUntil: new Date(Date.now() + 5 * dayMs) });
  });
  afterAll(() => t.close());

  const page = async (pageNumber = 1, days = 30) =>
    (
      await request(t.app)
        .get(`/api/business/renewals?days=${days}&limit=1&page=${pageNumber}`)
        .set(bearer(admin))
        .expect(200)
    ).body;

  it('answers the next pages from the held totals until a client, licence or billing change', async () => {
    expect((await page()).totals).toEqual({ keys: 1, clients: 1 });
    // Written behind the API's back: no change announced, the window's totals stand, while the
    // page itself is read afresh.
    await buildLicence(t, clientId, { validUntil: new Date(Date.now() + 9 * dayMs) });
    const second = await page(2);
    expect(second.totals).toEqual({ keys: 1, clients: 1 });
    expect(second.renewals).toHaveLength(1);
    // Another window is counted for itself.
    expect((await page(1, 60)).totals).toEqual({ keys: 2, clients: 1 });

    t.ctx.events.publish('clientUpdated', sampleClient({ id: clientId }));
    expect((await page()).totals).toEqual({ keys: 2, clients: 1 });

    await buildLicence(t, clientId, { validUntil: new Date(Date.now() + 12 * dayMs) });
    t.ctx.events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id: clientId });
    expect((await page()).totals).toEqual({ keys: 3, clients: 1 });
  });
});
