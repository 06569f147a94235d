import type { DbExecutor } from '../../db/client';
import type { ClientRow } from '../../db/schema';
import { findClientByCompanyIdForUpdate } from './clients.repo';
import { findClientsByIds, updateAutoRenewal } from './client-renewal.repo';

export { renewalClientOf } from './client-renewal.repo';

/** Clients by row id, keyed by id (the renewals view and run name their clients). */
export async function clientsByIds(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, ClientRow>> {
  const rows = await findClientsByIds(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Sets a client's auto-renewal inside the caller's transaction (which audits it); answers the
 * client before and after, or undefined when no client has this companyId.
 */
export async function setAutoRenewal(
  tx: DbExecutor,
  companyId: string,
  autoRenewal: boolean,
): Promise<{ before: ClientRow; after: ClientRow } | undefined> {
  const before = await findClientByCompanyIdForUpdate(tx, companyId);
  if (!before) return undefined;
  const after = await updateAutoRenewal(tx, before.id, autoRenewal);
  return after && { before, after };
}
