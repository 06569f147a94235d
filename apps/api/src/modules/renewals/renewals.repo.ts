import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  invoiceReminders,
  licenceOverdueStates,
  renewalDrafts,
  renewalRuns,
  type InvoiceReminderRow,
  type LicenceOverdueStateRow,
  type RenewalDraftRow,
  type RenewalRunRow,
} from '../../db/schema';
import { isAnyOf } from '../../db/any-of';

/**
 * Claims the day's run: inserts its row, or takes over a claim left unfinished for `staleMs` by
 * the database's clock (the process running it stopped). Undefined: another process has it, or
 * it ran.
 */
export async function claimRun(
  db: DbExecutor,
  runDate: string,
  claimedBy: string,
  staleMs: number,
): Promise<RenewalRunRow | undefined> {
  const [inserted] = await db
    .insert(renewalRuns)
    .values({ runDate, claimedBy })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [takenOver] = await db
    .update(renewalRuns)
    .set({ claimedBy, claimedAt: sql`now()`, error: null })
    .where(
      and(
        eq(renewalRuns.runDate, runDate),
        isNull(renewalRuns.finishedAt),
        lt(renewalRuns.claimedAt, sql`now() - make_interval(secs => ${staleMs / 1000})`),
      ),
    )
    .returning();
  return takenOver;
}

/** Records what the run did and that it finished (or the error that stopped it). */
export async function finishRun(
  db: DbExecutor,
  runDate: string,
  outcome: Pick<
    RenewalRunRow,
    'quotationsDrafted' | 'invoicesDrafted' | 'remindersSent' | 'transitions' | 'error'
  >,
): Promise<RenewalRunRow> {
  const [row] = await db
    .update(renewalRuns)
    .set({ ...outcome, finishedAt: outcome.error ? null : new Date() })
    .where(eq(renewalRuns.runDate, runDate))
    .returning();
  return row!;
}

export async function findRun(db: DbExecutor, runDate: string): Promise<RenewalRunRow | undefined> {
  const [row] = await db.select().from(renewalRuns).where(eq(renewalRuns.runDate, runDate));
  return row;
}

/** The renewal drafts naming any of these clients' keys. */
export function findDraftsOfClients(
  db: DbExecutor,
  clientIds: readonly string[],
): Promise<RenewalDraftRow[]> {
  if (clientIds.length === 0) return Promise.resolve([]);
  return db.select().from(renewalDrafts).where(isAnyOf(renewalDrafts.clientId, clientIds));
}

/** Records drafted renewals, one row each. */
export async function insertDrafts(
  db: DbExecutor,
  values: readonly (typeof renewalDrafts.$inferInsert)[],
): Promise<void> {
  if (values.length > 0) await db.insert(renewalDrafts).values([...values]);
}

/** The reminders sent for these invoices. */
export function findRemindersOf(
  db: DbExecutor,
  invoiceIds: readonly string[],
): Promise<InvoiceReminderRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoiceReminders)
    .where(isAnyOf(invoiceReminders.invoiceId, invoiceIds))
    .orderBy(asc(invoiceReminders.sentAt), asc(invoiceReminders.stepDays));
}

/** Records a reminder unless this step was already recorded (answers undefined then). */
export async function insertReminder(
  db: DbExecutor,
  values: typeof invoiceReminders.$inferInsert,
): Promise<InvoiceReminderRow | undefined> {
  const [row] = await db.insert(invoiceReminders).values(values).onConflictDoNothing().returning();
  return row;
}

/** The recorded overdue states that are not 'restored' (keys still restricted or suspended). */
export function findOpenOverdueStates(db: DbExecutor): Promise<LicenceOverdueStateRow[]> {
  return db
    .select()
    .from(licenceOverdueStates)
    .where(
      or(eq(licenceOverdueStates.state, 'restricted'), eq(licenceOverdueStates.state, 'suspended')),
    );
}

export function findOverdueStatesOf(
  db: DbExecutor,
  invoiceIds: readonly string[],
): Promise<LicenceOverdueStateRow[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(licenceOverdueStates)
    .where(isAnyOf(licenceOverdueStates.invoiceId, invoiceIds));
}

/** The client's recorded overdue states that are not 'restored' (one indexed read). */
export function findOpenOverdueStatesOfClient(
  db: DbExecutor,
  clientId: string,
): Promise<LicenceOverdueStateRow[]> {
  return db
    .select()
    .from(licenceOverdueStates)
    .where(
      and(
        eq(licenceOverdueStates.clientId, clientId),
        or(
          eq(licenceOverdueStates.state, 'restricted'),
          eq(licenceOverdueStates.state, 'suspended'),
        ),
      ),
    );
}

/** An invoice's overdue state to record. */
export interface OverdueStateChange {
  invoiceId: string;
  clientId: string;
  state: LicenceOverdueStateRow['state'];
}

/**
 * Records each invoice's overdue state where it differs from the one recorded (each invoice once
 * in `changes`), in two statements: answers the ids of the invoices whose row this call changed.
 * Restricted and suspended insert or change the row; restored changes only a restricted or
 * suspended row. Two callers racing: the second waits for the first's rows and then finds the
 * states already there, so a transition is recorded once. Rows are written in invoice id order,
 * so two batches lock the rows they share in the same order.
 */
export async function recordOverdueStates(
  db: DbExecutor,
  changes: readonly OverdueStateChange[],
): Promise<Set<string>> {
  const byId = [...changes].sort((a, b) => (a.invoiceId < b.invoiceId ? -1 : 1));
  const overdue = byId.filter((change) => change.state !== 'restored');
  const restored = byId.filter((change) => change.state === 'restored');
  const changed = new Set<string>();
  if (overdue.length > 0) {
    const rows = await db
      .insert(licenceOverdueStates)
      .values(overdue.map((change) => ({ ...change, changedAt: new Date() })))
      .onConflictDoUpdate({
        target: licenceOverdueStates.invoiceId,
        set: { state: sql`excluded.state`, changedAt: sql`now()` },
        setWhere: sql`${licenceOverdueStates.state} <> excluded.state`,
      })
      .returning({ invoiceId: licenceOverdueStates.invoiceId });
    for (const row of rows) changed.add(row.invoiceId);
  }
  if (restored.length > 0) {
    const rows = await db
      .update(licenceOverdueStates)
      .set({ state: 'restored', changedAt: sql`now()` })
      .where(
        and(
          inArray(
            licenceOverdueStates.invoiceId,
            restored.map((change) => change.invoiceId),
          ),
          or(
            eq(licenceOverdueStates.state, 'restricted'),
            eq(licenceOverdueStates.state, 'suspended'),
          ),
        ),
      )
      .returning({ invoiceId: licenceOverdueStates.invoiceId });
    for (const row of rows) changed.add(row.invoiceId);
  }
  return changed;
}
