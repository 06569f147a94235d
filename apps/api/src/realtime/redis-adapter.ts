import type { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { duplicateRedis, type RedisClient } from '../redis/redis-client';

/** The socket.io adapter over Redis pub/sub and how to release the connection it added. */
export interface RedisAdapterConnection {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * Builds the adapter on the process's Redis connection (it publishes there) and a subscriber
 * connection of its own (pub/sub needs one), so an event emitted by one API process reaches the
 * sockets of every process. Rejects when Redis does not answer.
 */
export async function connectRedisAdapter(
  redis: RedisClient,
  logger: Logger,
): Promise<RedisAdapterConnection> {
  const { createAdapter: adapterOver } = await import('@socket.io/redis-adapter');
  const subscriber = await duplicateRedis(redis, logger);
  return {
    adapter: adapterOver(redis, subscriber),
    close: async () => {
      await subscriber.close();
    },
  };
}
