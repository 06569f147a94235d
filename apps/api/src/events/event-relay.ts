import { processLocalEvents } from '@patrol/contracts';
import type { Logger } from 'pino';
import { duplicateRedis, type RedisClient } from '../redis/redis-client';
import type { EventBus, PublishedEvent } from './event-bus';

/** The Redis channel the API processes share their domain events on. */
export const eventRelayChannel = 'patrol:domain-events';

const staysInProcess: ReadonlySet<string> = new Set(processLocalEvents);

export interface RelayOptions {
  /**
   * Called with false when the subscription's connection drops (events published meanwhile are
   * lost to this process) and with true when it is back.
   */
  onConnectionChange?: (connected: boolean) => void;
}

/** The name of a process's relay subscription in Redis's CLIENT LIST. */
export function relayConnectionName(origin: string): string {
  return `patrol-relay-${origin}`;
}

interface RelayedEvent {
  origin: string;
  event: PublishedEvent['event'];
  payload: unknown;
}

/**
 * Shares domain events between API processes through Redis pub/sub: what this process publishes
 * goes to the others, and what they publish reaches this process's subscribers marked `remote`,
 * so every process drops its cached copies (accounts, device sessions, snapshots) at once rather
 * than when they expire. Sockets are not served from here: the process that published has already
 * reached every socket through the socket.io adapter. Answers the function that stops it.
 */
export async function relayEventsBetweenProcesses(
  bus: EventBus,
  redis: RedisClient,
  origin: string,
  logger: Logger,
  options: RelayOptions = {},
): Promise<() => Promise<void>> {
  const subscriber = await duplicateRedis(redis, logger, relayConnectionName(origin));
  watchConnection(subscriber, options.onConnectionChange);
  await subscriber.subscribe(eventRelayChannel, (message) => {
    let relayed: RelayedEvent;
    try {
      relayed = JSON.parse(message) as RelayedEvent;
    } catch {
      logger.warn('an unreadable relayed event was ignored');
      return;
    }
    if (relayed.origin === origin) return;
    bus.deliverRemote({ event: relayed.event, payload: relayed.payload } as PublishedEvent);
  });
  const unsubscribe = bus.subscribe((published) => {
    if (published.remote || staysInProcess.has(published.event)) return;
    const message: RelayedEvent = { origin, event: published.event, payload: published.payload };
    redis
      .publish(eventRelayChannel, JSON.stringify(message))
      .catch((error: unknown) => logger.warn({ err: error }, 'relaying an event failed'));
  });
  return async () => {
    unsubscribe();
    await subscriber.unsubscribe(eventRelayChannel).catch(() => {});
    subscriber.destroy();
  };
}

/** Reports each change of the subscription's connection once (a drop emits several events). */
function watchConnection(
  subscriber: RedisClient,
  onChange: RelayOptions['onConnectionChange'],
): void {
  if (!onChange) return;
  let connected = true;
  const report = (now: boolean) => {
    if (now === connected) return;
    connected = now;
    onChange(now);
  };
  subscriber.on('error', () => report(false));
  subscriber.on('reconnecting', () => report(false));
  subscriber.on('end', () => report(false));
  subscriber.on('ready', () => report(true));
}
