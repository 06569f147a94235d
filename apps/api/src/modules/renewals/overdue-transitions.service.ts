import type { Activity, LicenceRenewalSettings } from '@patrol/contracts';
import { addDays, businessDay, overdueKeyState } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { ClientRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { publishActivity, recordActivities, type NewActivity } from '../activity/activity.service';
import { recordAudits, type AuditRecord } from '../audit/audit.service';
import { clientsByIds } from '../clients/client-renewal.service';
import {
  invoiceOwing,
  unpaidAmong,
  unpaidInvoicesDueBetween,
} from '../invoices/invoice-dues.service';
import { readRenewalSettings } from './overdue-standing.service';
import { findOpenOverdueStates, findOverdueStatesOf, recordOverdueStates } from './renewals.repo';

type TransitionState = 'restricted' | 'suspended' | 'restored';

/** One transition of an invoice's keys, to record once. */
interface Transition {
  invoiceId: string;
  invoiceNumber: string;
  clientId: string;
  state: TransitionState;
}

type TransitionDeps = Pick<AppContext, 'db' | 'events'>;

/** The first day any invoice can still be overdue from (the oldest due day the run looks at). */
const earliestDueDay = '2000-01-01';

const activityTypeOf = {
  restricted: 'licences_restricted',
  suspended: 'licences_suspended',
  restored: 'licences_restored',
} as const;

function transitionDetail(
  state: TransitionState,
  invoiceNumber: string,
  client: ClientRow,
  settings: LicenceRenewalSettings,
): string {
  const whose = settings.suspendOnOverdue
    ? `All licences of ${client.companyName}`
    : `Licences paid by ${invoiceNumber}`;
  if (state === 'restored') return `${whose} restored: invoice ${invoiceNumber} is settled`;
  return `${whose} ${state}: invoice ${invoiceNumber} is unpaid past its grace`;
}

/** The audit entry of a transition recorded, on its invoice. */
function transitionAudit(change: Transition, settings: LicenceRenewalSettings): AuditRecord {
  return {
    actorId: null,
    action: `invoice.keys_${change.state}`,
    entityType: 'invoice',
    entityId: change.invoiceId,
    before: null,
    after: { licenceState: change.state, suspendOnOverdue: settings.suspendOnOverdue },
  };
}

/** The client's activity of a transition recorded. */
function transitionActivity(
  change: Transition,
  client: ClientRow,
  settings: LicenceRenewalSettings,
): NewActivity {
  const number = change.invoiceNumber || 'the invoice';
  return {
    type: activityTypeOf[change.state],
    detail: transitionDetail(change.state, number, client, settings),
    companyId: client.companyId,
    refs: {
      companyName: client.companyName,
      companyId: client.companyId,
      ...(change.invoiceNumber ? { invoiceNumber: change.invoiceNumber } : {}),
    },
  };
}

/**
 * Writes transitions of known clients: the state rows, then the audit entry on each invoice and
 * the client's activity for those whose row changed (recordOverdueStates answers which), in the
 * caller's transaction and a statement each. Whoever sees a transition first (the daily run, or a
 * device's call) records it; the others find it recorded. Answers the activities to announce
 * once committed.
 */
async function writeTransitionBatch(
  tx: DbExecutor,
  changes: readonly Transition[],
  clients: Map<string, ClientRow>,
  settings: LicenceRenewalSettings,
): Promise<Activity[]> {
  const known = changes.filter((change) => clients.has(change.clientId));
  const changed = await recordOverdueStates(tx, known);
  const recorded = known.filter((change) => changed.has(change.invoiceId));
  await recordAudits(
    tx,
    recorded.map((change) => transitionAudit(change, settings)),
  );
  return recordActivities(
    tx,
    recorded.map((change) => transitionActivity(change, clients.get(change.clientId)!, settings)),
  );
}

/**
 * Transitions written per transaction: the first run on a database with years of unpaid invoices
 * records thousands at once, and a commit each would be most of its time.
 */
const transitionsPerTransaction = 100;

/** Writes the transitions (see writeTransitionBatch), then announces what was recorded. */
async function writeTransitions(
  ctx: TransitionDeps,
  changes: readonly Transition[],
  settings: LicenceRenewalSettings,
): Promise<number> {
  if (changes.length === 0) return 0;
  const clients = await clientsByIds(
    ctx.db,
    changes.map((change) => change.clientId),
  );
  const announced: Activity[] = [];
  for (let start = 0; start < changes.length; start += transitionsPerTransaction) {
    const chunk = changes.slice(start, start + transitionsPerTransaction);
    const written = await ctx.db.transaction((tx) =>
      writeTransitionBatch(tx, chunk, clients, settings),
    );
    announced.push(...written);
  }
  for (const activity of announced) publishActivity(ctx.events, activity);
  return announced.length;
}

/**
 * The transition an invoice's keys are in now, read from the database (not from a device's
 * cached session): restricted or suspended while it is owed past a grace, restored once settled
 * (recorded only over a restricted or suspended row). Null: nothing to record.
 */
async function currentTransition(
  ctx: TransitionDeps,
  invoiceId: string,
  settings: LicenceRenewalSettings,
  now: Date,
): Promise<Transition | null> {
  const invoice = await invoiceOwing(ctx.db, invoiceId);
  if (!invoice?.clientId) return null;
  const state = invoice.owed
    ? overdueKeyState(invoice.dueDay, businessDay(now), settings)
    : 'restored';
  if (!state) return null;
  return { invoiceId, invoiceNumber: invoice.invoiceNumber, clientId: invoice.clientId, state };
}

/**
 * Records the transitions a device's call is the first to see, for these invoices (the one that
 * decides its key, and any of its client's recorded as overdue): each is judged on the database's
 * figures now, and written once however many calls race (see recordOverdueStates). Answers how
 * many this call recorded.
 */
export async function recordTransitionsSeen(
  ctx: TransitionDeps,
  invoiceIds: readonly string[],
  now: Date,
): Promise<number> {
  const settings = await readRenewalSettings(ctx.db);
  const changes: Transition[] = [];
  for (const invoiceId of new Set(invoiceIds)) {
    const change = await currentTransition(ctx, invoiceId, settings, now);
    if (change) changes.push(change);
  }
  return writeTransitions(ctx, changes, settings);
}

/**
 * The daily run's sweep: records each overdue transition not recorded yet, in the audit trail and
 * the client's activity feed: an unpaid invoice past the first or second grace (restricted,
 * suspended), and a recorded one now settled (restored). Devices never wait for this: their
 * status is decided when they call, and the first call to see a transition records it; the sweep
 * records those no device has called about. Answers how many transitions it recorded.
 */
export async function recordOverdueTransitions(ctx: TransitionDeps, now: Date): Promise<number> {
  const settings = await readRenewalSettings(ctx.db);
  const today = businessDay(now);
  const overdue = await unpaidInvoicesDueBetween(
    ctx.db,
    earliestDueDay,
    addDays(today, -settings.graceToRestrictedDays),
  );
  const [recorded, open] = await Promise.all([
    findOverdueStatesOf(
      ctx.db,
      overdue.map((invoice) => invoice.id),
    ),
    findOpenOverdueStates(ctx.db),
  ]);
  const stillUnpaid = await unpaidAmong(
    ctx.db,
    open.map((row) => row.invoiceId),
  );
  const recordedOf = new Map(recorded.map((row) => [row.invoiceId, row.state]));
  const changes: Transition[] = [];
  for (const invoice of overdue) {
    const state = overdueKeyState(invoice.dueDay, today, settings);
    const was = recordedOf.get(invoice.id);
    if (state && state !== was) {
      changes.push({
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        clientId: invoice.clientId,
        state,
      });
    }
  }
  for (const row of open) {
    if (!stillUnpaid.has(row.invoiceId)) {
      changes.push({
        invoiceId: row.invoiceId,
        invoiceNumber: '',
        clientId: row.clientId,
        state: 'restored',
      });
    }
  }
  return writeTransitions(ctx, changes, settings);
}
