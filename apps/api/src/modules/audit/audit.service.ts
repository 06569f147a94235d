import { isDeepStrictEqual } from 'node:util';
import { buildPagination, type Permission } from '@patrol/contracts';
import { businessDay, hasPermission } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { forbidden } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import { allAuditEntries, findAuditPage, insertAuditEntry, type AuditFilter } from './audit.repo';
import { userNamesById } from '../users/user-accounts.service';
import type { AuditLogRow } from '../../db/schema';
import type { CsvDownload } from '../../http/csv';
import {
  auditEntityTypes,
  type AuditChange,
  type AuditEntityType,
  type AuditEntry,
  type ExportAuditQuery,
  type ListAuditQuery,
  type ListAuditResponse,
} from '@patrol/contracts';

/** Fields that never enter the trail, whatever a caller passes in a snapshot. */
const secretFields = new Set(['password', 'passwordHash', 'twoFactorSecret', 'lastTotpStep']);

/** A flat or nested record of an entity's fields at one moment. */
export type AuditSnapshot = Record<string, unknown>;

function isPlainObject(value: unknown): value is AuditSnapshot {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date)
  );
}

function flatten(snapshot: AuditSnapshot | null, prefix = '', into = new Map<string, unknown>()) {
  for (const [key, value] of Object.entries(snapshot ?? {})) {
    if (secretFields.has(key)) continue;
    const path = `${prefix}${key}`;
    if (isPlainObject(value)) flatten(value, `${path}.`, into);
    else into.set(path, value);
  }
  return into;
}

/**
 * The fields that differ between two snapshots, nested objects flattened to dotted paths
 * (`address.city`), with their values before and after (null where the field did not exist).
 * Arrays compare as a whole; key order never counts as a change.
 */
export function changedFields(
  before: AuditSnapshot | null,
  after: AuditSnapshot | null,
): Record<string, AuditChange> {
  const old = flatten(before);
  const current = flatten(after);
  const changes: Record<string, AuditChange> = {};
  for (const path of new Set([...old.keys(), ...current.keys()])) {
    const was = old.get(path) ?? null;
    const is = current.get(path) ?? null;
    if (!isDeepStrictEqual(was, is)) changes[path] = { before: was, after: is };
  }
  return changes;
}

export interface AuditRecord {
  actorId: string | null;
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  /** The entity before the change; null when it is created. */
  before: AuditSnapshot | null;
  /** The entity after the change; null when it is deleted. */
  after: AuditSnapshot | null;
}

/**
 * Writes the change to the trail with its changed fields only. Call it with the transaction of the
 * change itself. A change that changed nothing is not recorded.
 */
export async function recordAudit(db: DbExecutor, record: AuditRecord): Promise<void> {
  const changes = changedFields(record.before, record.after);
  if (Object.keys(changes).length === 0) return;
  await insertAuditEntry(db, {
    actorId: record.actorId,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    changes,
  });
}

/** Columns derived from others or stamped on every write: never news in the trail. */
const derivedColumns = new Set(['updatedAt', 'searchText']);

/**
 * Writes the change of one stored row (null before a creation, null after a deletion) by `actorId`,
 * its derived columns left out. Call it with the transaction of the change.
 */
export function recordRowChange<Row extends { id: string }>(
  db: DbExecutor,
  change: {
    actorId: string;
    action: string;
    entityType: AuditEntityType;
    before: Row | null;
    after: Row | null;
  },
): Promise<void> {
  const snapshot = (row: Row | null): AuditSnapshot | null =>
    row &&
    Object.fromEntries(Object.entries(row).filter(([column]) => !derivedColumns.has(column)));
  return recordAudit(db, {
    actorId: change.actorId,
    action: change.action,
    entityType: change.entityType,
    entityId: (change.after ?? change.before)!.id,
    before: snapshot(change.before),
    after: snapshot(change.after),
  });
}

/** The permission that lets a reader see an entity type's changes. */
const entityTypeReaders = {
  user: 'users.view',
  settings: 'settings.view',
  product: 'products.view',
  quotation: 'quotations.view',
  invoice: 'invoices.view',
  crash_report: 'settings.view',
  ota_version: 'settings.view',
} as const satisfies Record<AuditEntityType, Permission>;

/** The entity types whose changes a reader may see. */
function visibleEntityTypes(reader: AuthUser): AuditEntityType[] {
  return auditEntityTypes.filter((type) => hasPermission(reader, entityTypeReaders[type]));
}

/** The reader's filter: the entity types asked for, if the reader may see them (else 403). */
function readerFilter(reader: AuthUser, query: ExportAuditQuery): AuditFilter {
  const visible = visibleEntityTypes(reader);
  if (query.entityType && !visible.includes(query.entityType)) throw forbidden();
  return {
    entityTypes: query.entityType ? [query.entityType] : visible,
    entityId: query.entityId,
    actorId: query.actorId,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
  };
}

type ActorNames = Awaited<ReturnType<typeof userNamesById>>;

/** The entries with their actors' names (read through the users module in one query). */
async function withActors(db: DbExecutor, entries: readonly AuditLogRow[]): Promise<AuditEntry[]> {
  const actorIds = entries.flatMap((entry) => (entry.actorId ? [entry.actorId] : []));
  const names = await userNamesById(db, actorIds);
  return entries.map((entry) => presentEntry(entry, names));
}

function presentEntry(entry: AuditLogRow, names: ActorNames): AuditEntry {
  const actor = entry.actorId ? (names.get(entry.actorId) ?? null) : null;
  return {
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType as AuditEntityType,
    entityId: entry.entityId,
    actor,
    changes: entry.changes as Record<string, AuditChange>,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** One page of the trail, limited to what the reader may see (403 when asking for more). */
export async function listAuditEntries(
  db: DbExecutor,
  reader: AuthUser,
  query: ListAuditQuery,
): Promise<ListAuditResponse> {
  const { rows, totalCount } = await findAuditPage(db, {
    ...readerFilter(reader, query),
    page: query.page,
    limit: query.limit,
  });
  return {
    success: true,
    data: {
      entries: await withActors(db, rows),
      pagination: buildPagination(query.page, query.limit, totalCount),
    },
  };
}

/** A value of the trail as a CSV cell: text as it is, anything else as JSON. */
const cellOf = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/**
 * GET /api/audit/export: every matching entry the reader may see, as 'audit-trail-{date}.csv',
 * one line per changed field, streamed in keyset batches.
 */
export function exportAuditEntries(
  db: DbExecutor,
  reader: AuthUser,
  query: ExportAuditQuery,
  now: Date = new Date(),
): CsvDownload {
  const filter = readerFilter(reader, query);
  async function* lines() {
    for await (const batch of allAuditEntries(db, filter)) {
      yield (await withActors(db, batch)).flatMap((entry) => {
        const who = entry.actor ? entry.actor.fullName || entry.actor.username : 'Deleted user';
        const head = [entry.createdAt, who, entry.action, entry.entityType, entry.entityId];
        const fields = Object.entries(entry.changes);
        return fields.length === 0
          ? [[...head, '', '', '']]
          : fields.map(([field, change]) => [
              ...head,
              field,
              cellOf(change.before),
              cellOf(change.after),
            ]);
      });
    }
  }
  return {
    fileName: `audit-trail-${businessDay(now)}.csv`,
    header: ['When (UTC)', 'Who', 'Action', 'Entity type', 'Entity id', 'Field', 'Before', 'After'],
    batches: lines(),
  };
}
