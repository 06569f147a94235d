import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import { createClient } from 'redis';

const connectTimeoutMs = 10_000;

/** The socket.io adapter over Redis pub/sub and how to release its two connections. */
export interface RedisAdapterConnection {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * Connects a publisher and a subscriber (pub/sub needs a connection of its own) and builds the
 * adapter on them, so an event emitted by one API process reaches the sockets of every process.
 * Rejects when Redis does not answer: a process that silently kept its events to itself would
 * look healthy while half the consoles stopped updating.
 */
export async function connectRedisAdapter(
  redisUrl: string,
  logger: Logger,
): Promise<RedisAdapterConnection> {
  const pubClient = createClient({ url: redisUrl });
  const subClient = pubClient.duplicate();
  for (const client of [pubClient, subClient]) {
    // Without a listener a dropped connection would crash the process; the client reconnects.
    client.on('error', (error: Error) => logger.warn({ err: error }, 'realtime Redis error'));
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`Redis did not answer within ${connectTimeoutMs / 1000} s`)),
      connectTimeoutMs,
    );
  });
  try {
    // The client retries forever on its own; start-up should fail instead of hanging.
    await Promise.race([Promise.all([pubClient.connect(), subClient.connect()]), timeout]);
  } catch (error) {
    pubClient.destroy();
    subClient.destroy();
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    adapter: createAdapter(pubClient, subClient),
    close: async () => {
      await Promise.allSettled([pubClient.close(), subClient.close()]);
    },
  };
}
