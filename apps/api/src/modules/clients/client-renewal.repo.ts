import { eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { prepared } from '../../db/prepared';
import { clients, type ClientRow } from '../../db/schema';

/** Clients by row id: a prepared statement (each renewals page names its clients). */
export function findClientsByIds(db: DbExecutor, ids: readonly string[]): Promise<ClientRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return prepared(db, 'clients_by_ids', () =>
    db
      .select()
      .from(clients)
      .where(sql`${clients.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('clients_by_ids'),
  ).execute({ ids: [...ids] });
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
