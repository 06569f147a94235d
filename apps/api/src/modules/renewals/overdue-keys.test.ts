import { addDays } from '@patrol/domain';
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activities, auditLog, licenceOverdueStates } from '../../db/schema';
import { deviceMessages } from '../devices/devices.service';
import {
  type TestContext,
  bearer,
  buildClient,
  buildLicence,
  createInvoice,
  createTestContext,
  deviceIdFor,
  payAndValidate,
} from '../../../test/builders';
import { overdueKeyCounts } from './overdue-counts.service';
import { verifyAuditChain } from '../audit/audit-chain.service';
import { recordOverdueTransitions, recordTransitionsSeen } from './overdue-transitions.service';
import { runDailyRenewals } from './renewal-run.service';

const dayMs = 86_400_000;
const project = 'Overdue Site';

/** The instant the business day `day` (YYYY-MM-DD) is at noon in Malaysia. */
const noonOf = (day: string) => new Date(`${day}T12:00:00+08:00`);

function filePayload(file: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(file.split('.')[0]!, 'base64url').toString('utf8'));
}

describe(
  'overdue invoices restrict, then suspend, the keys they cover',
  { timeout: 120_000 },
  () => {
    let t: TestContext;
    let admin: string;
    let deviceCounter = 0;
    beforeAll(async () => {
      t = await createTestContext();
      admin = await t.signIn('Admin');
    }, 180_000);
    afterAll(() => t.close());
    afterEach(() => vi.useRealTimers());

    const activate = async (key: string) => {
      deviceCounter += 1;
      const deviceId = deviceIdFor(project, `OVD${String(deviceCounter).padStart(9, '0')}`);
      const response = await request(t.app)
        .post('/api/device/activate')
        .send({ licenceKey: key, deviceId, projectName: project })
        .expect(200);
      return response.body.deviceToken as string;
    };
    const heartbeat = (token: string) =>
      request(t.app).post('/api/device/heartbeat').set(bearer(token)).send({ batteryLevel: 50 });
    /** Moves the clock (Date only: timers, sockets and the database keep running). */
    const onDay = (day: string) => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(noonOf(day));
    };

    it('restricts past the first grace, refuses past the second, and restores on validation', async () => {
      const client = await buildClient(t, { companyName: 'Lewat Bayar Sdn Bhd' });
      const invoice = await createInvoice(t, admin, client.id);
      const dueDay = invoice.dueDate.slice(0, 10);
      const paid = await buildLicence(t, client.id, {
        paidByInvoiceId: invoice.id,
        validUntil: new Date(Date.now() + 400 * dayMs),
      });
      const other = await buildLicence(t, client.id, {
        validUntil: new Date(Date.now() + 400 * dayMs),
      });
      const token = await activate(paid.key);
      const otherToken = await activate(other.key);

      const active = await heartbeat(token).expect(200);
      expect(active.body.licence.status).toBe('active');

      // The session stays cached: the state is decided at the call, not by a daily run.
      onDay(addDays(dueDay, 29));
      expect((await heartbeat(token).expect(200)).body.licence.status).toBe('active');
      onDay(addDays(dueDay, 30));
      const restricted = await heartbeat(token).expect(200);
      expect(restricted.body.licence).toMatchObject({
        status: 'restricted',
        message: deviceMessages.restricted,
      });
      expect(filePayload(restricted.body.licenceFile).status).toBe('restricted');
      // Without suspendOnOverdue, a key the invoice did not pay keeps working.
      expect((await heartbeat(otherToken).expect(200)).body.licence.status).toBe('active');

      onDay(addDays(dueDay, 60));
      const refused = await heartbeat(token).expect(403);
      expect(refused.body.message).toBe(deviceMessages.overdueSuspended);
      const read = await request(t.app).get('/api/device/licence').set(bearer(token)).expect(200);
      expect(read.body.licence.status).toBe('suspended');
      expect(filePayload(read.body.licenceFile).status).toBe('suspended');
      expect(await overdueKeyCounts(t.ctx.db)).toEqual({ restricted: 0, suspended: 1 });
      const dashboard = await request(t.app)
        .get('/api/clients/dashboard')
        .set(bearer(await t.signIn('Admin')))
        .expect(200);
      expect(dashboard.body.licenceStanding).toEqual({
        restricted: expect.any(Number),
        suspended: expect.any(Number),
      });

      // Signed in on the moved clock, so the staff tokens are fresh there.
      const accounts = await t.signIn('accounts');
      await payAndValidate(t, accounts, invoice.id, [
        { amount: invoice.totalAmount, paymentMethod: 'bank_transfer', referenceNumber: 'TRX-OVD' },
      ]);
      const restored = await heartbeat(token).expect(200);
      expect(restored.body.licence.status).toBe('active');
      expect(restored.body.licence.message).toBeUndefined();
    });

    it('with suspendOnOverdue restricts every key of the client', async () => {
      const settings = await request(t.app).get('/api/settings').set(bearer(admin)).expect(200);
      const { logo: _logo, ...current } = settings.body.settings;
      await request(t.app)
        .put('/api/settings')
        .set(bearer(admin))
        .send({
          ...current,
          licenceRenewals: { ...current.licenceRenewals, suspendOnOverdue: true },
        })
        .expect(200);
      const client = await buildClient(t, { companyName: 'Semua Kunci Sdn Bhd' });
      const invoice = await createInvoice(t, admin, client.id);
      const key = await buildLicence(t, client.id, {
        validUntil: new Date(Date.now() + 400 * dayMs),
      });
      const token = await activate(key.key);
      onDay(addDays(invoice.dueDate.slice(0, 10), 31));
      expect((await heartbeat(token).expect(200)).body.licence.status).toBe('restricted');
      await request(t.app)
        .put('/api/settings')
        .set(bearer(await t.signIn('Admin')))
        .send({
          ...current,
          licenceRenewals: { ...current.licenceRenewals, suspendOnOverdue: false },
        })
        .expect(200);
    });

    const feedOf = async (companyId: string) =>
      (
        await t.database.db
          .select({ type: activities.type })
          .from(activities)
          .where(eq(activities.companyId, companyId))
      ).map((row) => row.type);
    const trailOf = async (invoiceId: string) =>
      (
        await t.database.db
          .select({ action: auditLog.action })
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, invoiceId)))
      )
        .map((row) => row.action)
        .filter((action) => action.startsWith('invoice.keys_'));
    const stateOf = async (invoiceId: string) =>
      (
        await t.database.db
          .select({ state: licenceOverdueStates.state })
          .from(licenceOverdueStates)
          .where(eq(licenceOverdueStates.invoiceId, invoiceId))
      )[0]?.state;

    it('the first device call to see a transition records it, without the daily run', async () => {
      const client = await buildClient(t, { companyName: 'Nampak Dulu Sdn Bhd' });
      const invoice = await createInvoice(t, admin, client.id);
      const dueDay = invoice.dueDate.slice(0, 10);
      const key = await buildLicence(t, client.id, {
        paidByInvoiceId: invoice.id,
        validUntil: new Date(Date.now() + 400 * dayMs),
      });
      const token = await activate(key.key);
      await heartbeat(token).expect(200);

      // The session is cached from before the grace: the call that crosses it records it.
      onDay(addDays(dueDay, 30));
      await heartbeat(token).expect(200);
      expect(await stateOf(invoice.id)).toBe('restricted');
      expect(await trailOf(invoice.id)).toEqual(['invoice.keys_restricted']);
      expect(await feedOf(client.companyId)).toContain('licences_restricted');
      await heartbeat(token).expect(200);
      onDay(addDays(dueDay, 45));
      await heartbeat(token).expect(200);
      expect(await trailOf(invoice.id)).toEqual(['invoice.keys_restricted']);

      onDay(addDays(dueDay, 60));
      await heartbeat(token).expect(403);
      expect(await stateOf(invoice.id)).toBe('suspended');

      await payAndValidate(t, await t.signIn('accounts'), invoice.id, [
        {
          amount: invoice.totalAmount,
          paymentMethod: 'bank_transfer',
          referenceNumber: 'TRX-SEEN',
        },
      ]);
      expect((await heartbeat(token).expect(200)).body.licence.status).toBe('active');
      expect(await stateOf(invoice.id)).toBe('restored');
      expect(await trailOf(invoice.id)).toEqual([
        'invoice.keys_restricted',
        'invoice.keys_suspended',
        'invoice.keys_restored',
      ]);
      const transitions = ['licences_restricted', 'licences_suspended', 'licences_restored'];
      const feed = (await feedOf(client.companyId)).filter((type) => transitions.includes(type));
      expect(feed).toEqual(['licences_restricted', 'licences_suspended', 'licences_restored']);
      expect(t.published.some((event) => event.event === 'activityUpdated')).toBe(true);

      // The daily run finds every transition recorded.
      await runDailyRenewals(t.ctx, { now: noonOf(addDays(dueDay, 61)) });
      expect(await trailOf(invoice.id)).toHaveLength(3);
    });

    it('records a transition once when ten device calls race with the daily run', async () => {
      const client = await buildClient(t, { companyName: 'Serentak Sdn Bhd' });
      const invoice = await createInvoice(t, admin, client.id);
      const dueDay = invoice.dueDate.slice(0, 10);
      const tokens: string[] = [];
      for (let count = 0; count < 2; count += 1) {
        const key = await buildLicence(t, client.id, {
          paidByInvoiceId: invoice.id,
          validUntil: new Date(Date.now() + 400 * dayMs),
        });
        tokens.push(await activate(key.key));
      }
      const day = addDays(dueDay, 33);
      onDay(day);
      const calls = await Promise.all([
        ...Array.from({ length: 10 }, (_, index) => heartbeat(tokens[index % 2]!)),
        recordTransitionsSeen(t.ctx, [invoice.id], noonOf(day)),
        recordTransitionsSeen(t.ctx, [invoice.id], noonOf(day)),
        runDailyRenewals(t.ctx, { now: noonOf(day) }),
      ]);
      for (const call of calls.slice(0, 10)) {
        expect((call as { body: { licence: { status: string } } }).body.licence.status).toBe(
          'restricted',
        );
      }
      expect(await trailOf(invoice.id)).toEqual(['invoice.keys_restricted']);
      expect(
        (await feedOf(client.companyId)).filter((type) => type === 'licences_restricted'),
      ).toHaveLength(1);
    });

    it('records each transition once in the audit trail and the activity feed', async () => {
      const client = await buildClient(t, { companyName: 'Jejak Audit Sdn Bhd' });
      const invoice = await createInvoice(t, admin, client.id);
      const dueDay = invoice.dueDate.slice(0, 10);
      await buildLicence(t, client.id, { paidByInvoiceId: invoice.id });
      const run = (day: string) => runDailyRenewals(t.ctx, { now: noonOf(day) });
      await run(addDays(dueDay, 30));
      await run(addDays(dueDay, 45));
      await run(addDays(dueDay, 60));
      const feed = async () =>
        (
          await t.database.db
            .select({ type: activities.type })
            .from(activities)
            .where(eq(activities.companyId, client.companyId))
        ).map((row) => row.type);
      expect(await feed()).toEqual(['licences_restricted', 'licences_suspended']);
      const trail = await t.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, invoice.id)));
      expect(trail.map((row) => row.action)).toEqual(
        expect.arrayContaining(['invoice.keys_restricted', 'invoice.keys_suspended']),
      );
      onDay(addDays(dueDay, 61));
      await payAndValidate(t, await t.signIn('accounts'), invoice.id, [
        { amount: invoice.totalAmount, paymentMethod: 'bank_transfer', referenceNumber: 'TRX-AUD' },
      ]);
      await run(addDays(dueDay, 62));
      expect(await feed()).toEqual([
        'licences_restricted',
        'licences_suspended',
        'licences_restored',
      ]);
    });
  },
);

