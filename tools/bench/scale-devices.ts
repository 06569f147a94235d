import type { Request } from 'autocannon';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { scaleDeviceToken } from '../seed-scale/plan';
import { measureThroughput } from './load';

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

/**
 * The app's update check, from each of `keys`'s devices in turn (from `start.at`, which advances):
 * a device call that writes nothing.
 */
export function updateCheckFrom(keys: readonly string[], start: { at: number }) {
  return {
    method: 'GET' as const,
    path: '/api/ota/mobile/check?versionCode=240&versionName=2.4.0-sim',
    setupRequest: (request: Request) => ({
      ...request,
      headers: {
        ...request.headers,
        authorization: `Bearer ${scaleDeviceToken(keys[start.at++ % keys.length]!)}`,
      },
    }),
  };
}

/**
 * One update check from every device, so that the API holds each device's session as in steady
 * operation (a fleet calls far more often than a session is re-read) before a device load is
 * measured.
 */
export async function warmDeviceSessions(url: string, keys: readonly string[]): Promise<void> {
  await measureThroughput({
    url,
    connections: 50,
    durationSeconds: 60,
    amount: keys.length,
    requests: [updateCheckFrom(keys, { at: 0 })],
  });
}
