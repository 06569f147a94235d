import {
  createQuotationBodySchema,
  type LicenceRenewalSettings,
  type QuotationItemInput,
} from '@patrol/contracts';
import { businessDay, dayMs, formatBusinessDate, fromSen, toSen } from '@patrol/domain';
import type { ClientRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import type { AuthUser } from '../../http/authenticate';
import { publishActivity, recordActivity } from '../activity/activity.service';
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
  openQuotationIds,
  renewalKeysInOpenQuotations,
  sendQuotationToClient,
  setQuotationStatus,
} from '../quotations/quotation-renewals.service';
import { findDraftsOfClients, insertDraft } from './renewals.repo';

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
  const outcome = { quotations: 0, invoices: 0 };
  const byClient = groupBy(
    keys.filter((key) => !covered.has(key.id)),
    (key) => key.clientId,
  );
  for (const [clientId, clientKeys] of byClient) {
    const client = clients.get(clientId);
    if (!client?.active) continue;
    const { items, licenceIds } = renewalLines(clientKeys, products);
    if (items.length === 0) continue;
    try {
      const kind = await draftOne(ctx, actor, settings, client, items, licenceIds, runDate, now);
      outcome[kind] += 1;
    } catch (error) {
      ctx.logger.error({ err: error, clientId }, 'renewal not drafted');
    }
  }
  return outcome;
}

async function draftOne(
  ctx: DraftDeps,
  actor: AuthUser,
  settings: LicenceRenewalSettings,
  client: ClientRow,
  items: QuotationItemInput[],
  licenceIds: string[],
  runDate: string,
  now: Date,
): Promise<'quotations' | 'invoices'> {
  const body = createQuotationBodySchema.parse({
    clientId: client.id,
    items,
    notes: `Renewal of ${licenceIds.length} licence${licenceIds.length === 1 ? '' : 's'} expiring within ${settings.leadTimeDays} days.`,
  });
  const { quotation } = await createQuotation(ctx, actor, body, now);
  let invoiceId: string | null = null;
  if (client.autoRenewal) {
    await setQuotationStatus(ctx, actor, quotation.id, 'accepted', now);
    const converted = await convertQuotationToInvoice(ctx, actor, quotation.id, {}, now);
    invoiceId = converted.invoice.id;
  }
  const draft = await ctx.db.transaction(async (tx) => {
    await insertDraft(tx, {
      clientId: client.id,
      quotationId: quotation.id,
      invoiceId,
      licenceIds,
      runDate,
    });
    return recordActivity(tx, {
      type: 'renewal_drafted',
      detail: invoiceId
        ? `Renewal invoice for ${licenceIds.length} licences of ${client.companyName} (auto-renewal)`
        : `Renewal quotation ${quotation.quotationNumber} for ${licenceIds.length} licences of ${client.companyName}`,
      companyId: client.companyId,
      refs: {
        companyName: client.companyName,
        companyId: client.companyId,
        quotationNumber: quotation.quotationNumber,
      },
    });
  });
  publishActivity(ctx.events, draft);
  if (settings.sendQuotationsAutomatically) {
    try {
      if (invoiceId) await sendInvoiceToClient(ctx, actor, invoiceId, now);
      else await sendQuotationToClient(ctx, actor, quotation.id, now);
    } catch (error) {
      ctx.logger.warn({ err: error, clientId: client.id }, 'renewal drafted but not sent');
    }
  }
  return invoiceId ? 'invoices' : 'quotations';
}
