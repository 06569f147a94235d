import {
  buildPagination,
  type BillingClient,
  type Client,
  type Pagination,
  type ClientResponse,
  type CreateClientBody,
  type ListClientsQuery,
  type ListClientsResponse,
  type ListBillingClientsQuery,
  type ListBillingClientsResponse,
  type MessageResponse,
  type UpdateClientBody,
} from '@patrol/contracts';
import { addDays, formatCompanyName, normaliseEmail } from '@patrol/domain';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { findPostgresError } from '../../db/errors';
import type { ClientRow } from '../../db/schema';
import type { AppContext, DirectoryTotals } from '../../http/app-context';
import { conflict, invalid, notFound } from '../../http/app-error';
import { sharedAnswer } from '../../http/json-answer';
import type { AuthUser } from '../../http/authenticate';
import { publishActivity, recordActivity } from '../activity/activity.service';
import { recordRowChange } from '../audit/audit.service';
import { findClientsByIds } from './client-renewal.repo';
import { clientEInvoiceColumns, presentClient } from './clients.presenter';
import {
  clientNameOfCompany,
  countClients,
  deleteClientRow,
  findClientByCompanyId,
  findClientByCompanyIdForUpdate,
  findClientById,
  findClientByIdOrCompanyIdForUpdate,
  findDirectoryPage,
  findFilteredPage,
  findFilteredRows,
  findNewestClients,
  insertClient,
  updateClientRow,
  type ClientFilter,
  countClientsCreated,
} from './clients.repo';

/** What the client services use of the application context. */
type ClientDeps = Pick<AppContext, 'db' | 'events'>;

/** Messages of the client rules the API enforces beyond the form's validation. */
export const clientRuleMessages = {
  notFound: 'Client not found',
  companyIdTaken: 'Company ID already exists',
  companyIdImmutable: 'Company ID cannot be changed',
  companyIdReserved: 'This Company ID is reserved. Please choose another.',
  created: 'Client added successfully',
  updated: 'Client updated successfully',
  activated: 'Client activated successfully',
  deactivated: 'Client deactivated successfully',
  deleted: 'Client deleted successfully',
} as const;

/**
 * Company IDs that a fixed path under /api/clients would shadow: the dashboard's
 * GET /api/clients/dashboard (spec 1 section 7) is mounted before GET /api/clients/:companyId,
 * so a client with this ID could never be opened. Compared without case.
 */
const reservedCompanyIds = new Set(['dashboard']);

/**
 * The client directory page: clients with their licence counts, paging and the summary cards.
 * Served from the answers of the last second to the same query (`clientPages`, cleared by every
 * client or licence change), encoded once for all who ask.
 */
export function listClients(
  ctx: Pick<AppContext, 'db' | 'directoryTotals' | 'clientPages'>,
  query: ListClientsQuery,
): Promise<ListClientsResponse> {
  const { exportCsv: _export, ...filter } = query;
  return ctx.clientPages.get(JSON.stringify(filter), async () =>
    sharedAnswer(await readClientList(ctx, query)),
  );
}

async function readClientList(
  ctx: Pick<AppContext, 'db' | 'directoryTotals'>,
  query: ListClientsQuery,
): Promise<ListClientsResponse> {
  const totals = await ctx.directoryTotals.read();
  // Without a search, the count is the directory's own, already counted for the cards.
  const page = await findClientPage(ctx.db, query, totals);
  const { boundLicences: _bound, ...cards } = totals;
  return { success: true, ...page, summary: cards };
}

/**
 * A page of clients (presented) matching the filter, with its paging block. `totals`, the
 * directory's counts when the caller holds them, serve a page without a search: no count then. A
 * search counts its matches up to 1,000 past the page (`totalCountCapped` beyond).
 */
export async function findClientPage(
  db: DbExecutor,
  filter: ClientFilter & { page: number; limit: number },
  totals?: Pick<DirectoryTotals, 'totalClients' | 'activeClients'>,
): Promise<{ clients: Client[]; pagination: Pagination }> {
  const known = totals && !filter.search ? clientsInState(totals, filter.active) : undefined;
  const { rows, totalCount, totalCountCapped } =
    known === undefined
      ? await findFilteredPage(db, filter)
      : {
          rows: await findDirectoryPage(db, filter, known),
          totalCount: known,
          totalCountCapped: false,
        };
  return {
    clients: rows.map(presentClient),
    pagination: buildPagination(filter.page, filter.limit, totalCount, totalCountCapped),
  };
}

