import {
  buildPagination,
  licenceMessages,
  type Activity,
  type ActivityType,
  type BindLicenceBody,
  type CreateLicencesBody,
  type CreateLicencesResponse,
  type ExtendLicenceBody,
  type LicenceResponse,
  type ListClientLicencesQuery,
  type ListClientLicencesResponse,
  type ListLicenceGroupsQuery,
  type ListLicenceGroupsResponse,
  type MessageResponse,
  type UnbindLicenceBody,
} from '@patrol/contracts';
import {
  canExtendLicence,
  dayMs,
  extendedExpiry,
  isLicenceExpired,
  isValidDeviceId,
} from '@patrol/domain';
import type { LicenceActivityFigures } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { findPostgresError } from '../../db/errors';
import type { ClientRow, LicenceRow, NewLicenceRow } from '../../db/schema';
import type { DomainEvents } from '../../events/event-bus';
import type { AppContext } from '../../http/app-context';
import { conflict, invalid, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { publishActivity, recordActivity } from '../activity/activity.service';
import {
  clientRowById,
  clientRuleMessages,
  directoryTotals,
  findClientPage,
  loadClient,
  lockClient,
} from '../clients/clients.service';
import {
  countExpiredLicences,
  countLicenceTotals,
  licenceActivityCounts,
} from './licence-activity.repo';
import { findPaidByNumbers } from './licence-billing.repo';
import { auditLicence } from './licence-billing.service';
import { generateLicenceKey } from './licence-keys';
import { presentLicence } from './licences.presenter';
import {
  bindLicenceIfAvailable,
  deleteLicenceRow,
  findClientLicencesPage,
  findLicenceByKey,
  insertLicencesSkippingTakenKeys,
  unbindLicenceIfBound,
  updateLicenceExpiry,
} from './licences.repo';

/** What the licence services use of the application context. */
type LicenceDeps = Pick<AppContext, 'db' | 'events'>;

/** A licence with the client that owns it. */
export interface OwnedLicence {
  licence: LicenceRow;
  client: ClientRow;
}

/** The licence with its client (read through the clients module); undefined without a licence. */
export async function withOwner(
  db: DbExecutor,
  licence: LicenceRow | undefined,
): Promise<OwnedLicence | undefined> {
  if (!licence) return undefined;
  const client = await clientRowById(db, licence.clientId);
  return client && { licence, client };
}

/** Messages of the licence rules (the success lines are the ones the console shows, spec 1 section 8). */
export const licenceRuleMessages = {
  notFound: 'License not found',
  alreadyBound: 'License is already bound to a device',
  notBound: 'License is not bound to any device',
  deviceTaken: 'This device is already bound to another license',
  expired: 'License has expired. Extend it before binding it to a device.',
  extensionClosed: 'License expired more than 30 days ago and can no longer be extended',
  bound: 'License bound successfully!',
  unbound: 'License unbound successfully!',
  deleted: 'License deleted successfully!',
  extended: 'License extended successfully!',
} as const;

/** Keys are 80 random bits: one collision in a batch is already rare, several rounds never happen. */
const keyGenerationRounds = 5;

/** "N licences added successfully". */
export function licencesAddedMessage(count: number): string {
  return `${count} ${count === 1 ? 'licence' : 'licences'} added successfully`;
}

/** The licences page: one card per client (company-name order) with its licence counts. */
export async function listLicenceGroups(
  ctx: Pick<AppContext, 'db' | 'directoryTotals'>,
  query: ListLicenceGroupsQuery,
): Promise<ListLicenceGroupsResponse> {
  // Without a search, the directory's size is known already: no count over every client.
  const page = await findClientPage(
    ctx.db,
    { ...query, sortBy: 'companyName', sortOrder: 'asc' },
    await directoryTotals(ctx),
  );
  return { success: true, ...page };
}

/** One client's licences, newest first, filtered and paged; 404 'Client not found'. */
export async function listClientLicences(
  db: DbExecutor,
  companyId: string,
  query: ListClientLicencesQuery,
  now: Date = new Date(),
): Promise<ListClientLicencesResponse> {
  const client = await loadClient(db, companyId);
  if (!client) throw notFound(clientRuleMessages.notFound);
  const { rows, totalCount } = await findClientLicencesPage(db, client.id, query, now);
  // "Paid by INV-...": the number of each paying line, from the issuance record.
  const paidBy = await findPaidByNumbers(
    db,
    rows.flatMap((row) => (row.paidByLineId ? [row.paidByLineId] : [])),
  );
  return {
    success: true,
    licences: rows.map((row) =>
      presentLicence(row, now, row.paidByLineId ? paidBy.get(row.paidByLineId) : null),
    ),
    pagination: buildPagination(query.page, query.limit, totalCount),
  };
}

/** Computes the licence figures from the licences' roll-ups (the snapshot's source). */
export function computeLicenceActivityFigures(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<LicenceActivityFigures> {
  return licenceActivityCounts(db, now);
}

/** The directory totals' licence counts (all, bound). */
export function licenceTotals(
  db: DbExecutor,
): Promise<{ totalLicences: number; boundLicences: number }> {
  return countLicenceTotals(db);
}

/** Licences past their validity date, by an index range (cheap: the system metrics read it per scrape). */
export function expiredLicenceCount(db: DbExecutor, now: Date = new Date()): Promise<number> {
  return countExpiredLicences(db, now);
}

/** A licence by key with its client, locked until the caller's transaction ends. */
export async function lockLicence(tx: DbExecutor, key: string): Promise<OwnedLicence | undefined> {
  return withOwner(tx, await findLicenceByKey(tx, key, { forUpdate: true }));
}

/** Binds the licence (id) to a device if still unbound and unexpired; see bindLicenceIfAvailable. */
export const bindAvailableLicence = bindLicenceIfAvailable;

/**
 * Issues `count` new keys to a client in one transaction. Keys come from a cryptographic source
 * and are unique by constraint; a key that collides is skipped by the insert and replaced.
 */
export async function createLicences(
  { db, events }: LicenceDeps,
  actor: AuthUser,
  companyId: string,
  body: CreateLicencesBody,
  now: Date = new Date(),
): Promise<CreateLicencesResponse> {
  const { client, created, activity } = await db.transaction(async (tx) => {
    // Locked so that a concurrent delete of the client cannot leave keys without an owner.
    const owner = await lockClient(tx, companyId);
    const validUntil = new Date(now.getTime() + body.validityPeriodDays * dayMs);
    const newRow = (): NewLicenceRow => ({
      key: generateLicenceKey(),
      clientId: owner.id,
      licenceType: body.licenseType,
      validUntil,
      features: body.features,
      notes: body.notes || null,
    });
    const rows: LicenceRow[] = [];
    for (let round = 0; round < keyGenerationRounds && rows.length < body.count; round += 1) {
      const wanted = Array.from({ length: body.count - rows.length }, newRow);
      rows.push(...(await insertLicencesSkippingTakenKeys(tx, wanted)));
    }
    if (rows.length < body.count) throw new Error('Could not generate unique licence keys');
    for (const row of rows) await auditLicence(tx, actor, 'licence.created', null, row);
    const recorded = await recordActivity(tx, {
      type: 'licences_added',
      detail: `${rows.length} ${body.licenseType} ${rows.length === 1 ? 'licence' : 'licences'} (${body.validityPeriodDays} days) added to ${owner.companyName}`,
      companyId: owner.companyId,
      refs: { companyName: owner.companyName, companyId: owner.companyId },
      actorId: actor.id,
    });
    return { client: owner, created: rows, activity: recorded };
  });
  await announceClientChange(db, events, client, activity);
  return {
    success: true,
    message: licencesAddedMessage(created.length),
    licences: created.map((row) => presentLicence(row)),
  };
}

/**
 * Binds a licence to a device from the console. The device ID must read
 * MPDID-{12 capitals or digits}-{project name}; a bound licence is a 409 and so is an expired one.
 * companyId 'system' skips the ownership check.
 */
export async function bindLicence(
  { db, events }: LicenceDeps,
  actor: AuthUser,
  body: BindLicenceBody,
  now: Date = new Date(),
): Promise<LicenceResponse> {
  if (!isValidDeviceId(body.deviceId, body.projectName)) {
    throw invalid(licenceMessages.deviceIdFormat, { deviceId: licenceMessages.deviceIdFormat });
  }
  const { client, licence, activity } = await withDeviceConflict(() =>
    db.transaction(async (tx) => {
      const found = await findOwnedLicence(tx, body.licenceKey, body.companyId);
      if (found.licence.bound) throw conflict(licenceRuleMessages.alreadyBound);
      if (isLicenceExpired(found.licence.validUntil, now))
        throw conflict(licenceRuleMessages.expired);
      const bound = await bindLicenceIfAvailable(tx, found.licence.id, body, now);
      // Another bind committed between the read and the update.
      if (!bound) throw conflict(licenceRuleMessages.alreadyBound);
      await auditLicence(tx, actor, 'licence.bound', found.licence, bound);
      const recorded = await recordLicenceActivity(tx, found.client, bound.key, {
        type: 'licence_bound',
        detail: `Licence ${bound.key} bound to ${bound.deviceId}`,
        actorId: actor.id,
      });
      return { client: found.client, licence: bound, activity: recorded };
    }),
  );
  announceLicenceChange(events, 'bind', client, licence, activity);
  return { success: true, message: licenceRuleMessages.bound, licence: presentLicence(licence) };
}

/** Releases a licence from its device; the device's token stops working. */
export async function unbindLicence(
  { db, events }: LicenceDeps,
  actor: AuthUser,
  body: UnbindLicenceBody,
): Promise<LicenceResponse> {
  const { client, licence, activity } = await db.transaction(async (tx) => {
    const found = await findOwnedLicence(tx, body.licenceKey, body.companyId);
    const unbound = found.licence.bound
      ? await unbindLicenceIfBound(tx, found.licence.id)
      : undefined;
    if (!unbound) throw conflict(licenceRuleMessages.notBound);
    await auditLicence(tx, actor, 'licence.unbound', found.licence, unbound);
    const recorded = await recordLicenceActivity(tx, found.client, unbound.key, {
      type: 'licence_unbound',
      detail: `Licence ${unbound.key} unbound from ${found.licence.deviceId}`,
      actorId: actor.id,
    });
    return { client: found.client, licence: unbound, activity: recorded };
  });
  announceLicenceChange(events, 'unbind', client, licence, activity);
  return { success: true, message: licenceRuleMessages.unbound, licence: presentLicence(licence) };
}

/**
 * Extends a licence by `extensionDays` from the later of its expiry and now. Refused once it has
 * been expired for more than 30 days.
 */
export async function extendLicence(
  { db, events }: LicenceDeps,
  actor: AuthUser,
  key: string,
  body: ExtendLicenceBody,
  now: Date = new Date(),
): Promise<LicenceResponse> {
  const { client, licence, activity } = await db.transaction(async (tx) => {
    const found = await lockLicence(tx, key);
    if (!found) throw notFound(licenceRuleMessages.notFound);
    if (!canExtendLicence(found.licence.validUntil, now)) {
      throw conflict(licenceRuleMessages.extensionClosed);
    }
    const validUntil = extendedExpiry(found.licence.validUntil, body.extensionDays, now);
    const extended = await updateLicenceExpiry(tx, found.licence.id, validUntil);
    await auditLicence(tx, actor, 'licence.extended', found.licence, extended);
    const recorded = await recordLicenceActivity(tx, found.client, extended.key, {
      type: 'licence_extended',
      detail: `Licence ${extended.key} extended by ${body.extensionDays} days to ${validUntil.toISOString().slice(0, 10)}`,
      actorId: actor.id,
    });
    return { client: found.client, licence: extended, activity: recorded };
  });
  announceLicenceChange(events, 'extend', client, licence, activity);
  return { success: true, message: licenceRuleMessages.extended, licence: presentLicence(licence) };
}

/** Deletes a licence in any state; a bound one is deactivated at once (its device token is gone). */
export async function deleteLicence(
  { db, events }: LicenceDeps,
  actor: AuthUser,
  key: string,
): Promise<MessageResponse> {
  const { client, activity } = await db.transaction(async (tx) => {
    const found = await lockLicence(tx, key);
    if (!found) throw notFound(licenceRuleMessages.notFound);
    await deleteLicenceRow(tx, found.licence.id);
    await auditLicence(tx, actor, 'licence.deleted', found.licence, null);
    const device = found.licence.bound ? ` (device ${found.licence.deviceId} deactivated)` : '';
    const recorded = await recordLicenceActivity(tx, found.client, found.licence.key, {
      type: 'licence_deleted',
      detail: `Licence ${found.licence.key} deleted${device}`,
      actorId: actor.id,
    });
    return { client: found.client, activity: recorded };
  });
  await announceClientChange(db, events, client, activity);
  return { success: true, message: licenceRuleMessages.deleted };
}

/** The licence, locked, checked against the client the console names ('system': any client). */
async function findOwnedLicence(
  tx: DbExecutor,
  key: string,
  companyId: string,
): Promise<OwnedLicence> {
  const found = await lockLicence(tx, key);
  if (!found || (companyId !== 'system' && found.client.companyId !== companyId)) {
    throw notFound(licenceRuleMessages.notFound);
  }
  return found;
}

/** Records an activity about one licence of `client`; `actorId` is absent when a device acted. */
export function recordLicenceActivity(
  tx: DbExecutor,
  client: ClientRow,
  licenceKey: string,
  entry: { type: ActivityType; detail: string; actorId?: string },
): Promise<Activity> {
  return recordActivity(tx, {
    ...entry,
    companyId: client.companyId,
    refs: { companyName: client.companyName, companyId: client.companyId, licenceKey },
  });
}

/** licenceUpdated and the activity, after commit. */
export function announceLicenceChange(
  events: DomainEvents,
  action: 'bind' | 'unbind' | 'extend',
  client: ClientRow,
  licence: LicenceRow,
  activity: Activity,
): void {
  events.publish('licenceUpdated', {
    action,
    licence: {
      key: licence.key,
      bound: licence.bound,
      deviceId: licence.deviceId,
      projectName: licence.projectName,
    },
    clientId: client.id,
  });
  publishActivity(events, activity);
}

/** Keys created or deleted are announced as clientUpdated: the client's counts changed. */
async function announceClientChange(
  db: DbExecutor,
  events: DomainEvents,
  client: ClientRow,
  activity: Activity,
): Promise<void> {
  const current = await loadClient(db, client.companyId);
  if (current) events.publish('clientUpdated', current);
  publishActivity(events, activity);
}

/** The device already bound to another licence trips the unique index on bound device IDs: 409. */
export async function withDeviceConflict<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (findPostgresError(error)?.constraint === 'licences_bound_device_id_unique') {
      throw conflict(licenceRuleMessages.deviceTaken);
    }
    throw error;
  }
}
