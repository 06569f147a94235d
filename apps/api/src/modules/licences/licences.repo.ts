import type { LicenceStatusFilter, LicenceType } from '@patrol/contracts';
import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import { likePattern } from '../../db/like-pattern';
import type { DbExecutor } from '../../db/client';
import { licences, type LicenceRow, type NewLicenceRow } from '../../db/schema';

/** A licence by key, optionally locking its row until the transaction ends. */
export async function findLicenceByKey(
  db: DbExecutor,
  key: string,
  options: { forUpdate?: boolean } = {},
): Promise<LicenceRow | undefined> {
  const query = db.select().from(licences).where(eq(licences.key, key)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

/**
 * Inserts the new licences, skipping any whose key already exists, and answers the rows written:
 * the caller generates fresh keys for the ones skipped. Nothing fails, so the transaction survives.
 */
export function insertLicencesSkippingTakenKeys(
  db: DbExecutor,
  rows: readonly NewLicenceRow[],
): Promise<LicenceRow[]> {
  return db
    .insert(licences)
    .values([...rows])
    .onConflictDoNothing({ target: licences.key })
    .returning();
}

/**
 * Binds the licence to a device, only if it is still unbound and unexpired at `now`. The condition
 * sits in the UPDATE itself, so of two concurrent binds exactly one finds the row unbound; the
 * other gets no row back. A device activating itself brings its token's hash, and counts as
 * active from now; a bind from the console has not heard from the device yet.
 */
export async function bindLicenceIfAvailable(
  db: DbExecutor,
  id: string,
  device: { deviceId: string; projectName: string; tokenHash?: string },
  now: Date,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({
      bound: true,
      deviceId: device.deviceId,
      projectName: device.projectName,
      boundAt: now,
      lastDeviceActivity: device.tokenHash ? now : null,
      deviceTokenHash: device.tokenHash ?? null,
    })
    .where(
      and(
        eq(licences.id, id),
        eq(licences.bound, false),
        or(
          isNull(licences.validUntil),
          sql`${licences.validUntil} >= ${now.toISOString()}::timestamptz`,
        ),
      ),
    )
    .returning();
  return row;
}

/** Releases a bound licence: its device, project, activity and device token are cleared. */
export async function unbindLicenceIfBound(
  db: DbExecutor,
  id: string,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({
      bound: false,
      deviceId: null,
      projectName: null,
      boundAt: null,
      lastDeviceActivity: null,
      deviceTokenHash: null,
    })
    .where(and(eq(licences.id, id), eq(licences.bound, true)))
    .returning();
  return row;
}

/** Sets a new expiry. */
export async function updateLicenceExpiry(
  db: DbExecutor,
  id: string,
  validUntil: Date,
): Promise<LicenceRow> {
  const [row] = await db
    .update(licences)
    .set({ validUntil })
    .where(eq(licences.id, id))
    .returning();
  return row!;
}

/** Deletes a licence; its device token goes with the row, so the device is refused from now on. */
export async function deleteLicenceRow(db: DbExecutor, id: string): Promise<void> {
  await db.delete(licences).where(eq(licences.id, id));
}

/** Filter of one client's licences (the licences page card, the client detail). */
export interface ClientLicenceFilter {
  status?: LicenceStatusFilter;
  licenseType?: LicenceType;
  search?: string;
  page: number;
  limit: number;
}

/**
 * One page of a client's licences, newest first, and how many match. Walks
 * licences_client_id_idx (client_id, created_at), so the cost grows with the client's licences,
 * never with the table.
 */
export async function findClientLicencesPage(
  db: DbExecutor,
  clientId: string,
  filter: ClientLicenceFilter,
  now: Date,
): Promise<{ rows: LicenceRow[]; totalCount: number }> {
  const where = and(
    eq(licences.clientId, clientId),
    filter.status ? statusCondition(filter.status, now) : undefined,
    filter.licenseType ? eq(licences.licenceType, filter.licenseType) : undefined,
    filter.search
      ? or(
          ilike(licences.key, likePattern(filter.search)),
          ilike(licences.deviceId, likePattern(filter.search)),
          ilike(licences.projectName, likePattern(filter.search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(licences)
      .where(where)
      .orderBy(desc(licences.createdAt), desc(licences.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ value: count() }).from(licences).where(where),
  ]);
  return { rows, totalCount: total?.value ?? 0 };
}

/** The display status of spec 1 section 4 as SQL: expired wins over bound and available. */
function statusCondition(status: LicenceStatusFilter, now: Date): SQL {
  const expired = sql`(${licences.validUntil} is not null and ${licences.validUntil} < ${now.toISOString()}::timestamptz)`;
  if (status === 'expired') return expired;
  return sql`not ${expired} and ${licences.bound} = ${status === 'bound'}`;
}
