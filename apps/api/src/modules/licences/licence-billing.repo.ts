import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import {
  licenceIssuances,
  licences,
  type LicenceIssuanceRow,
  type LicenceRow,
  type NewLicenceIssuanceRow,
} from '../../db/schema';

// Queries of licences sold through billing: the issuance record and the keys it names.

/** What an invoice issued or extended, by line and slot. */
export function findIssuances(db: DbExecutor, invoiceId: string): Promise<LicenceIssuanceRow[]> {
  return db
    .select()
    .from(licenceIssuances)
    .where(eq(licenceIssuances.invoiceId, invoiceId))
    .orderBy(asc(licenceIssuances.issuedAt), asc(licenceIssuances.slot), asc(licenceIssuances.id));
}

/**
 * Records one issuance; on a (line, slot) already recorded nothing is written and undefined is
 * answered, so a retried or raced issuing never records a key twice.
 */
export async function insertIssuance(
  db: DbExecutor,
  row: NewLicenceIssuanceRow,
): Promise<LicenceIssuanceRow | undefined> {
  const [written] = await db
    .insert(licenceIssuances)
    .values(row)
    .onConflictDoNothing({ target: [licenceIssuances.invoiceLineId, licenceIssuances.slot] })
    .returning();
  return written;
}

/** Marks issuances revoked (only those not revoked yet) and answers them. */
export function markIssuancesRevoked(
  db: DbExecutor,
  ids: readonly string[],
  by: { revokedAt: Date; revokedBy: string },
): Promise<LicenceIssuanceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .update(licenceIssuances)
    .set(by)
    .where(and(inArray(licenceIssuances.id, [...ids]), isNull(licenceIssuances.revokedAt)))
    .returning();
}

/** The client's licences among `ids`, locked in id order (no deadlock between two renewals). */
export function lockClientLicences(
  db: DbExecutor,
  clientId: string,
  ids: readonly string[],
): Promise<LicenceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(licences)
    .where(and(eq(licences.clientId, clientId), inArray(licences.id, [...ids])))
    .orderBy(asc(licences.id))
    .for('update');
}

/** The client holding each of `ids` (an id that names no licence is absent). */
export async function findLicenceHolders(
  db: DbExecutor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: licences.id, clientId: licences.clientId })
    .from(licences)
    .where(inArray(licences.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.clientId]));
}

/** Sets what paid for a licence and, for an extension, its new expiry. */
export async function markLicencePaid(
  db: DbExecutor,
  id: string,
  values: { paidByInvoiceId: string; paidByLineId: string; validUntil?: Date },
): Promise<LicenceRow> {
  const [row] = await db.update(licences).set(values).where(eq(licences.id, id)).returning();
  return row!;
}

/** Licences by id, locked. */
export function lockLicencesByIds(db: DbExecutor, ids: readonly string[]): Promise<LicenceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(licences)
    .where(inArray(licences.id, [...ids]))
    .orderBy(asc(licences.id))
    .for('update');
}

/** The invoice number of each paying line ("Paid by INV-..."), read from the issuance record. */
export async function findPaidByNumbers(
  db: DbExecutor,
  lineIds: readonly string[],
): Promise<Map<string, string>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([licenceIssuances.invoiceLineId], {
      lineId: licenceIssuances.invoiceLineId,
      invoiceNumber: licenceIssuances.invoiceNumber,
    })
    .from(licenceIssuances)
    .where(inArray(licenceIssuances.invoiceLineId, [...lineIds]))
    .orderBy(licenceIssuances.invoiceLineId);
  return new Map(rows.map((row) => [row.lineId, row.invoiceNumber]));
}

/** Sets a licence's expiry back (a revoked extension), only while it is still what was set. */
export async function restoreLicenceExpiry(
  db: DbExecutor,
  id: string,
  from: Date | null,
  to: Date | null,
): Promise<LicenceRow | undefined> {
  const [row] = await db
    .update(licences)
    .set({ validUntil: to })
    .where(
      and(
        eq(licences.id, id),
        from === null
          ? isNull(licences.validUntil)
          : sql`${licences.validUntil} = ${from.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}
