import type { Activity, LicenceRenewalSettings } from '@patrol/contracts';
import { addDays, businessDay, overdueKeyState } from '@patrol/domain';
import type { ClientRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { publishActivity, recordActivity } from '../activity/activity.service';
import { recordAudit } from '../audit/audit.service';
import { clientsByIds } from '../clients/client-renewal.service';
import { unpaidAmong, unpaidInvoicesDueBetween } from '../invoices/invoice-dues.service';
import { readRenewalSettings } from './overdue-standing.service';
import { findOpenOverdueStates, findOverdueStatesOf, upsertOverdueState } from './renewals.repo';

type TransitionState = 'restricted' | 'suspended' | 'restored';

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

/**
 * Records each overdue transition once, in the audit trail and the client's activity feed: an
 * unpaid invoice past the first or second grace (restricted, suspended), and a recorded one now
 * settled (restored). Devices never wait for this: their status is decided when they call; this
 * only writes down what they already see. Answers how many transitions it recorded.
 */
export async function recordOverdueTransitions(
  ctx: Pick<AppContext, 'db' | 'events'>,
  now: Date,
): Promise<number> {
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
  const changes: {
    invoiceId: string;
    invoiceNumber: string;
    clientId: string;
    state: TransitionState;
  }[] = [];
  for (const invoice of overdue) {
    const state = overdueKeyState(invoice.dueDay, today, settings);
    const was = recorded.find((row) => row.invoiceId === invoice.id)?.state;
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
  const clients = await clientsByIds(
    ctx.db,
    changes.map((change) => change.clientId),
  );
  const announced: Activity[] = [];
  for (const change of changes) {
    const client = clients.get(change.clientId);
    if (!client) continue;
    const number = change.invoiceNumber || 'the invoice';
    const activity = await ctx.db.transaction(async (tx) => {
      await upsertOverdueState(tx, change);
      await recordAudit(tx, {
        actorId: null,
        action: `invoice.keys_${change.state}`,
        entityType: 'invoice',
        entityId: change.invoiceId,
        before: null,
        after: { licenceState: change.state, suspendOnOverdue: settings.suspendOnOverdue },
      });
      return recordActivity(tx, {
        type: activityTypeOf[change.state],
        detail: transitionDetail(change.state, number, client, settings),
        companyId: client.companyId,
        refs: {
          companyName: client.companyName,
          companyId: client.companyId,
          ...(change.invoiceNumber ? { invoiceNumber: change.invoiceNumber } : {}),
        },
      });
    });
    announced.push(activity);
  }
  for (const activity of announced) publishActivity(ctx.events, activity);
  return announced.length;
}
