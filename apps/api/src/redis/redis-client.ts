import type { Logger } from 'pino';
import type { createClient } from 'redis';

// A client as `createClient({ url })` types it (ReturnType<typeof createClient> is the generic
// form, which the client's own methods do not accept).
const createRedisClient = (create: typeof createClient, url: string) => create({ url });

export type RedisClient = ReturnType<typeof createRedisClient>;

const connectTimeoutMs = 10_000;

/**
 * Connects the process's Redis client (rate-limit counters; the socket.io adapter publishes on it
 * and subscribes on a duplicate). Rejects when Redis does not answer within 10 s: a process that
 * silently kept its counters and events to itself would look healthy while misbehaving.
 */
export async function connectRedis(redisUrl: string, logger: Logger): Promise<RedisClient> {
  // Loaded only where Redis is configured: the client holds about 20 MiB resident.
  const { createClient: create } = await import('redis');
  const client = createRedisClient(create, redisUrl);
  watchRedisErrors(client, logger);
  await connectWithin(client, connectTimeoutMs);
  return client;
}

/**
 * A second connection on the same server (pub/sub needs one of its own), connected; `name` is
 * what Redis's CLIENT LIST shows for it.
 */
export async function duplicateRedis(
  client: RedisClient,
  logger: Logger,
  name?: string,
): Promise<RedisClient> {
  const duplicate = client.duplicate(name ? { name } : {});
  watchRedisErrors(duplicate, logger);
  await connectWithin(duplicate, connectTimeoutMs);
  return duplicate;
}

/** Without a listener a dropped connection would crash the process; the client reconnects. */
function watchRedisErrors(client: RedisClient, logger: Logger): void {
  client.on('error', (error: Error) => logger.warn({ err: error }, 'Redis connection error'));
}

async function connectWithin(client: RedisClient, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Redis did not answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
  });
  try {
    // The client retries forever on its own; start-up should fail instead of hanging.
    await Promise.race([client.connect(), timeout]);
  } catch (error) {
    client.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
