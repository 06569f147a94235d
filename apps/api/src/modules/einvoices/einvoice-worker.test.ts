import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, einvoiceDocuments } from '../../db/schema';
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

/** Cycles on a clock moved 4 s each time (the SDK's 3 to 5 s poll spacing), until `done`. */
async function cycleUntil(clock: { now: number }, done: () => Promise<boolean>, max = 10) {
  const deps = f.worker(clock);
  for (let i = 0; i < max; i += 1) {
    await runEinvoiceCycle(deps, new Date(clock.now));
    if (await done()) return;
    clock.now += 4_000;
  }
  throw new Error('not done after the cycles allowed');
}

/** The trail's entries of one e-invoice row under `action`. */
function trailOf(rowId: string, action: string) {
  return f.t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, rowId), eq(auditLog.action, action)));
}

describe('e-invoice worker', () => {
  it('queues a converted invoice, submits it signed, and polls until Valid', async () => {
    const invoice = await f.issueInvoice();
    expect((await rowOf(invoice.id)).status).toBe('queued');
    const clock = { now: Date.now() + 1_000 };
    await cycleUntil(clock, async () => (await rowOf(invoice.id)).status === 'valid');
    const row = await rowOf(invoice.id);
    expect(row).toMatchObject({ status: 'valid', number: invoice.invoiceNumber });
    expect(row.uuid).toBeTruthy();
    expect(row.submissionUid).toBeTruthy();
    expect(row.longId).toBeTruthy();
    expect(row.validatedAt).toBeInstanceOf(Date);
    const trail = await trailOf(row.id, 'einvoice.validated');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorId: null, entityType: 'einvoice' });
    expect(trail[0]!.changes).toMatchObject({
      status: { before: 'submitted', after: 'valid' },
      validatedAt: { before: null, after: row.validatedAt!.toISOString() },
    });
    const state = await f.standin.state();
    expect(state.logins).toBe(1);
    const sent = state.documents.find((doc) => doc.internalId === invoice.invoiceNumber);
    expect(JSON.parse((sent as unknown as { document: string }).document)).toHaveProperty(
      'Invoice',
    );
    expect(
      f.t.published.some((e) => e.event === 'billingUpdated' && e.payload.id === invoice.id),
    ).toBe(true);
  });

  it('stores every validation error of an Invalid document', async () => {
    const invoice = await f.issueInvoice();
    await f.standin.script({ invalidNumbers: [invoice.invoiceNumber] });
    const clock = { now: Date.now() + 1_000 };
    await cycleUntil(clock, async () => (await rowOf(invoice.id)).status === 'invalid');
    const row = await rowOf(invoice.id);
    expect(row.errors).toEqual([
      expect.objectContaining({
        source: 'validation',
        code: 'CV302',
        message: 'Buyer TIN is not valid.',
      }),
    ]);
    const [entry] = await trailOf(row.id, 'einvoice.invalid');
    expect(entry).toMatchObject({ actorId: null });
    expect(entry!.changes).toMatchObject({
      status: { before: 'submitted', after: 'invalid' },
      errors: { before: [], after: ['Buyer TIN is not valid.'] },
    });
  });

  it('never submits twice when the answer to a submission is lost', async () => {
    const invoice = await f.issueInvoice();
    await f.standin.script({ answers: [{ endpoint: 'submit', drop: true }] });
    const clock = { now: Date.now() + 1_000 };
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    expect((await rowOf(invoice.id)).status).toBe('submitting');
    clock.now += 31_000;
    await cycleUntil(clock, async () => (await rowOf(invoice.id)).status === 'valid');
    const state = await f.standin.state();
    expect(state.requests.filter((r) => r.endpoint === 'submit')).toHaveLength(1);
    expect(state.requests.some((r) => r.endpoint === 'search')).toBe(true);
  });

  it('queues again after a 429 and waits out Retry-After', async () => {
    const invoice = await f.issueInvoice();
    const answers = Array.from({ length: 4 }, () => ({
      endpoint: 'submit' as const,
      status: 429,
      retryAfter: 90,
    }));
    await f.standin.script({ answers });
    const clock = { now: Date.now() + 1_000 };
    await runEinvoiceCycle(f.worker(clock), new Date(clock.now));
    const row = await rowOf(invoice.id);
    expect(row.status).toBe('queued');
    expect(row.nextAttemptAt.getTime()).toBe(clock.now + 90_000);
    clock.now += 90_000;
    await cycleUntil(clock, async () => (await rowOf(invoice.id)).status === 'valid');
  });

  it('works in one process at a time (the lease)', async () => {
    const clock = { now: Date.now() + 1_000 };
    const first = f.worker(clock);
    const second = { ...f.worker(clock), holder: 'other-worker' };
    expect(await runEinvoiceCycle(first, new Date(clock.now))).toBe(true);
    expect(await runEinvoiceCycle(second, new Date(clock.now))).toBe(false);
    expect(await runEinvoiceCycle(second, new Date(clock.now + 3 * 60_000))).toBe(true);
  });
});
