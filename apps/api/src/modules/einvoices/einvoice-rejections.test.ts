import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../../test/builders';
import { auditLog, einvoiceDocuments } from '../../db/schema';
import { rejectionPollMs } from './einvoice-rejections';
import { runEinvoiceCycle } from './einvoice-worker.service';
import { setUpEinvoicesFixture } from './einvoices-test-fixture';

const f = setUpEinvoicesFixture();

async function rowOf(documentId: string) {
  const [row] = await f.t.ctx.db
    .select()
    .from(einvoiceDocuments)
    .where(eq(einvoiceDocuments.documentId, documentId));
  return row!;
}

/** An invoice taken to Valid by the worker on `clock` (4 s a cycle). */
async function validInvoice(clock: { now: number }) {
  const invoice = await f.issueInvoice();
  const deps = f.worker(clock);
  for (let i = 0; i < 5 && (await rowOf(invoice.id)).status !== 'valid'; i += 1) {
    await runEinvoiceCycle(deps, new Date(clock.now));
    clock.now += 4_000;
  }
  expect((await rowOf(invoice.id)).status).toBe('valid');
  return invoice;
}

const submissionPolls = async () =>
  (await f.standin.state()).requests.filter((r) => r.endpoint === 'submission').length;

describe("buyer's rejection after Valid", () => {
  it('is seen when the document is polled again, recorded, audited and shown', async () => {
    const clock = { now: Date.now() + 1_000 };
    const invoice = await validInvoice(clock);
    const row = await rowOf(invoice.id);
    expect(await f.standin.changeState(row.uuid!, 'rejected', 'Wrong buyer details')).toBe(200);

    // Not asked again before the rejection poll is due.
    const before = await submissionPolls();
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    expect(await submissionPolls()).toBe(before);

    clock.now += rejectionPollMs;
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    const seen = await rowOf(invoice.id);
    expect(seen).toMatchObject({ status: 'valid', statusReason: 'Wrong buyer details' });
    expect(seen.rejectionRequestedAt).toBeInstanceOf(Date);

    const trail = await f.t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'einvoice.rejection_requested')),
      );
    expect(trail).toHaveLength(1);
    expect(trail[0]!.actorId).toBeNull();
    expect(
      f.t.published.some((e) => e.event === 'billingUpdated' && e.payload.id === invoice.id),
    ).toBe(true);

    const detail = await request(f.t.app)
      .get(`/api/business/einvoices/${invoice.id}`)
      .set(bearer(f.token))
      .expect(200);
    expect(detail.body.document).toMatchObject({
      status: 'valid',
      statusReason: 'Wrong buyer details',
      rejectionRequestedAt: seen.rejectionRequestedAt!.toISOString(),
    });

    // Recorded once: the next polls change nothing.
    clock.now += rejectionPollMs;
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    const again = await f.t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, row.id), eq(auditLog.action, 'einvoice.rejection_requested')),
      );
    expect(again).toHaveLength(1);
  });

  it('is no longer asked about once the 72 hours have passed', async () => {
    const clock = { now: Date.now() + 1_000 };
    const invoice = await validInvoice(clock);
    clock.now = (await rowOf(invoice.id)).validatedAt!.getTime() + 72 * 3_600_000 + 1_000;
    const before = await submissionPolls();
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    expect(await submissionPolls()).toBe(before);
  });

  it('a cancellation made in the portal makes the document Cancelled', async () => {
    const clock = { now: Date.now() + 1_000 };
    const invoice = await validInvoice(clock);
    const row = await rowOf(invoice.id);
    await f.standin.changeState(row.uuid!, 'cancelled', 'Cancelled in the portal');
    clock.now += rejectionPollMs;
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    expect(await rowOf(invoice.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Cancelled in the portal',
    });
  });
});
