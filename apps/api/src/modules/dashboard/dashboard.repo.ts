import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { invoices, refreshTokens, users } from '../../db/schema';

/**
 * Staff accounts, and how many of the active ones are signed in (hold a refresh token that is
 * neither revoked nor expired): the closest measure of "active users" the sessions give.
 */
export async function staffUserCounts(db: DbExecutor, now: Date) {
  const [all] = await db.select({ value: count() }).from(users);
  const [signedIn] = await db
    .select({ value: sql<number>`count(distinct ${users.id})`.mapWith(Number) })
    .from(users)
    .innerJoin(refreshTokens, eq(refreshTokens.userId, users.id))
    .where(
      and(
        eq(users.status, 'active'),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    );
  return { total: all?.value ?? 0, signedIn: signedIn?.value ?? 0 };
}

/** Money received on invoices that stand (not voided), in sen. */
export async function receivedRevenueSen(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({
      sen: sql<string>`coalesce(sum(${invoices.paidAmount}), 0) * 100`,
    })
    .from(invoices)
    .where(eq(invoices.isVoided, false));
  return Math.round(Number(row?.sen ?? 0));
}
