import { and, gte, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import { quotationItems, quotations } from '../../db/schema';
import { isAnyOf } from '../../db/any-of';

/** Quotations still open (draft, sent or accepted, and within their validity). */
function openOn(today: string) {
  return and(
    inArray(quotations.status, ['draft', 'sent', 'accepted']),
    gte(quotations.validUntil, dayStart(today)),
  );
}

/** The licence ids named by renewal lines of these clients' open quotations. */
export async function findRenewalKeysInOpenQuotations(
  db: DbExecutor,
  clientIds: readonly string[],
  today: string,
): Promise<string[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select({ id: sql<string>`unnest(${quotationItems.renewalLicenceIds})` })
    .from(quotationItems)
    .innerJoin(quotations, sql`${quotations.id} = ${quotationItems.quotationId}`)
    .where(
      and(
        isAnyOf(quotations.clientId, clientIds),
        openOn(today),
        sql`${quotationItems.renewalLicenceIds} is not null`,
      ),
    );
  return rows.map((row) => row.id);
}

/** Which of `ids` are open quotations. */
export async function findOpenQuotationIds(
  db: DbExecutor,
  ids: readonly string[],
  today: string,
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: quotations.id })
    .from(quotations)
    .where(and(isAnyOf(quotations.id, ids), openOn(today)));
  return new Set(rows.map((row) => row.id));
}
