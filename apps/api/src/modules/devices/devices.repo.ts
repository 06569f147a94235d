import { and, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { clients, licences, type LicenceRow } from '../../db/schema';
import type { OwnedLicence } from '../licences/licences.repo';

/** The bound licence (with its client) whose device token hashes to `tokenHash`. */
export async function findLicenceByDeviceTokenHash(
  db: DbExecutor,
  tokenHash: string,
): Promise<OwnedLicence | undefined> {
  const [row] = await db
    .select({ licence: licences, client: clients })
    .from(licences)
    .innerJoin(clients, eq(clients.id, licences.clientId))
    .where(and(eq(licences.deviceTokenHash, tokenHash), eq(licences.bound, true)))
    .limit(1);
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
 * Records a report from the device holding `tokenHash`. Answers nothing when the licence was
 * unbound or deleted since the token was checked.
 */
export async function recordDeviceActivity(
  db: DbExecutor,
  id: string,
  tokenHash: string,
  now: Date,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({ lastDeviceActivity: now })
    .where(
      and(eq(licences.id, id), eq(licences.deviceTokenHash, tokenHash), eq(licences.bound, true)),
    )
    .returning();
  return row;
}
