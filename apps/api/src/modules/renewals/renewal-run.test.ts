import { addDays, businessDay } from '@patrol/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activities,
  auditLog,
  invoices,
  mailOutbox,
  products,
  quotationItems,
  quotations,
  renewalDrafts,
  renewalRuns,
} from '../../db/schema';
import {
  type TestContext,
  bearer,
  buildClient,
  buildLicence,
  buildProduct,
  createInvoice,
  createTestContext,
  payAndValidate,
} from '../../../test/builders';
import { scheduledJobActor } from '../accounts/system-actor.service';
import { readCompanySettings } from '../settings/settings.service';
import { sendDueReminders } from './invoice-reminders.service';
import { draftQuotations } from './renewal-drafts.service';
import { runDailyRenewals } from './renewal-run.service';

const dayMs = 86_400_000;
const noonOf = (day: string) => new Date(`${day}T12:00:00+08:00`);

describe('the daily renewal run', { timeout: 120_000 }, () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
    await buildProduct(t, {
      name: 'Standard renewal',
      licenceType: 'Standard',
      unitPrice: '100.00',
    });
  }, 180_000);
  afterAll(() => t.close());

  it('drafts one renewal quotation per client, an invoice with auto-renewal, once a day', async () => {
    const quoted = await buildClient(t, { companyName: 'Sebut Harga Sdn Bhd' });
    const auto = await buildClient(t, { companyName: 'Auto Renew Sdn Bhd' });
    const soon = (days: number) => new Date(Date.now() + days * dayMs);
    await buildLicence(t, quoted.id, { validUntil: soon(10) });
    await buildLicence(t, quoted.id, { validUntil: soon(12) });
    await buildLicence(t, quoted.id, { validUntil: soon(200) });
    await buildLicence(t, auto.id, { validUntil: soon(5) });
    await request(t.app)
      .put(`/api/business/renewals/clients/${auto.companyId}`)
      .set(bearer(admin))
      .send({ autoRenewal: true })
      .expect(200);

    const first = await request(t.app)
      .post('/api/business/renewals/run')
      .set(bearer(admin))
      .expect(200);
    expect(first.body.run).toMatchObject({
      runDate: businessDay(new Date()),
      ranNow: true,
      quotationsDrafted: 1,
      invoicesDrafted: 1,
    });
    const again = await request(t.app)
      .post('/api/business/renewals/run')
      .set(bearer(admin))
      .expect(200);
    expect(again.body.run).toMatchObject({
      ranNow: false,
      quotationsDrafted: 1,
      invoicesDrafted: 1,
    });

    const drafted = await t.database.db
      .select()
      .from(quotations)
      .where(eq(quotations.clientId, quoted.id));
    expect(drafted).toHaveLength(1);
    expect(drafted[0]).toMatchObject({ status: 'draft', totalAmount: '216.00' });
    const invoiced = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.clientId, auto.id));
    expect(invoiced).toHaveLength(1);
    expect(t.published.some((event) => event.event === 'billingUpdated')).toBe(true);

    // The next day the same keys are covered by the open quotation and the unpaid invoice.
    const tomorrow = await runDailyRenewals(t.ctx, {
      now: noonOf(addDays(businessDay(new Date()), 1)),
    });
    expect(tomorrow.run).toMatchObject({ ranNow: true, quotationsDrafted: 0, invoicesDrafted: 0 });
  });

  it('runs a day once however many processes ask at once', async () => {
    const day = addDays(businessDay(new Date()), 5);
    const outcomes = await Promise.all(
      ['worker-1', 'worker-2', 'worker-3'].map((claimedBy) =>
        runDailyRenewals(t.ctx, { now: noonOf(day), claimedBy }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.run.ranNow)).toHaveLength(1);
    const rows = await t.database.db.select().from(renewalRuns).where(eq(renewalRuns.runDate, day));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.finishedAt).not.toBeNull();
  });

  it('drafts many clients in one transaction, numbered in turn, each with its keys, trail entry and activity', async () => {
    // The scheduled run drafts as the first superadmin.
    await t.signIn('superadmin');
    const day = addDays(businessDay(new Date()), 40);
    const expiring = new Date(noonOf(day).getTime() + 10 * dayMs);
    const built = [];
    for (const name of ['Kelompok Satu', 'Kelompok Dua', 'Kelompok Tiga']) {
      const client = await buildClient(t, { companyName: `${name} Sdn Bhd` });
      const key = await buildLicence(t, client.id, { validUntil: expiring });
      built.push({ client, key });
    }

    const { run } = await runDailyRenewals(t.ctx, { now: noonOf(day) });

    expect(run).toMatchObject({ ranNow: true, quotationsDrafted: 3, invoicesDrafted: 0 });
    const ids = built.map(({ client }) => client.id);
    const drafted = await t.database.db
      .select()
      .from(quotations)
      .where(inArray(quotations.clientId, ids))
      .orderBy(asc(quotations.quotationNumber));
    const sequences = drafted.map((row) => Number(row.quotationNumber.split('-').at(-1)));
    expect(sequences).toEqual([sequences[0], sequences[0]! + 1, sequences[0]! + 2]);
    const lines = await t.database.db
      .select()
      .from(quotationItems)
      .where(
        inArray(
          quotationItems.quotationId,
          drafted.map((row) => row.id),
        ),
      );
    for (const { client, key } of built) {
      const quotation = drafted.find((row) => row.clientId === client.id)!;
      expect(lines.filter((line) => line.quotationId === quotation.id)).toEqual([
        expect.objectContaining({ licenceAction: 'renewal', renewalLicenceIds: [key.id] }),
      ]);
    }
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(
        inArray(
          auditLog.entityId,
          drafted.map((row) => row.id),
        ),
      );
    expect(trail.map((entry) => entry.action)).toEqual(Array(3).fill('quotation.created'));
    const recorded = await t.database.db
      .select()
      .from(renewalDrafts)
      .where(inArray(renewalDrafts.clientId, ids));
    expect(recorded).toHaveLength(3);
    const feed = await t.database.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.type, 'renewal_drafted'),
          inArray(
            activities.companyId,
            built.map(({ client }) => client.companyId),
          ),
        ),
      );
    expect(feed).toHaveLength(3);
  });

  it('drafts a refused batch one renewal at a time, leaving only the one at fault', async () => {
    const actor = (await scheduledJobActor(t.ctx.db))!;
    const product = (await t.database.db.select().from(products))[0]!;
    const plan = async (name: string, keyOf?: string) => {
      const client = await buildClient(t, { companyName: `${name} Sdn Bhd` });
      const own = await buildLicence(t, client.id, {
        validUntil: new Date(Date.now() + 9 * dayMs),
      });
      const named = keyOf ?? own.id;
      return {
        client,
        licenceIds: [named],
        items: [
          {
            productId: product.id,
            productName: product.name,
            description: 'Renewal of 1 Standard licence',
            quantity: 1,
            unitPrice: 100,
            discount: 0,
            licenceAction: 'renewal' as const,
            renewalLicenceIds: [named],
          },
        ],
      };
    };
    const sound = await plan('Betul');
    const atFault = await plan('Salah', sound.licenceIds[0]);
    const settings = (await readCompanySettings(t.ctx.db)).licenceRenewals;

    const drafted = await draftQuotations(
      { ctx: t.ctx, actor, settings, runDate: businessDay(new Date()), now: new Date() },
      [sound, atFault],
    );

    expect(drafted).toBe(1);
    const rows = await t.database.db
      .select()
      .from(quotations)
      .where(inArray(quotations.clientId, [sound.client.id, atFault.client.id]));
    expect(rows.map((row) => row.clientId)).toEqual([sound.client.id]);
  });

  it('refuses the run without settings.edit (403)', async () => {
    const sales = await t.signIn('sales');
    await request(t.app).post('/api/business/renewals/run').set(bearer(sales)).expect(403);
  });
});

