import type { LRUCache } from 'lru-cache';
import type { DbExecutor } from '../../db/client';
import type { AccountSource, TokenAccount } from '../../http/authenticate';
import { toAuthUser } from './auth.presenter';
import { findTokenAccountRow } from '../accounts/accounts.service';

/**
 * The accounts behind access tokens, read from the users table and held for a moment: every
 * signed-in request needs its account, and a console loads several calls at once. This process
 * forgets an account as soon as it changes it (suspension, role, permissions, password reset,
 * sign-out); another API process sees the change when its copy expires, within seconds.
 */
export function createAccountSource(
  db: DbExecutor,
  /** By user id; false for a user id with no account. */
  cache: LRUCache<string, TokenAccount | false>,
): AccountSource {
  return {
    async findAccount(userId, { fresh = false } = {}) {
      const held = fresh ? undefined : cache.get(userId);
      if (held !== undefined) return held || undefined;
      const row = await findTokenAccountRow(db, userId);
      const account = row
        ? {
            ...toAuthUser(row),
            twoFactorEnabled: row.twoFactorEnabled,
            sessionsValidAfter: row.sessionsValidAfter,
          }
        : false;
      cache.set(userId, account);
      return account || undefined;
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}
