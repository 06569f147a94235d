import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { backupCodes, oneTimeTokens, refreshTokens, type OneTimeTokenRow } from '../../db/schema';

export type OneTimeTokenPurpose = OneTimeTokenRow['purpose'];

/**
 * Serialises first-run registration: two concurrent requests would otherwise both see "no
 * superadmin" and both create one. Held until the surrounding transaction ends.
 */
export async function lockRegistration(db: DbExecutor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(720431906)`);
}

/** Replaces a user's backup codes with new hashed ones. */
export async function replaceBackupCodes(
  db: DbExecutor,
  userId: string,
  codeHashes: string[],
): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
  if (codeHashes.length > 0) {
    await db.insert(backupCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Marks an unused backup code as used; false when there is no such unused code. */
export async function consumeBackupCode(
  db: DbExecutor,
  userId: string,
  codeHash: string,
): Promise<boolean> {
  const updated = await db
    .update(backupCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(backupCodes.userId, userId),
        eq(backupCodes.codeHash, codeHash),
        isNull(backupCodes.usedAt),
      ),
    )
    .returning({ id: backupCodes.id });
  return updated.length > 0;
}

/** Deletes every backup code of a user. */
export async function deleteBackupCodes(db: DbExecutor, userId: string): Promise<void> {
  await db.delete(backupCodes).where(eq(backupCodes.userId, userId));
}

/** Stores a hashed one-time token. */
export async function insertOneTimeToken(
  db: DbExecutor,
  values: { userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values(values);
}

/** A one-time token of the given purpose by its hash, used or not. */
export async function findOneTimeToken(
  db: DbExecutor,
  purpose: OneTimeTokenPurpose,
  tokenHash: string,
): Promise<OneTimeTokenRow | undefined> {
  const [token] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.purpose, purpose), eq(oneTimeTokens.tokenHash, tokenHash)))
    .limit(1);
  return token;
}

/** Marks an unused, unexpired token as used; false when another request consumed it first. */
export async function consumeOneTimeToken(db: DbExecutor, id: string): Promise<boolean> {
  const now = new Date();
  const updated = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.id, id), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, now)),
    )
    .returning({ id: oneTimeTokens.id });
  return updated.length === 1;
}

/** Retires a user's unused tokens of one purpose, so only the newest link works. */
export async function retireOneTimeTokens(
  db: DbExecutor,
  userId: string,
  purpose: OneTimeTokenPurpose,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.userId, userId),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    );
}

/** Stores a hashed refresh token. */
export async function insertRefreshToken(
  db: DbExecutor,
  values: { id?: string; userId: string; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** A refresh token by its hash, whatever its state. */
export async function findRefreshToken(db: DbExecutor, tokenHash: string) {
  const [token] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return token;
}

/**
 * Marks a live refresh token as replaced by `replacedById`; false when it was already rotated or
 * revoked, which makes a concurrent second use of the same token count as reuse.
 */
export async function markRefreshTokenReplaced(
  db: DbExecutor,
  id: string,
  replacedById: string,
): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ replacedById, revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.id, id),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.replacedById),
      ),
    )
    .returning({ id: refreshTokens.id });
  return updated.length === 1;
}

/** True while a family (one signed-in session) has a token that is neither revoked nor expired. */
export async function isRefreshFamilyLive(db: DbExecutor, familyId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return live !== undefined;
}

/** Revokes every live token of a family. */
export async function revokeRefreshFamily(db: DbExecutor, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every live token of a user (password change, two-factor reset, sign-out). */
export async function revokeUserRefreshTokens(db: DbExecutor, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** How many of a user's backup codes are unused, and how many there are. */
export async function countBackupCodes(db: DbExecutor, userId: string) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      remaining: sql<number>`count(*) filter (where ${backupCodes.usedAt} is null)`.mapWith(Number),
    })
    .from(backupCodes)
    .where(eq(backupCodes.userId, userId));
  return { total: row?.total ?? 0, remaining: row?.remaining ?? 0 };
}

/** The accounts holding a refresh token that is neither revoked nor expired at `now`. */
export async function findSignedInUserIds(db: DbExecutor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(and(isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)));
  return rows.map((row) => row.userId);
}