describe('the reminder ladder', { timeout: 180_000 }, () => {
  let t: TestContext;
  let admin: string;
  beforeAll(async () => {
    t = await createTestContext();
    admin = await t.signIn('Admin');
  }, 180_000);
  afterAll(() => t.close());

  it('e-mails each step on its day, records it on the invoice, and stops once paid', async () => {
    const client = await buildClient(t, {
      companyName: 'Peringatan Sdn Bhd',
      email: 'ap@peringatan.my',
    });
    const unpaid = await createInvoice(t, admin, client.id);
    const settled = await createInvoice(t, admin, client.id);
    const dueDay = unpaid.dueDate.slice(0, 10);
    const sentOn: Record<string, number[]> = { [unpaid.id]: [], [settled.id]: [] };
    for (let offset = -5; offset <= 31; offset += 1) {
      if (offset === 2) {
        await payAndValidate(t, await t.signIn('accounts'), settled.id, [
          { amount: settled.totalAmount, paymentMethod: 'bank_transfer', referenceNumber: 'TRX-R' },
        ]);
      }
      await runDailyRenewals(t.ctx, { now: noonOf(addDays(dueDay, offset)) });
      for (const id of [unpaid.id, settled.id]) {
        const listed = await request(t.app)
          .get(`/api/business/invoices/${id}/reminders`)
          .set(bearer(admin))
          .expect(200);
        if (listed.body.reminders.length > sentOn[id]!.length) sentOn[id]!.push(offset);
      }
    }
    expect(sentOn[unpaid.id]).toEqual([-3, 0, 7, 14, 30]);
    expect(sentOn[settled.id]).toEqual([-3, 0]);
    const listed = await request(t.app)
      .get(`/api/business/invoices/${unpaid.id}/reminders`)
      .set(bearer(admin))
      .expect(200);
    expect(listed.body.reminders[0]).toMatchObject({ stepDays: -3, sentTo: 'ap@peringatan.my' });
    expect(listed.body.reminders[4].text).toContain('30 days overdue');
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'ap@peringatan.my'));
    expect(mails).toHaveLength(7);
  });

  it('sends what each step of the ladder set in settings says: WhatsApp text, e-mail, e-mail with PDF', async () => {
    const settings = (await request(t.app).get('/api/settings').set(bearer(admin)).expect(200)).body
      .settings;
    const { logo: _logo, ...body } = settings;
    const ladder = [
      { days: -2, sends: 'whatsapp' },
      { days: 1, sends: 'email' },
      { days: 5, sends: 'email_with_pdf' },
    ];
    await request(t.app)
      .put('/api/settings')
      .set(bearer(admin))
      .send({ ...body, licenceRenewals: { ...body.licenceRenewals, reminderLadder: ladder } })
      .expect(200);
    const client = await buildClient(t, { companyName: 'Tangga Sdn Bhd', email: 'ap@tangga.my' });
    const invoice = await createInvoice(t, admin, client.id);
    const dueDay = invoice.dueDate.slice(0, 10);
    const send = vi.spyOn(t.ctx.mailer, 'send');
    try {
      for (const offset of [-2, 1, 5])
        await sendDueReminders(t.ctx, noonOf(addDays(dueDay, offset)));
      const mails = send.mock.calls
        .map(([mail]) => mail)
        .filter((mail) => mail.to === 'ap@tangga.my');
      expect(mails).toHaveLength(2);
      expect(mails[0]!.attachments).toEqual([]);
      expect(mails[0]!.text).not.toContain('attached');
      expect(mails[1]!.attachments?.map((file) => file.contentType)).toEqual(['application/pdf']);
      expect(mails[1]!.text).toContain('Please find the invoice attached.');
    } finally {
      send.mockRestore();
    }
    const listed = await request(t.app)
      .get(`/api/business/invoices/${invoice.id}/reminders`)
      .set(bearer(admin))
      .expect(200);
    expect(listed.body.reminders).toMatchObject([
      { stepDays: -2, sends: 'whatsapp', sentTo: null },
      { stepDays: 1, sends: 'email', sentTo: 'ap@tangga.my' },
      { stepDays: 5, sends: 'email_with_pdf', sentTo: 'ap@tangga.my' },
    ]);
    expect(listed.body.reminders[0].text).toContain('is due on');
  });

  it('answers 404 for an unknown invoice, 400 for a malformed id, 403 without invoices.view', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await request(t.app)
      .get(`/api/business/invoices/${unknown}/reminders`)
      .set(bearer(admin))
      .expect(404);
    expect(missing.body.message).toBe('Invoice not found');
    await request(t.app)
      .get('/api/business/invoices/nope/reminders')
      .set(bearer(admin))
      .expect(400);
    const viewer = await t.signIn('sales', { permissions: ['dashboard.view'] });
    await request(t.app)
      .get(`/api/business/invoices/${unknown}/reminders`)
      .set(bearer(viewer))
      .expect(403);
  });
});
