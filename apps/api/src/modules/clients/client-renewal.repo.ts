import { eq, sql, type SQL } from 'drizzle-orm';
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

/** What the renewals view shows of a client beside its keys. */
export interface RenewalClientFacts {
  companyId: string;
  companyName: string;
  autoRenewal: boolean;
}

/**
 * A client's renewal facts as a scalar subquery (a json object, null when no client has the id),
 * for another module's statement to attach to rows naming the client.
 */
export function renewalClientOf(clientId: SQL): SQL<RenewalClientFacts | null> {
  return sql<RenewalClientFacts | null>`select json_build_object(
      'companyId', ${clients.companyId},
      'companyName', ${clients.companyName},
      'autoRenewal', ${clients.autoRenewal})
    from ${clients} where ${clients.id} = ${clientId}`;
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
