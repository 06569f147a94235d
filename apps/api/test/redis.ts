import { createClient } from 'redis';

/** The Redis server tests use: REDIS_URL, else the local default. */
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when a Redis server answers PING within a second (tests needing one skip otherwise). */
export async function redisAnswers(url = testRedisUrl): Promise<boolean> {
  const client = createClient({ url, socket: { connectTimeout: 1_000, reconnectStrategy: false } });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    await client.close();
    return true;
  } catch {
    client.destroy();
    return false;
  }
}
