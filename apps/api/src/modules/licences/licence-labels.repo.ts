import { inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { licences } from '../../db/schema';

/** Key and client of each licence among `ids` that still exists. */
export function findLicenceKeys(
  db: DbExecutor,
  ids: readonly string[],
): Promise<{ id: string; key: string; clientId: string }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: licences.id, key: licences.key, clientId: licences.clientId })
    .from(licences)
    .where(inArray(licences.id, [...ids]));
}
