import {
  createQuotationBodySchema,
  type CreateQuotationBody,
  type LicenceRenewalSettings,
  type Quotation,
  type QuotationItemInput,
} from '@patrol/contracts';
import { businessDay, dayMs, formatBusinessDate, fromSen, toSen } from '@patrol/domain';
import type { ClientRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import type { AuthUser } from '../../http/authenticate';
import {
  publishActivity,
  recordActivities,
  recordActivity,
  type NewActivity,
} from '../activity/activity.service';
import { clientsByIds } from '../clients/client-renewal.service';
import {
  convertQuotationToInvoice,
  renewalKeysInUnpaidInvoices,
  sendInvoiceToClient,
  unpaidAmong,
} from '../invoices/invoice-dues.service';
import { expiringKeys, type ExpiringKeyRow } from '../licences/licence-renewals.service';
import {
  renewalProductsByType,
  type RenewalProductFacts,
} from '../products/licence-products.service';
import {
  createQuotation,
  createQuotations,
  openQuotationIds,
  renewalKeysInOpenQuotations,
  sendQuotationToClient,
  setQuotationStatus,
} from '../quotations/quotation-renewals.service';
import { findDraftsOfClients, insertDrafts } from './renewals.repo';

type DraftDeps = Pick<AppContext, 'db' | 'events' | 'uploads' | 'mailer' | 'logger'>;

/** Groups items by a key, in first-seen order. */
function groupBy<T, K>(items: readonly T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** Keys a renewal line may name (the line contract's limit). */
const keysPerLine = 1000;

/** The keys already covered: named by an open quotation or an unpaid invoice, or by our drafts. */
async function coveredKeys(
  db: AppContext['db'],
  clientIds: readonly string[],
  today: string,
): Promise<Set<string>> {
  const [inQuotations, inInvoices, drafts] = await Promise.all([
    renewalKeysInOpenQuotations(db, clientIds, today),
    renewalKeysInUnpaidInvoices(db, clientIds),
    findDraftsOfClients(db, clientIds),
  ]);
  const [openQuotations, unpaidInvoices] = await Promise.all([
    openQuotationIds(
      db,
      drafts.flatMap((draft) => (draft.quotationId ? [draft.quotationId] : [])),
      today,
    ),
    unpaidAmong(
      db,
      drafts.flatMap((draft) => (draft.invoiceId ? [draft.invoiceId] : [])),
    ),
  ]);
  const covered = new Set([...inQuotations, ...inInvoices]);
  for (const draft of drafts) {
    const open =
      (draft.quotationId && openQuotations.has(draft.quotationId)) ||
      (draft.invoiceId && unpaidInvoices.has(draft.invoiceId));
    if (open) for (const id of draft.licenceIds) covered.add(id);
  }
  return covered;
}

/** The renewal lines of one client's keys: one line per licence type (and per 1,000 keys). */
function renewalLines(
  keys: readonly ExpiringKeyRow[],
  products: Map<string, RenewalProductFacts>,
): { items: QuotationItemInput[]; licenceIds: string[] } {
  const items: QuotationItemInput[] = [];
  const licenceIds: string[] = [];
  const byType = groupBy(keys, (key) => key.licenceType);
  for (const [type, ofType] of byType) {
    const product = products.get(type);
    if (!product) continue;
    for (let start = 0; start < ofType.length; start += keysPerLine) {
      const chunk = ofType.slice(start, start + keysPerLine);
      const last = chunk[chunk.length - 1]?.validUntil;
      items.push({
        productId: product.id,
        productName: product.name,
        description: `Renewal of ${chunk.length} ${type} licence${chunk.length === 1 ? '' : 's'} expiring by ${formatBusinessDate(last ?? null)}`,
        quantity: chunk.length,
        unitPrice: fromSen(toSen(product.unitPrice)),
        discount: 0,
        licenceAction: 'renewal',
        renewalLicenceIds: chunk.map((key) => key.id),
      });
      licenceIds.push(...chunk.map((key) => key.id));
    }
  }
  return { items, licenceIds };
}

/** A client's renewal, planned: its lines and the keys they name. */
export interface PlannedRenewal {
  client: ClientRow;
  items: QuotationItemInput[];
  licenceIds: string[];
}

/** Renewal quotations drafted in one transaction. */
const draftsPerBatch = 100;

/**
 * The run's renewals: for each client with keys expiring within the lead time that no open
 * quotation or unpaid invoice already names, one renewal quotation naming them (sent when the
 * settings say so); a client with auto-renewal gets it accepted and converted to an invoice at
 * once. Staff hear of each through billingUpdated and the activity feed.
 */
export async function draftRenewals(
  ctx: DraftDeps,
  actor: AuthUser,
  settings: LicenceRenewalSettings,
  runDate: string,
  now: Date,
): Promise<{ quotations: number; invoices: number }> {
  const today = businessDay(now);
  const keys = await expiringKeys(
    ctx.db,
    now,
    new Date(now.getTime() + settings.leadTimeDays * dayMs),
  );
  const clientIds = [...new Set(keys.map((key) => key.clientId))];
  if (clientIds.length === 0) return { quotations: 0, invoices: 0 };
  const [covered, products, clients] = await Promise.all([
    coveredKeys(ctx.db, clientIds, today),
    renewalProductsByType(ctx.db),
    clientsByIds(ctx.db, clientIds),
  ]);
  const byClient = groupBy(
    keys.filter((key) => !covered.has(key.id)),
    (key) => key.clientId,
  );
  const planned: PlannedRenewal[] = [];
  for (const [clientId, clientKeys] of byClient) {
    const client = clients.get(clientId);
    if (!client?.active) continue;
    const lines = renewalLines(clientKeys, products);
    if (lines.items.length > 0) planned.push({ client, ...lines });
  }
  const run = { ctx, actor, settings, runDate, now };
  const quoted = planned.filter((renewal) => !renewal.client.autoRenewal);
  const outcome = { quotations: 0, invoices: 0 };
  for (let start = 0; start < quoted.length; start += draftsPerBatch) {
    outcome.quotations += await draftQuotations(run, quoted.slice(start, start + draftsPerBatch));
  }
  for (const renewal of planned.filter((each) => each.client.autoRenewal)) {
    if (await draftAlone(run, renewal)) outcome.invoices += 1;
  }
  return outcome;
}

/** What drafting a renewal needs besides the renewal itself. */
export interface DraftRun {
  ctx: DraftDeps;
  actor: AuthUser;
  settings: LicenceRenewalSettings;
  runDate: string;
  now: Date;
}

/**
 * Drafts a batch of renewal quotations in one transaction, then records and announces them.
 * A batch refused as a whole (a key that changed hands, a product deleted since it was read) is
 * drafted one by one instead, so that only the renewal at fault is left for the next run.
 * Answers how many were drafted.
 */
export async function draftQuotations(
  run: DraftRun,
  batch: readonly PlannedRenewal[],
): Promise<number> {
  const { ctx, actor, settings, runDate, now } = run;
  let created: Quotation[];
  try {
    created = await createQuotations(ctx, actor, batch.map(renewalBody(settings)), now);
  } catch (error) {
    ctx.logger.warn({ err: error }, 'renewal batch refused: drafting it one renewal at a time');
    let drafted = 0;
    for (const renewal of batch) if (await draftAlone(run, renewal)) drafted += 1;
    return drafted;
  }
  const drafted = batch.map((renewal, index) => ({ renewal, quotation: created[index]! }));
  const activities = await ctx.db.transaction(async (tx) => {
    await insertDrafts(
      tx,
      drafted.map(({ renewal, quotation }) => ({
        clientId: renewal.client.id,
        quotationId: quotation.id,
        invoiceId: null,
        licenceIds: renewal.licenceIds,
        runDate,
      })),
    );
    return recordActivities(
      tx,
      drafted.map(({ renewal, quotation }) => draftedActivity(renewal, quotation, false)),
    );
  });
  for (const activity of activities) publishActivity(ctx.events, activity);
  if (settings.sendQuotationsAutomatically) {
    for (const { renewal, quotation } of drafted) {
      await sendDrafted(ctx, renewal, () => sendQuotationToClient(ctx, actor, quotation.id, now));
    }
  }
  return drafted.length;
}

/** The quotation body of a renewal. */
function renewalBody(settings: LicenceRenewalSettings) {
  return ({ client, items, licenceIds }: PlannedRenewal): CreateQuotationBody =>
    createQuotationBodySchema.parse({
      clientId: client.id,
      items,
      notes: `Renewal of ${licenceIds.length} licence${licenceIds.length === 1 ? '' : 's'} expiring within ${settings.leadTimeDays} days.`,
    });
}

/** The activity feed's entry of a drafted renewal. */
function draftedActivity(
  { client, licenceIds }: PlannedRenewal,
  quotation: Quotation,
  invoiced: boolean,
): NewActivity {
  return {
    type: 'renewal_drafted',
    detail: invoiced
      ? `Renewal invoice for ${licenceIds.length} licences of ${client.companyName} (auto-renewal)`
      : `Renewal quotation ${quotation.quotationNumber} for ${licenceIds.length} licences of ${client.companyName}`,
    companyId: client.companyId,
    refs: {
      companyName: client.companyName,
      companyId: client.companyId,
      quotationNumber: quotation.quotationNumber,
    },
  };
}

/** Sends a drafted renewal; a send that fails leaves the draft for staff to send. */
async function sendDrafted(ctx: DraftDeps, renewal: PlannedRenewal, send: () => Promise<unknown>) {
  try {
    await send();
  } catch (error) {
    ctx.logger.warn({ err: error, clientId: renewal.client.id }, 'renewal drafted but not sent');
  }
}

/**
 * Drafts one renewal on its own: its quotation, accepted and converted to an invoice for a client
 * with auto-renewal. A renewal that fails is logged and left for the next run. Answers whether it
 * was drafted.
 */
async function draftAlone(run: DraftRun, renewal: PlannedRenewal): Promise<boolean> {
  const { ctx, actor, settings, runDate, now } = run;
  const { client, licenceIds } = renewal;
  try {
    const { quotation } = await createQuotation(ctx, actor, renewalBody(settings)(renewal), now);
    let invoiceId: string | null = null;
    if (client.autoRenewal) {
      await setQuotationStatus(ctx, actor, quotation.id, 'accepted', now);
      const converted = await convertQuotationToInvoice(ctx, actor, quotation.id, {}, now);
      invoiceId = converted.invoice.id;
    }
    const activity = await ctx.db.transaction(async (tx) => {
      await insertDrafts(tx, [
        { clientId: client.id, quotationId: quotation.id, invoiceId, licenceIds, runDate },
      ]);
      return recordActivity(tx, draftedActivity(renewal, quotation, invoiceId !== null));
    });
    publishActivity(ctx.events, activity);
    if (settings.sendQuotationsAutomatically) {
      await sendDrafted(ctx, renewal, () =>
        invoiceId
          ? sendInvoiceToClient(ctx, actor, invoiceId, now)
          : sendQuotationToClient(ctx, actor, quotation.id, now),
      );
    }
    return true;
  } catch (error) {
    ctx.logger.error({ err: error, clientId: client.id }, 'renewal not drafted');
    return false;
  }
}
