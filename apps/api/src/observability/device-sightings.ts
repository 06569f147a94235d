import type { RedisClient } from '../redis/redis-client';

/**
 * Which devices reported recently, kept as they report: `licences.last_device_activity` has no
 * index on purpose (heartbeats rewrite it every second as HOT updates), so counting it per scrape
 * would read the whole table.
 */
export interface DeviceSightings {
  /** The devices (by licence id) whose reports were just written, and when they reported. */
  record(sightings: Iterable<{ licenceId: string; at: Date }>): Promise<void>;
  /** Devices that reported within the last `windowMs` (at most sightingsRetentionMs). */
  countSeenWithin(windowMs: number): Promise<number>;
}

/** Sightings older than this are forgotten: the gauge looks back 5 minutes ("Active Now"). */
export const sightingsRetentionMs = 5 * 60 * 1000;

/**
 * In process: a map kept in order of last sighting (a device seen again moves to the end), so
 * forgetting the old ones reads only those.
 */
export function createLocalDeviceSightings(now: () => number = Date.now): DeviceSightings {
  const seen = new Map<string, number>();
  const forgetOld = () => {
    const horizon = now() - sightingsRetentionMs;
    for (const [licenceId, at] of seen) {
      if (at >= horizon) break;
      seen.delete(licenceId);
    }
  };
  return {
    async record(sightings) {
      for (const { licenceId, at } of sightings) {
        seen.delete(licenceId);
        seen.set(licenceId, at.getTime());
      }
      forgetOld();
    },
    async countSeenWithin(windowMs) {
      forgetOld();
      const since = now() - windowMs;
      let count = 0;
      for (const at of seen.values()) if (at >= since) count += 1;
      return count;
    },
  };
}

/** Shared by every API process: one sorted set of licence ids scored by their last report. */
export function createRedisDeviceSightings(
  client: RedisClient,
  options: { key?: string; now?: () => number } = {},
): DeviceSightings {
  const key = options.key ?? 'patrol:devices:seen';
  const now = options.now ?? Date.now;
  return {
    async record(sightings) {
      const members = [...sightings].map(({ licenceId, at }) => ({
        score: at.getTime(),
        value: licenceId,
      }));
      if (members.length === 0) return;
      await client
        .multi()
        .zAdd(key, members)
        .zRemRangeByScore(key, '-inf', now() - sightingsRetentionMs)
        .pExpire(key, sightingsRetentionMs)
        .execAsPipeline();
    },
    async countSeenWithin(windowMs) {
      return client.zCount(key, now() - windowMs, '+inf');
    },
  };
}
