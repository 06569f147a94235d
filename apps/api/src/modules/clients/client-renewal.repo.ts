import { eq, inArray } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { clients, type ClientRow } from '../../db/schema';

/** Clients by row id. */
export function findClientsByIds(db: DbExecutor, ids: readonly string[]): Promise<ClientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(clients)
    .where(inArray(clients.id, [...ids]));
}

/** Sets the client's auto-renewal; answers the row as it now is. */
export async function updateAutoRenewal(
  db: DbExecutor,
  id: string,
  autoRenewal: boolean,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ autoRenewal, updatedAt: new Date() })
    .where(eq(clients.id, id))
    .returning();
  return row;
}
