import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';

/**
 * Keys of up to `limit` licences of the scale data set bound to a device and good for at least
 * another hour, of active clients: each has a device token (scaleDeviceToken) the API accepts.
 */
export async function activeDeviceKeys(database: Database, limit: number): Promise<string[]> {
  const rows = await database.db.execute<{ key: string }>(sql`
    select l.key from licences l join clients c on c.id = l.client_id
    where l.bound and c.active and (l.valid_until is null or l.valid_until > now() + interval '1 hour')
    limit ${limit}`);
  return rows.rows.map((row) => row.key);
}