/** How many clients the directory holds in all, or in one active state. */
function clientsInState(
  { totalClients, activeClients }: Pick<DirectoryTotals, 'totalClients' | 'activeClients'>,
  active: boolean | undefined,
): number {
  if (active === undefined) return totalClients;
  return active ? activeClients : totalClients - activeClients;
}

/** GET /api/business/clients: the billing forms' client picker, active clients by name. */
export async function listBillingClients(
  db: DbExecutor,
  query: ListBillingClientsQuery,
): Promise<ListBillingClientsResponse> {
  // The picker shows its first matches: no count.
  const rows = await findFilteredRows(db, {
    search: query.search,
    active: true,
    sortBy: 'companyName',
    sortOrder: 'asc',
    page: 1,
    limit: query.limit,
  });
  return { success: true, clients: rows.map(presentBillingClient) };
}

/** Clients as billing documents copy them, by row id; an id without a client is absent. */
export async function billingClientsByIds(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, BillingClient>> {
  const rows = await findClientsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, presentBillingClient(row)]));
}

function presentBillingClient(row: ClientRow): BillingClient {
  const { id, companyId, companyName, contactPerson, email, phone, address } = row;
  return { id, companyId, companyName, contactPerson, email, phone, address };
}

/** The directory totals' client counts (all, active, new in the last 30 days). */
export function clientTotals(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<Pick<DirectoryTotals, 'totalClients' | 'activeClients' | 'newThisMonth'>> {
  return countClients(db, now);
}

/** Directory totals as the cards show them, from the snapshot refreshed behind the readers. */
export function directoryTotals(
  ctx: Pick<AppContext, 'directoryTotals'>,
): Promise<DirectoryTotals> {
  return ctx.directoryTotals.read();
}

/** The newest clients, presented (the dashboard's Recent Clients). */
export async function newestClients(db: DbExecutor, limit: number): Promise<Client[]> {
  return (await findNewestClients(db, limit)).map(presentClient);
}

/**
 * How many clients were added on the business days `from` to `to`, both included (the billing
 * reports' new clients).
 */
export function clientsAddedOnDays(db: DbExecutor, from: string, to: string): Promise<number> {
  return countClientsCreated(db, dayStart(from), dayStart(addDays(to, 1)));
}

/** A client's row by row id (the licences module pairs a licence with its client). */
export function clientRowById(db: DbExecutor, id: string): Promise<ClientRow | undefined> {
  return findClientById(db, id);
}

/** A client as presented now (its counters current), by companyId; undefined when gone. */
export async function loadClient(db: DbExecutor, companyId: string): Promise<Client | undefined> {
  const row = await findClientByCompanyId(db, companyId);
  return row && presentClient(row);
}

/**
 * Locks a client by companyId for the rest of the caller's transaction (so it cannot be deleted
 * under the caller's feet); 404 'Client not found'.
 */
export async function lockClient(tx: DbExecutor, companyId: string): Promise<ClientRow> {
  const row = await findClientByCompanyIdForUpdate(tx, companyId);
  if (!row) throw notFound(clientRuleMessages.notFound);
  return row;
}

/** GET /api/clients/{companyId}: 404 'Client not found'. */
export async function getClient(db: DbExecutor, companyId: string): Promise<ClientResponse> {
  const row = await findClientByCompanyId(db, companyId);
  if (!row) throw notFound(clientRuleMessages.notFound);
  return { success: true, client: presentClient(row) };
}

/**
 * Adds a client: name suffixes formatted, email lowercased; a duplicate companyId is a 409.
 * Publishes clientAdded and the client_added activity after commit.
 */
export async function createClient(
  { db, events }: ClientDeps,
  actor: AuthUser,
  body: CreateClientBody,
): Promise<ClientResponse> {
  if (reservedCompanyIds.has(body.companyId.toLowerCase())) {
    throw invalid(clientRuleMessages.companyIdReserved, {
      companyId: clientRuleMessages.companyIdReserved,
    });
  }
  const { row, activity } = await withCompanyIdConflict(() =>
    db.transaction(async (tx) => {
      const created = await insertClient(tx, {
        companyId: body.companyId,
        companyName: formatCompanyName(body.companyName),
        contactPerson: body.contactPerson,
        email: normaliseEmail(body.email),
        phone: body.phone,
        address: body.address,
        ...clientEInvoiceColumns(body.eInvoice),
        createdBy: actor.id,
      });
      await auditClient(tx, actor, 'client.created', null, created);
      const recorded = await recordActivity(tx, {
        type: 'client_added',
        detail: `New client ${created.companyName} added`,
        companyId: created.companyId,
        refs: { companyName: created.companyName, companyId: created.companyId },
        actorId: actor.id,
      });
      return { row: created, activity: recorded };
    }),
  );
  const client = presentClient(row);
  events.publish('clientAdded', client);
  publishActivity(events, activity);
  return { success: true, message: clientRuleMessages.created, client };
}

/**
 * Saves the edit form. companyId is immutable: a body naming a different one is refused.
 * Publishes clientUpdated after commit.
 */
export async function updateClient(
  { db, events }: ClientDeps,
  actor: AuthUser,
  companyId: string,
  body: UpdateClientBody & { companyId?: string },
): Promise<ClientResponse> {
  if (body.companyId !== undefined && body.companyId !== companyId) {
    throw invalid(clientRuleMessages.companyIdImmutable, {
      companyId: clientRuleMessages.companyIdImmutable,
    });
  }
  const { row, activity } = await db.transaction(async (tx) => {
    const current = await lockClient(tx, companyId);
    const updated = await updateClientRow(tx, current.id, {
      companyName: formatCompanyName(body.companyName),
      contactPerson: body.contactPerson,
      email: normaliseEmail(body.email),
      phone: body.phone,
      address: body.address,
      ...(body.eInvoice ? clientEInvoiceColumns(body.eInvoice) : {}),
    });
    await auditClient(tx, actor, 'client.updated', current, updated);
    const recorded = await recordActivity(tx, {
      type: 'client_updated',
      detail: `Client ${updated.companyName} updated`,
      companyId,
      refs: { companyName: updated.companyName, companyId },
      actorId: actor.id,
    });
    return { row: updated, activity: recorded };
  });
  const client = presentClient(row);
  events.publish('clientUpdated', client);
  publishActivity(events, activity);
  return { success: true, message: clientRuleMessages.updated, client };
}

/** Activate or Deactivate; `idOrCompanyId` is the row id or the companyId. */
export async function setClientStatus(
  { db, events }: ClientDeps,
  actor: AuthUser,
  idOrCompanyId: string,
  active: boolean,
): Promise<ClientResponse> {
  const { row, activity } = await db.transaction(async (tx) => {
    const current = await findClientByIdOrCompanyIdForUpdate(tx, idOrCompanyId);
    if (!current) throw notFound(clientRuleMessages.notFound);
    const updated = await updateClientRow(tx, current.id, { active });
    await auditClient(tx, actor, 'client.status_changed', current, updated);
    const recorded = await recordActivity(tx, {
      type: 'client_updated',
      detail: `Client ${updated.companyName} ${active ? 'activated' : 'deactivated'}`,
      companyId: updated.companyId,
      refs: { companyName: updated.companyName, companyId: updated.companyId },
      actorId: actor.id,
    });
    return { row: updated, activity: recorded };
  });
  const client = presentClient(row);
  events.publish('clientUpdated', client);
  publishActivity(events, activity);
  return {
    success: true,
    message: active ? clientRuleMessages.activated : clientRuleMessages.deactivated,
    client,
  };
}

/**
 * Deletes a client and its licences in one transaction (their devices stop working at once) and
 * records who did it. Publishes clientDeleted after commit.
 */
export async function deleteClient(
  { db, events }: ClientDeps,
  actor: AuthUser,
  companyId: string,
): Promise<MessageResponse> {
  const activity = await db.transaction(async (tx) => {
    const current = await lockClient(tx, companyId);
    const { licenceCount } = current;
    await deleteClientRow(tx, current.id);
    await auditClient(tx, actor, 'client.deleted', current, null);
    return recordActivity(tx, {
      type: 'client_deleted',
      detail: `Client ${current.companyName} deleted with ${licenceCount} ${licenceCount === 1 ? 'licence' : 'licences'} by ${actor.fullName}`,
      companyId,
      refs: { companyName: current.companyName, companyId },
      actorId: actor.id,
    });
  });
  events.publish('clientDeleted', { companyId });
  publishActivity(events, activity);
  return { success: true, message: clientRuleMessages.deleted };
}

/** A client row's change in the audit trail, by the signed-in actor, inside the change's transaction. */
function auditClient(
  tx: DbExecutor,
  actor: AuthUser,
  action: string,
  before: ClientRow | null,
  after: ClientRow | null,
): Promise<void> {
  return recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action,
    entityType: 'client',
    before,
    after,
  });
}

async function withCompanyIdConflict<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (findPostgresError(error)?.constraint === 'clients_company_id_unique') {
      throw conflict(clientRuleMessages.companyIdTaken);
    }
    throw error;
  }
}

/** A client's name by company id, as a subquery of a list's own statement (crash reports). */
export function clientNameOf(companyId: AnyColumn): SQL<string | null> {
  return clientNameOfCompany(companyId);
}