describe(
  'the daily sweep writes the transitions of many invoices together',
  { timeout: 120_000 },
  () => {
    let t: TestContext;
    let admin: string;
    beforeAll(async () => {
      t = await createTestContext();
      admin = await t.signIn('Admin');
    }, 180_000);
    afterAll(() => t.close());

    it('records each new transition once, skips those recorded, and restores the settled', async () => {
      const client = await buildClient(t, { companyName: 'Sapu Bersih Sdn Bhd' });
      const [first, second, settled, seen] = [
        await createInvoice(t, admin, client.id),
        await createInvoice(t, admin, client.id),
        await createInvoice(t, admin, client.id),
        await createInvoice(t, admin, client.id),
      ];
      const dueDay = first.dueDate.slice(0, 10);
      const day = noonOf(addDays(dueDay, 45));
      // Recorded before the sweep: by a device's call, and one settled since.
      await recordTransitionsSeen(t.ctx, [seen.id, settled.id], day);
      await payAndValidate(t, await t.signIn('accounts'), settled.id, [
        { amount: settled.totalAmount, paymentMethod: 'bank_transfer', referenceNumber: 'TRX-SWP' },
      ]);
      const published = t.published.length;

      expect(await recordOverdueTransitions(t.ctx, day)).toBe(3);
      expect(await recordOverdueTransitions(t.ctx, day)).toBe(0);

      const trailOf = async (invoiceId: string) =>
        (
          await t.database.db
            .select({ action: auditLog.action, changes: auditLog.changes })
            .from(auditLog)
            .where(and(eq(auditLog.entityType, 'invoice'), eq(auditLog.entityId, invoiceId)))
            .orderBy(auditLog.seq)
        ).filter((row) => row.action.startsWith('invoice.keys_'));
      expect((await trailOf(first.id)).map((row) => row.action)).toEqual([
        'invoice.keys_restricted',
      ]);
      expect((await trailOf(second.id)).map((row) => row.action)).toEqual([
        'invoice.keys_restricted',
      ]);
      expect((await trailOf(seen.id)).map((row) => row.action)).toEqual([
        'invoice.keys_restricted',
      ]);
      expect((await trailOf(settled.id)).map((row) => row.action)).toEqual([
        'invoice.keys_restricted',
        'invoice.keys_restored',
      ]);
      expect((await trailOf(first.id))[0]!.changes).toEqual({
        licenceState: { before: null, after: 'restricted' },
        suspendOnOverdue: { before: null, after: false },
      });
      const states = await t.database.db
        .select({ invoiceId: licenceOverdueStates.invoiceId, state: licenceOverdueStates.state })
        .from(licenceOverdueStates)
        .where(eq(licenceOverdueStates.clientId, client.id));
      expect(Object.fromEntries(states.map((row) => [row.invoiceId, row.state]))).toEqual({
        [first.id]: 'restricted',
        [second.id]: 'restricted',
        [settled.id]: 'restored',
        [seen.id]: 'restricted',
      });

      const announced = t.published
        .slice(published)
        .filter((event) => event.event === 'activityUpdated')
        .map((event) => event.payload as { type: string; detail: string; companyId: string });
      expect(announced.map((activity) => activity.type).sort()).toEqual([
        'licences_restored',
        'licences_restricted',
        'licences_restricted',
      ]);
      expect(announced.map((activity) => activity.detail)).toEqual(
        expect.arrayContaining([
          `Licences paid by ${first.invoiceNumber} restricted: invoice ${first.invoiceNumber} is unpaid past its grace`,
          `Licences paid by ${second.invoiceNumber} restricted: invoice ${second.invoiceNumber} is unpaid past its grace`,
          'Licences paid by the invoice restored: invoice the invoice is settled',
        ]),
      );
      const feed = await t.database.db
        .select({ id: activities.id, type: activities.type })
        .from(activities)
        .where(eq(activities.companyId, client.companyId));
      for (const activity of announced) {
        expect(feed).toContainEqual({ id: expect.any(String), type: activity.type });
      }
      expect(feed.filter((row) => row.type.startsWith('licences_'))).toHaveLength(5);
      expect((await verifyAuditChain(t.database.db)).ok).toBe(true);
    });
  },
);
