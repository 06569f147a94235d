import { isDeepStrictEqual } from 'node:util';
import { buildPagination } from '@patrol/contracts';
import { businessDay, visibleAuditEntityTypes } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { forbidden } from '../../http/app-error';
import type { AppContext } from '../../http/app-context';
import type { ActorName, AuditLabel } from '../../http/audit-names';
import type { AuthUser } from '../../http/authenticate';
import { actionInWords, labelFromChanges } from './audit-labels';
import {
  allAuditEntries,
  findAuditPage,
  insertAuditEntries,
  insertAuditEntry,
  type AuditFilter,
  type NewAuditEntry,
} from './audit.repo';
import type { AuditLogRow } from '../../db/schema';
import type { CsvDownload } from '../../http/csv';
import {
  auditEntityTypes,
  defaultCompanyTimeZone,
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
  /** The HTTP request of the change (`actor.requestId`); none outside a request. */
  requestId?: string | null;
}

/**
 * Writes the change to the trail with its changed fields only. Call it with the transaction of the
 * change itself. A change that changed nothing is not recorded.
 */
export async function recordAudit(db: DbExecutor, record: AuditRecord): Promise<void> {
  const entry = auditEntryOf(record);
  if (entry) await insertAuditEntry(db, entry);
}

/** Writes several changes as recordAudit does, in one statement and in their order. */
export async function recordAudits(db: DbExecutor, records: readonly AuditRecord[]): Promise<void> {
  await insertAuditEntries(
    db,
    records.flatMap((record) => auditEntryOf(record) ?? []),
  );
}

/** The trail's entry of a change; none for a change that changed nothing. */
function auditEntryOf(record: AuditRecord): NewAuditEntry | null {
  const changes = changedFields(record.before, record.after);
  if (Object.keys(changes).length === 0) return null;
  return {
    actorId: record.actorId,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId,
    changes,
    requestId: record.requestId ?? null,
  };
}

/** Who made a change of some rows (null: nobody signed in), in which request, and what it is called. */
interface RowChangeHead {
  actorId: string | null;
  /** The x-request-id of the change (`actor.requestId`). */
  requestId?: string | null;
  action: string;
  entityType: AuditEntityType;
}

/** Columns derived from others or stamped on every write: never news in the trail. */
const derivedColumns = new Set(['updatedAt', 'searchText']);

/**
 * Writes the change of one stored row (null before a creation, null after a deletion) by `actorId`,
 * its derived columns left out. Call it with the transaction of the change.
 */
export function recordRowChange<Row extends { id: string }>(
  db: DbExecutor,
  change: RowChangeHead & { before: Row | null; after: Row | null },
): Promise<void> {
  return recordAudit(db, rowChangeRecord(change));
}

/** The trail's record of one row's change, its derived columns left out. */
function rowChangeRecord<Row extends { id: string }>(
  change: RowChangeHead & { before: Row | null; after: Row | null },
): AuditRecord {
  const snapshot = (row: Row | null): AuditSnapshot | null =>
    row &&
    Object.fromEntries(Object.entries(row).filter(([column]) => !derivedColumns.has(column)));
  return {
    actorId: change.actorId,
    requestId: change.requestId,
    action: change.action,
    entityType: change.entityType,
    entityId: (change.after ?? change.before)!.id,
    before: snapshot(change.before),
    after: snapshot(change.after),
  };
}

/**
 * The changes of several rows of one kind (payment entries of an invoice, say), matched by id: a
 * row only after is a creation, a row only before a removal, one row per entry in the trail.
 */
export async function recordRowChanges<Row extends { id: string }>(
  db: DbExecutor,
  change: RowChangeHead & { before: readonly Row[]; after: readonly Row[] },
): Promise<void> {
  const before = new Map(change.before.map((row) => [row.id, row]));
  const after = new Map(change.after.map((row) => [row.id, row]));
  await recordAudits(
    db,
    [...new Set([...before.keys(), ...after.keys()])].map((id) =>
      rowChangeRecord({ ...change, before: before.get(id) ?? null, after: after.get(id) ?? null }),
    ),
  );
}

/**
 * A document row with its lines, as the trail records a document: each line without its own id
 * or its parent's id, so replacing identical lines is no change.
 */
export function withLines<Row extends { id: string }>(
  row: Row,
  lines: readonly object[],
): Row & { lines: AuditSnapshot[] } {
  return {
    ...row,
    lines: lines.map((line) =>
      Object.fromEntries(
        Object.entries(line).filter(([key, value]) => key !== 'id' && value !== row.id),
      ),
    ),
  };
}

