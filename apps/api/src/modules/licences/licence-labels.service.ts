import type { DbExecutor } from '../../db/client';
import { findLicenceKeys } from './licence-labels.repo';

/** Licence id -> its key and client's row id, for the audit trail's names of one page. */
export async function licenceKeysByIds(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, { key: string; clientId: string }>> {
  const rows = await findLicenceKeys(db, [...new Set(ids)]);
  return new Map(rows.map((row) => [row.id, { key: row.key, clientId: row.clientId }]));
}
