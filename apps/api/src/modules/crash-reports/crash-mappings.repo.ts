import { asc, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { crashMappings, type CrashMappingRow } from '../../db/schema';

/** The values of a newly uploaded mapping; its retrace job starts from the first report. */
export type NewCrashMapping = Pick<
  CrashMappingRow,
  'otaVersionId' | 'appVersion' | 'fileName' | 'fileSize' | 'checksum' | 'classCount' | 'uploadedBy'
>;

/**
 * Stores a version's mapping, replacing the one it had: the cursor and the finish are reset, so
 * the version's reports are retraced again with the new mapping. Answers the row and the file
 * name it replaced (to delete after commit).
 */
export async function upsertCrashMapping(
  db: DbExecutor,
  values: NewCrashMapping,
): Promise<{ row: CrashMappingRow; replacedFileName: string | null }> {
  const [previous] = await db
    .select({ fileName: crashMappings.fileName })
    .from(crashMappings)
    .where(eq(crashMappings.otaVersionId, values.otaVersionId))
    .for('update');
  const reset = { cursorCreatedAt: null, cursorId: null, retracedAt: null };
  const [row] = await db
    .insert(crashMappings)
    .values({ ...values, ...reset })
    .onConflictDoUpdate({
      target: crashMappings.otaVersionId,
      set: { ...values, ...reset, uploadedAt: sql`now()` },
    })
    .returning();
  return { row: row!, replacedFileName: previous?.fileName ?? null };
}

/** The mapping of an OTA version, if it has one. */
export async function findCrashMapping(
  db: DbExecutor,
  otaVersionId: string,
): Promise<CrashMappingRow | undefined> {
  const [row] = await db
    .select()
    .from(crashMappings)
    .where(eq(crashMappings.otaVersionId, otaVersionId));
  return row;
}

/** The mapping of the app version crash reports name, if it has one (by its unique index). */
export async function findCrashMappingOfAppVersion(
  db: DbExecutor,
  appVersion: string,
): Promise<Pick<CrashMappingRow, 'fileName' | 'checksum'> | undefined> {
  const [row] = await db
    .select({ fileName: crashMappings.fileName, checksum: crashMappings.checksum })
    .from(crashMappings)
    .where(eq(crashMappings.appVersion, appVersion));
  return row;
}

/** The mappings of several OTA versions (the versions list). */
export function findCrashMappings(db: DbExecutor, otaVersionIds: string[]) {
  if (otaVersionIds.length === 0) return Promise.resolve([]);
  return db.select().from(crashMappings).where(inArray(crashMappings.otaVersionId, otaVersionIds));
}

/** Deletes a version's mapping; answers the deleted row. */
export async function deleteCrashMapping(
  db: DbExecutor,
  otaVersionId: string,
): Promise<CrashMappingRow | undefined> {
  const [row] = await db
    .delete(crashMappings)
    .where(eq(crashMappings.otaVersionId, otaVersionId))
    .returning();
  return row;
}

/** An arbitrary constant naming the retrace job among the database's advisory locks. */
const retraceLockKey = 7_310_027;

/** Takes the retrace job's advisory lock for the transaction; false when another holds it. */
export async function tryLockRetraceJob(tx: DbExecutor): Promise<boolean> {
  const locked = await tx.execute<{ locked: boolean }>(
    sql`select pg_try_advisory_xact_lock(${retraceLockKey}) as locked`,
  );
  return Boolean(locked.rows[0]?.locked);
}

/** A mapping whose retrace job is running, with its cursor to the microsecond. */
export type PendingRetrace = CrashMappingRow & { cursorPosition: string | null };

/** The oldest mapping whose retrace job has not finished, locked for the batch. */
export async function findPendingRetrace(db: DbExecutor): Promise<PendingRetrace | undefined> {
  const [row] = await db
    .select({
      ...getTableColumns(crashMappings),
      cursorPosition: sql<string | null>`${crashMappings.cursorCreatedAt}::text`,
    })
    .from(crashMappings)
    .where(isNull(crashMappings.retracedAt))
    .orderBy(asc(crashMappings.uploadedAt))
    .limit(1)
    .for('update');
  return row;
}

/** Saves how far a retrace job has come (the last report's position and id), and whether it finished. */
export async function saveRetraceProgress(
  db: DbExecutor,
  otaVersionId: string,
  progress: { cursorPosition: string | null; cursorId: string | null; retracedAt: Date | null },
): Promise<void> {
  await db
    .update(crashMappings)
    .set({
      cursorCreatedAt:
        progress.cursorPosition === null ? null : sql`${progress.cursorPosition}::timestamptz`,
      cursorId: progress.cursorId,
      retracedAt: progress.retracedAt,
    })
    .where(eq(crashMappings.otaVersionId, otaVersionId));
}