/** The entity types whose changes a reader may see (the shared map in libs/domain). */
function visibleEntityTypes(reader: AuthUser): AuditEntityType[] {
  return visibleAuditEntityTypes(reader, auditEntityTypes);
}

/** The reader's filter: the entity types asked for, if the reader may see them (else 403). */
function readerFilter(reader: AuthUser, query: ExportAuditQuery, timeZone: string): AuditFilter {
  const visible = visibleEntityTypes(reader);
  if (query.entityType && !visible.includes(query.entityType)) throw forbidden();
  return {
    entityTypes: query.entityType ? [query.entityType] : visible,
    entityId: query.entityId,
    actorId: query.actorId,
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    timeZone,
  };
}

type ActorNames = Map<string, ActorName>;

/** What reading the trail needs: the database and the names other modules own. */
type AuditReadDeps = Pick<AppContext, 'db' | 'auditNames'>;

const unlabelled: AuditLabel = { label: null, clientName: null };

function presentEntry(
  entry: AuditLogRow,
  names: ActorNames,
  label: AuditLabel = unlabelled,
): AuditEntry {
  const actor = entry.actorId ? (names.get(entry.actorId) ?? null) : null;
  return {
    id: entry.id,
    action: entry.action,
    actionLabel: actionInWords(entry.action),
    entityType: entry.entityType as AuditEntityType,
    entityId: entry.entityId,
    entityLabel: label.label,
    clientName: label.clientName,
    actor,
    changes: entry.changes as Record<string, AuditChange>,
    createdAt: entry.createdAt.toISOString(),
    requestId: entry.requestId,
  };
}

/** The entries with their actors' names and what each is about, looked up for the whole page. */
async function presentLabelled(
  { db, auditNames }: AuditReadDeps,
  rows: readonly AuditLogRow[],
): Promise<AuditEntry[]> {
  const entries = rows.map((entry) => ({
    entityType: entry.entityType,
    entityId: entry.entityId,
    changes: entry.changes as Record<string, AuditChange>,
  }));
  const actorIds = rows.flatMap((entry) => (entry.actorId ? [entry.actorId] : []));
  const [labels, names] = [
    await auditNames.labels(db, entries),
    await auditNames.actors(db, actorIds),
  ];
  return rows.map((row, index) => {
    const entry = entries[index]!;
    const found = labels.get(`${entry.entityType}:${entry.entityId}`);
    const fallback = labelFromChanges(entry);
    return presentEntry(row, names, {
      label: found?.label ?? fallback.label,
      clientName: found?.clientName ?? fallback.clientName,
    });
  });
}

/** One page of the trail, limited to what the reader may see (403 when asking for more). */
export async function listAuditEntries(
  deps: AuditReadDeps,
  reader: AuthUser,
  query: ListAuditQuery,
): Promise<ListAuditResponse> {
  const timeZone = await deps.auditNames.timeZone(deps.db);
  const { rows, totalCount } = await findAuditPage(deps.db, {
    ...readerFilter(reader, query, timeZone),
    page: query.page,
    limit: query.limit,
  });
  return {
    success: true,
    data: {
      entries: await presentLabelled(deps, rows),
      pagination: buildPagination(query.page, query.limit, totalCount),
      timeZone,
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
 * one line per changed field with its document or record named, streamed in keyset batches.
 */
export function exportAuditEntries(
  deps: AuditReadDeps,
  reader: AuthUser,
  query: ExportAuditQuery,
  now: Date = new Date(),
): CsvDownload {
  // Checked now, so a reader asking for what they may not see gets 403 before any byte.
  const visible = readerFilter(reader, query, defaultCompanyTimeZone);
  async function* lines() {
    const filter = { ...visible, timeZone: await deps.auditNames.timeZone(deps.db) };
    for await (const batch of allAuditEntries(deps.db, filter)) {
      yield (await presentLabelled(deps, batch)).flatMap((entry) => {
        const who = entry.actor ? entry.actor.fullName || entry.actor.username : 'Deleted user';
        const head = [
          entry.createdAt,
          who,
          entry.action,
          entry.entityType,
          entry.entityId,
          entry.entityLabel ?? '',
          entry.clientName ?? '',
          entry.requestId ?? '',
        ];
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
    header: [
      'When (UTC)',
      'Who',
      'Action',
      'Entity type',
      'Entity id',
      'Document or record',
      'Client',
      'Request id',
      'Field',
      'Before',
      'After',
    ],
    batches: lines(),
  };
}
