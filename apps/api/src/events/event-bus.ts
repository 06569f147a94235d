import { EventEmitter } from 'node:events';
import type { ServerToClientEventName, ServerToClientPayload } from '@patrol/contracts';

/**
 * Events the API processes tell each other and never send to a socket as such.
 * sessionEnded: a session was signed out or revoked (`sessionId`), or every session of the user
 * so far was ended (no `sessionId`: password change or reset, suspension, two-factor reset); its
 * sockets are closed at once on every process.
 */
export interface InternalEventPayloads {
  sessionEnded: { userId: string; sessionId?: string };
}
export type InternalEventName = keyof InternalEventPayloads;

type BusEventName = ServerToClientEventName | InternalEventName;
type BusPayload<E extends BusEventName> = E extends ServerToClientEventName
  ? ServerToClientPayload<E>
  : E extends InternalEventName
    ? InternalEventPayloads[E]
    : never;

/**
 * The port through which services announce changes. Services publish only after their
 * transaction has committed, so a listener never sees a change that was rolled back.
 */
export interface DomainEvents {
  publish<E extends BusEventName>(event: E, payload: BusPayload<E>): void;
}

/**
 * One published event, as subscribers receive it (narrow on `event` to type the payload).
 * `remote` marks an event another API process published, relayed here through Redis.
 */
export type PublishedEvent = {
  [E in BusEventName]: {
    event: E;
    payload: BusPayload<E>;
    remote?: true;
  };
}[BusEventName];

/** The in-process bus: services publish on it, the realtime server subscribes to it. */
export interface EventBus extends DomainEvents {
  /** Calls `listener` with every event published from now on; returns the unsubscribe function. */
  subscribe(listener: (published: PublishedEvent) => void): () => void;
  /** Hands subscribers an event another process published (see events/event-relay.ts). */
  deliverRemote(published: PublishedEvent): void;
}

const channel = 'event';

/**
 * An EventEmitter-backed bus. A listener that throws is reported to `onListenerError` and never
 * reaches the publisher: the change is committed, so the request that made it must still succeed.
 */
export function createEventBus(
  onListenerError: (error: unknown, published: PublishedEvent) => void = () => {},
): EventBus {
  const emitter = new EventEmitter();
  // The realtime server, tests and tools may all listen; the default cap of 10 would warn.
  emitter.setMaxListeners(0);
  const deliver = (published: PublishedEvent) => {
    for (const listener of emitter.listeners(channel)) {
      try {
        (listener as (published: PublishedEvent) => void)(published);
      } catch (error) {
        onListenerError(error, published);
      }
    }
  };
  return {
    publish(event, payload) {
      deliver({ event, payload } as PublishedEvent);
    },
    deliverRemote(published) {
      deliver({ ...published, remote: true });
    },
    subscribe(listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
  };
}
