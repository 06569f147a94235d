import {
  buildPagination,
  type Client,
  type ClientResponse,
  type CreateClientBody,
  type ListClientsQuery,
  type ListClientsResponse,
  type MessageResponse,
  type UpdateClientBody,
} from '@patrol/contracts';
import { formatCompanyName, normaliseEmail } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { findPostgresError } from '../../db/errors';
import type { ClientRow } from '../../db/schema';
import { conflict, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { publishActivity, recordActivity } from '../activity/activity.service';
import type { DomainDeps } from '../activity/event-bus';
import { presentClient, presentClients } from './clients.presenter';
import {
  clientDirectorySummary,
  deleteClientWithLicences,
  findClientByCompanyId,
  findClientByCompanyIdForUpdate,
  findClientByIdOrCompanyIdForUpdate,
  findClientsPage,
  findLicencesOfClients,
  insertClient,
  updateClientRow,
} from './clients.repo';

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
 * Company IDs that would be shadowed by a fixed path under /api/clients (GET /api/clients/dashboard),
 * compared without case.
 */
const reservedCompanyIds = new Set(['dashboard']);

/** The client directory page: clients with their licences, paging and the summary cards. */
export async function listClients(
  db: DbExecutor,
  query: ListClientsQuery,
  now: Date = new Date(),
): Promise<ListClientsResponse> {
  const { rows, totalCount } = await findClientsPage(db, query);
  const licences = await findLicencesOfClients(
    db,
    rows.map((row) => row.id),
  );
  return {
    success: true,
    clients: presentClients(rows, licences),
    pagination: buildPagination(query.page, query.limit, totalCount),
    summary: await clientDirectorySummary(db, now),
  };
}

/** A client with its licences as presented (used by reads and by the events after a change). */
export async function loadClient(db: DbExecutor, row: ClientRow): Promise<Client> {
  return presentClient(row, await findLicencesOfClients(db, [row.id]));
}

/** GET /api/clients/{companyId}: 404 'Client not found'. */
export async function getClient(db: DbExecutor, companyId: string): Promise<ClientResponse> {
  const row = await findClientByCompanyId(db, companyId);
  if (!row) throw notFound(clientRuleMessages.notFound);
  return { success: true, client: await loadClient(db, row) };
}

/**
 * Adds a client: name suffixes formatted, email lowercased; a duplicate companyId is a 409.
 * Publishes clientAdded and the client_added activity after commit.
 */
export async function createClient(
  { db, events }: DomainDeps,
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
        createdBy: actor.id,
      });
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
  const client = presentClient(row, []);
  events.publish('clientAdded', client);
  publishActivity(events, activity);
  return { success: true, message: clientRuleMessages.created, client };
}

/**
 * Saves the edit form. companyId is immutable: a body naming a different one is refused.
 * Publishes clientUpdated after commit.
 */
export async function updateClient(
  { db, events }: DomainDeps,
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
    const current = await findClientByCompanyIdForUpdate(tx, companyId);
    if (!current) throw notFound(clientRuleMessages.notFound);
    const updated = await updateClientRow(tx, current.id, {
      companyName: formatCompanyName(body.companyName),
      contactPerson: body.contactPerson,
      email: normaliseEmail(body.email),
      phone: body.phone,
      address: body.address,
    });
    const recorded = await recordActivity(tx, {
      type: 'client_updated',
      detail: `Client ${updated.companyName} updated`,
      companyId,
      refs: { companyName: updated.companyName, companyId },
      actorId: actor.id,
    });
    return { row: updated, activity: recorded };
  });
  const client = await loadClient(db, row);
  events.publish('clientUpdated', client);
  publishActivity(events, activity);
  return { success: true, message: clientRuleMessages.updated, client };
}

/** Activate or Deactivate; `idOrCompanyId` is the row id or the companyId. */
export async function setClientStatus(
  { db, events }: DomainDeps,
  actor: AuthUser,
  idOrCompanyId: string,
  active: boolean,
): Promise<ClientResponse> {
  const { row, activity } = await db.transaction(async (tx) => {
    const current = await findClientByIdOrCompanyIdForUpdate(tx, idOrCompanyId);
    if (!current) throw notFound(clientRuleMessages.notFound);
    const updated = await updateClientRow(tx, current.id, { active });
    const recorded = await recordActivity(tx, {
      type: 'client_updated',
      detail: `Client ${updated.companyName} ${active ? 'activated' : 'deactivated'}`,
      companyId: updated.companyId,
      refs: { companyName: updated.companyName, companyId: updated.companyId },
      actorId: actor.id,
    });
    return { row: updated, activity: recorded };
  });
  const client = await loadClient(db, row);
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
  { db, events }: DomainDeps,
  actor: AuthUser,
  companyId: string,
): Promise<MessageResponse> {
  const activity = await db.transaction(async (tx) => {
    const current = await findClientByCompanyIdForUpdate(tx, companyId);
    if (!current) throw notFound(clientRuleMessages.notFound);
    const licenceCount = await deleteClientWithLicences(tx, current.id);
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
