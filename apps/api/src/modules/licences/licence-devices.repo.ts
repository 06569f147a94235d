import type { TransferWindow } from '@patrol/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { licences, type LicenceRow } from '../../db/schema';

/**
 * The bound licence whose device token hashes to `tokenHash`. A prepared
 * statement: every device's session is read again every few seconds (the session cache), so
 * neither Drizzle nor PostgreSQL should build the query each time.
 */
export async function findLicenceByDeviceTokenHash(
  db: DbExecutor,
  tokenHash: string,
): Promise<LicenceRow | undefined> {
  const [row] = await prepared(db, 'licence_by_device_token', () =>
    db
      .select()
      .from(licences)
      .where(
        and(eq(licences.deviceTokenHash, sql.placeholder('tokenHash')), eq(licences.bound, true)),
      )
      .limit(1)
      .prepare('licence_by_device_token'),
  ).execute({ tokenHash });
  return row;
}

/** Replaces the token of a licence already bound to `deviceId` (the app was reinstalled). */
export async function replaceDeviceToken(
  db: DbExecutor,
  id: string,
  deviceId: string,
  tokenHash: string,
  now: Date,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({ deviceTokenHash: tokenHash, lastDeviceActivity: now })
    .where(and(eq(licences.id, id), eq(licences.bound, true), eq(licences.deviceId, deviceId)))
    .returning();
  return row;
}

/**
 * Counts an activation by the app on the licence it bound (or re-bound) and remembers the device;
 * `transfer` is the licence's window after a move to a new device.
 */
export async function recordDeviceActivation(
  db: DbExecutor,
  id: string,
  deviceId: string,
  now: Date,
  transfer?: TransferWindow,
): Promise<LicenceRow> {
  const [row] = await db
    .update(licences)
    .set({
      activationCount: sql`${licences.activationCount} + 1`,
      lastActivatedAt: now,
      lastDeviceId: deviceId,
      ...transfer,
    })
    .where(eq(licences.id, id))
    .returning();
  return row!;
}

/** One device's latest heartbeat, as the buffer hands it to the database. */
export interface HeartbeatWrite {
  licenceId: string;
  tokenHash: string;
  at: Date;
}

/**
 * Writes a batch of heartbeats in one statement whatever its size: each licence's
 * last_device_activity moves forward (never back) only while the reporting token is still the
 * bound device's. Answers the ids written; a missing id means its token was revoked meanwhile.
 * The batch travels as three arrays (unnest), not as a VALUES list of three parameters per
 * device: thousands of parameters a second cost the API more to build and PostgreSQL more to
 * parse and plan than the update itself.
 */
export async function writeHeartbeats(
  db: DbExecutor,
  writes: readonly HeartbeatWrite[],
): Promise<Set<string>> {
  const written = new Set<string>();
  if (writes.length === 0) return written;
  const ids = writes.map((write) => write.licenceId);
  const tokenHashes = writes.map((write) => write.tokenHash);
  const times = writes.map((write) => write.at.toISOString());
  const result = await db.execute<{ id: string }>(sql`
    update ${licences}
    set "last_device_activity" = greatest(${licences.lastDeviceActivity}, beat.at)
    from unnest(${sql.param(ids)}::uuid[], ${sql.param(tokenHashes)}::text[],
      ${sql.param(times)}::timestamptz[]) as beat(id, token_hash, at)
    where ${licences.id} = beat.id and ${licences.deviceTokenHash} = beat.token_hash
      and ${licences.bound}
    returning ${licences.id} as id`);
  for (const row of result.rows) written.add(row.id);
  return written;
}
