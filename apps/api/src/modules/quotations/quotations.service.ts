import {
  buildPagination,
  type BillingClient,
  type CreateQuotationBody,
  type GetQuotationResponse,
  type ListQuotationsQuery,
  type ListQuotationsResponse,
  type MessageResponse,
  type Quotation,
  type QuotationItemInput,
  type QuotationResponse,
  type Product,
  type QuotationStatus,
  type UpdateQuotationBody,
} from '@patrol/contracts';
import {
  addDays,
  businessDay,
  isQuotationDeletable,
  isQuotationEditable,
  quotationStatusOn,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { findPostgresError } from '../../db/errors';
import { dayOf, dayStart } from '../../db/column-values';
import type {
  DocumentClientInfo,
  NewQuotationRow,
  QuotationItemRow,
  QuotationRow,
} from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { billingClientsByIds } from '../clients/clients.service';
import { productsByIds } from '../products/products.service';
import { licenceHolders } from '../licences/licence-billing.service';
import { checkLicenceLines, renewedKeys, throwLicenceLineErrors } from './quotation-licence-lines';
import { priceLines, readTaxSettings, storedInput, taxedInputs } from './quotation-pricing';
import { nextDocumentNumbers } from '../settings/numbering.service';
import { quotationMessagesFor, quotationRuleMessages } from './quotation-messages';
import { recordRowChanges, withLines } from '../audit/audit.service';
import { auditQuotation, lockQuotation } from './quotation-records';
import { presentQuotation, presentQuotationSummary } from './quotations.presenter';
import {
  deleteQuotationRow,
  findQuotationById,
  findQuotationItems,
  findQuotationPage,
  insertQuotationsWithItems,
  replaceQuotationItems,
  updateQuotationRow,
} from './quotations.repo';

/** What the quotation services use of the application context. */
export type QuotationDeps = Pick<AppContext, 'db' | 'events'>;

/** GET /api/business/quotations: a page of quotations without their lines. */
export async function listQuotations(
  { db, billingTotals, listCounts }: Pick<AppContext, 'db' | 'billingTotals' | 'listCounts'>,
  query: ListQuotationsQuery,
  now: Date = new Date(),
): Promise<ListQuotationsResponse> {
  const today = businessDay(now);
  const unfiltered = !query.search && !query.status && !query.clientId;
  const { rows, totalCount, totalCountCapped } = await findQuotationPage(
    db,
    { ...query, today },
    unfiltered ? (await billingTotals.read()).quotations : undefined,
    listCounts,
  );
  return {
    success: true,
    quotations: rows.map((row) => presentQuotationSummary(row, today)),
    pagination: buildPagination(query.page, query.limit, totalCount, totalCountCapped),
  };
}

/** GET /api/business/quotations/{id}: the quotation whole; 404 'Quotation not found'. */
export async function getQuotation(
  { db }: Pick<AppContext, 'db'>,
  id: string,
  now: Date = new Date(),
): Promise<GetQuotationResponse> {
  const [row, items] = await Promise.all([findQuotationById(db, id), findQuotationItems(db, [id])]);
  if (!row) throw notFound(quotationRuleMessages.notFound);
  return { success: true, quotation: presentQuotation(row, items, businessDay(now)) };
}

/** Creates a draft numbered from the settings, its totals computed here from its lines. */
export async function createQuotation(
  deps: QuotationDeps,
  actor: AuthUser,
  body: CreateQuotationBody,
  now: Date = new Date(),
): Promise<QuotationResponse> {
  const [quotation] = await createQuotations(deps, actor, [body], now);
  return {
    success: true,
    message: quotationMessagesFor.created(quotation!.quotationNumber),
    quotation: quotation!,
  };
}

/**
 * Creates drafts as createQuotation does one, in one transaction and numbered consecutively in
 * the order given: the renewal run drafts a hundred at a time this way. Any refused body (the
 * same 400s and 409 as createQuotation's) refuses them all.
 */
export async function createQuotations(
  { db, events }: QuotationDeps,
  actor: AuthUser,
  bodies: readonly CreateQuotationBody[],
  now: Date = new Date(),
): Promise<Quotation[]> {
  if (bodies.length === 0) return [];
  const items = bodies.flatMap((body) => body.items);
  const [clients, products, holders] = await Promise.all([
    billingClientsByIds(
      db,
      bodies.map((body) => body.clientId),
    ),
    readProducts(db, items),
    licenceHolders(db, renewedKeys(items)),
  ]);
  const drafts = bodies.map((body) => {
    const client = requireClient(clients, body.clientId);
    requireProducts(products, body.items);
    throwLicenceLineErrors(client.id, body.items, products, holders);
    return { body, client };
  });
  const saved = await withDeletedProductConflict(items, () =>
    db.transaction(async (tx) => {
      const taxSettings = await readTaxSettings(tx);
      const numbers = await nextDocumentNumbers(tx, 'quotation', drafts.length, now);
      const priced = drafts.map(({ body, client }, index) => {
        const lines = priceLines(taxedInputs(body.items, products, taxSettings));
        const row = draftRow(body, client, numbers[index]!.number, actor, now);
        return { row: { ...row, ...lines.totals }, lines: lines.items };
      });
      const created = await insertQuotationsWithItems(tx, priced);
      await recordRowChanges(tx, {
        actorId: actor.id,
        requestId: actor.requestId,
        action: 'quotation.created',
        entityType: 'quotation',
        before: [],
        after: created.map(({ row, items: lines }) => withLines(row, lines)),
      });
      return created;
    }),
  );
  const today = businessDay(now);
  return saved.map(({ row, items: lines }) => {
    events.publish('billingUpdated', { entity: 'quotation', action: 'created', id: row.id });
    return presentQuotation(row, lines, today);
  });
}

/**
 * Saves the changed fields; new lines or a new tax rate recompute every total. Converted and
 * closed quotations are refused (409).
 */
export async function updateQuotation(
  { db, events }: QuotationDeps,
  actor: AuthUser,
  id: string,
  body: UpdateQuotationBody,
  now: Date = new Date(),
): Promise<QuotationResponse> {
  const client =
    body.clientId === undefined
      ? undefined
      : requireClient(await billingClientsByIds(db, [body.clientId]), body.clientId);
  const products = body.items ? await readProducts(db, body.items) : new Map<string, Product>();
  if (body.items) requireProducts(products, body.items);
  const today = businessDay(now);
  const { row, items } = await withDeletedProductConflict(body.items ?? [], () =>
    db.transaction(async (tx) => {
      const current = await lockQuotation(tx, id);
      if (!isQuotationEditable(current.status)) throw conflict(quotationRuleMessages.notEditable);
      const [currentItems, quotationDate, validityDays] = [
        await findQuotationItems(tx, [id]),
        body.quotationDate ?? dayOf(current.quotationDate),
        body.validityDays ?? current.validityDays,
      ];
      // Renewed keys must be the (possibly new) client's; new lines are judged on their product.
      const lineInputs = body.items ?? currentItems.map(storedInput);
      if (body.items || client) {
        await checkLicenceLines(
          tx,
          client?.id ?? current.clientId,
          lineInputs,
          body.items ? products : undefined,
        );
      }
      // New lines take today's rates; kept lines keep the tax they were saved with.
      const lines = priceLines(
        body.items
          ? taxedInputs(body.items, products, await readTaxSettings(tx))
          : currentItems.map(storedInput),
      );
      const updated = await updateQuotationRow(tx, id, {
        ...(client ? { clientId: client.id, clientInfo: documentClientInfo(client) } : {}),
        quotationDate: dayStart(quotationDate),
        validUntil: dayStart(addDays(quotationDate, validityDays)),
        validityDays,
        ...(body.paymentTerms ? { paymentTerms: body.paymentTerms } : {}),
        ...(body.notes === undefined ? {} : { notes: body.notes }),
        ...lines.totals,
      });
      const saved = body.items ? await replaceQuotationItems(tx, id, lines.items) : currentItems;
      await auditQuotation(
        tx,
        actor,
        'quotation.updated',
        withLines(current, currentItems),
        withLines(updated, saved),
      );
      return { row: updated, items: saved };
    }),
  );
  events.publish('billingUpdated', { entity: 'quotation', action: 'updated', id });
  return {
    success: true,
    message: quotationRuleMessages.updated,
    quotation: presentQuotation(row, items, today),
  };
}

/** Deletes a quotation and its lines; converted and closed ones are refused (409). */
export async function deleteQuotation(
  { db, events }: QuotationDeps,
  actor: AuthUser,
  id: string,
): Promise<MessageResponse> {
  await db.transaction(async (tx) => {
    const current = await lockQuotation(tx, id);
    if (!isQuotationDeletable(current.status)) throw conflict(quotationRuleMessages.notDeletable);
    await deleteQuotationRow(tx, id);
    await auditQuotation(tx, actor, 'quotation.deleted', current, null);
  });
  events.publish('billingUpdated', { entity: 'quotation', action: 'deleted', id });
  return { success: true, message: quotationRuleMessages.deleted };
}

/** A quotation and its lines as stored, locked for the caller's transaction; 404 when absent. */
export async function lockQuotationWithItems(
  tx: DbExecutor,
  id: string,
): Promise<{ row: QuotationRow; items: QuotationItemRow[] }> {
  const row = await lockQuotation(tx, id);
  return { row, items: await findQuotationItems(tx, [id]) };
}

/** The status a stored quotation reads as on `now`'s business day. */
export function quotationStatusNow(row: QuotationRow, now: Date = new Date()): QuotationStatus {
  return quotationStatusOn(row.status, dayOf(row.validUntil), businessDay(now));
}

/** A stored quotation presented with its lines, as it reads on `now`. */
export function quotationAsOf(
  row: QuotationRow,
  items: readonly QuotationItemRow[],
  now: Date = new Date(),
): Quotation {
  return presentQuotation(row, items, businessDay(now));
}

/** A new draft's row, its totals to be added from its priced lines. */
function draftRow(
  body: CreateQuotationBody,
  client: BillingClient,
  quotationNumber: string,
  actor: AuthUser,
  now: Date,
): Omit<NewQuotationRow, keyof ReturnType<typeof priceLines>['totals']> {
  const quotationDate = body.quotationDate ?? businessDay(now);
  return {
    quotationNumber,
    clientId: client.id,
    clientInfo: documentClientInfo(client),
    quotationDate: dayStart(quotationDate),
    validUntil: dayStart(addDays(quotationDate, body.validityDays)),
    validityDays: body.validityDays,
    paymentTerms: body.paymentTerms,
    notes: body.notes,
    status: 'draft',
    createdBy: actor.id,
  };
}

function requireClient(
  clients: ReadonlyMap<string, BillingClient>,
  clientId: string,
): BillingClient {
  const client = clients.get(clientId);
  if (!client) {
    throw invalid(quotationRuleMessages.clientNotFound, {
      clientId: quotationRuleMessages.clientNotFound,
    });
  }
  return client;
}

const quotationItemProductForeignKey = 'quotation_items_product_id_products_id_fk';

/** The catalogue products the lines name. */
function productIdsOf(items: readonly Pick<QuotationItemInput, 'productId'>[]): string[] {
  return [...new Set(items.flatMap((item) => (item.productId ? [item.productId] : [])))];
}

/** The lines' catalogue products, by id. */
async function readProducts(
  db: DbExecutor,
  items: readonly Pick<QuotationItemInput, 'productId'>[],
): Promise<Map<string, Product>> {
  return new Map(
    (await productsByIds(db, productIdsOf(items))).map((product) => [product.id, product]),
  );
}

/** Every catalogue product a line names must exist (lines keep their own copy of it). */
function requireProducts(
  found: ReadonlyMap<string, Product>,
  items: readonly Pick<QuotationItemInput, 'productId'>[],
): void {
  const errors: Record<string, string> = {};
  items.forEach((item, index) => {
    if (item.productId && !found.has(item.productId)) {
      errors[`items.${index}.productId`] = quotationRuleMessages.productNotFound;
    }
  });
  if (Object.keys(errors).length > 0) throw invalid(quotationRuleMessages.productNotFound, errors);
}

/**
 * A product checked by requireProducts but deleted before the lines were written fails the lines'
 * foreign key: answered 409 naming the product (from the line that names its id), not 500.
 */
async function withDeletedProductConflict<T>(
  items: readonly Pick<QuotationItemInput, 'productId' | 'productName'>[],
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    const refused = findPostgresError(error);
    if (refused?.constraint !== quotationItemProductForeignKey) throw error;
    const line = items.find((item) => item.productId && refused.detail?.includes(item.productId));
    throw conflict(quotationMessagesFor.productDeleted(line?.productName));
  }
}

function documentClientInfo(client: BillingClient): DocumentClientInfo {
  const { companyName, contactPerson, email, phone, address } = client;
  return { companyName, contactPerson, email, phone, address };
}
