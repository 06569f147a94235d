import { createHash, randomUUID } from 'node:crypto';
import type { RedisClient } from '../../redis/redis-client';

/** An access token and when to stop using it (shortly before it expires). */
export interface StoredToken {
  value: string;
  renewAt: number;
}

/**
 * Where the MyInvois access token is kept between calls. In process by default; in Redis when
 * `REDIS_URL` is set, so every process of `WORKERS` uses one token and one login an hour.
 */
export interface MyInvoisTokenStore {
  /** The stored token, when one is there and not yet due for renewal at `now`. */
  read(now: number): Promise<StoredToken | null>;
  write(token: StoredToken, now: number): Promise<void>;
  /** Forgets `value` (MyInvois refused it), unless another process has replaced it already. */
  discard(value: string): Promise<void>;
  /**
   * Runs `login` in one process at a time: a process that finds another logging in waits for
   * the token it stores instead of logging in too.
   */
  exclusive<T>(login: () => Promise<T>, waitForToken: () => Promise<T | null>): Promise<T>;
}

/** The token of one process only (no Redis): a login an hour per process. */
export function createLocalTokenStore(): MyInvoisTokenStore {
  let token: StoredToken | null = null;
  return {
    read: async (now) => (token && now < token.renewAt ? token : null),
    write: async (next) => {
      token = next;
    },
    discard: async (value) => {
      if (token?.value === value) token = null;
    },
    exclusive: (login) => login(),
  };
}

const lockMs = 15_000;
const waitStepMs = 200;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The token shared through Redis by every API process with the same client ID: `key` holds it
 * (expiring when it is due for renewal), `key:login` is the lock of the process logging in.
 * The key names a hash of the client ID, never the ID or the secret.
 */
export function createRedisTokenStore(
  redis: RedisClient,
  clientId: string,
  options: { prefix?: string; wait?: (ms: number) => Promise<void> } = {},
): MyInvoisTokenStore {
  const id = createHash('sha256').update(clientId).digest('hex').slice(0, 16);
  const key = `${options.prefix ?? 'patrol:myinvois:token:'}${id}`;
  const lockKey = `${key}:login`;
  const wait = options.wait ?? sleep;
  return {
    async read(now) {
      const text = await redis.get(key);
      if (!text) return null;
      const token = JSON.parse(text) as StoredToken;
      return now < token.renewAt ? token : null;
    },
    async write(token, now) {
      const ttl = Math.max(1, token.renewAt - now);
      await redis.set(key, JSON.stringify(token), { expiration: { type: 'PX', value: ttl } });
    },
    async discard(value) {
      const text = await redis.get(key);
      if (text && (JSON.parse(text) as StoredToken).value === value) await redis.del(key);
    },
    async exclusive(login, waitForToken) {
      const holder = randomUUID();
      const taken = await redis.set(lockKey, holder, {
        condition: 'NX',
        expiration: { type: 'PX', value: lockMs },
      });
      if (taken) {
        try {
          return await login();
        } finally {
          if ((await redis.get(lockKey)) === holder) await redis.del(lockKey);
        }
      }
      // Another process is logging in: its token is read as soon as it is stored.
      for (let waited = 0; waited < lockMs; waited += waitStepMs) {
        await wait(waitStepMs);
        const token = await waitForToken();
        if (token !== null) return token;
      }
      return login();
    },
  };
}
