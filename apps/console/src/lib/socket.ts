import {
  commonMessages,
  type ServerToClientEventName,
  type ServerToClientEvents,
  type ServerToClientPayload,
  type serverToClientEvents,
} from '@patrol/contracts';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

/**
 * The real-time connection (spec 1 section 4 "Socket connection"): one socket.io client at the
 * console's own origin, authenticated with the stored access token. Features never listen to it
 * directly; the realtime provider turns its events into query-cache updates.
 */

export type RealtimeStatus = 'connected' | 'connecting' | 'disconnected';

/** Window event raised when the server refuses the socket's token. */
export const socketAuthFailedEvent = 'socket_auth_failed';

/** Socket timeout: 10 s, 60 s in production (spec 1 section 9). */
export const socketTimeoutMs = import.meta.env.PROD ? 60_000 : 10_000;

/** How long development's socket test waits for a connection. */
export const socketTestTimeoutMs = 5_000;

/** Reconnect rules of spec 1 section 9. */
export const reconnectDelays = {
  afterDisconnectMs: 1_000,
  afterRateLimitMs: 30_000,
  backoffMinMs: 1_000,
  backoffMaxMs: 5_000,
} as const;

/** Events that carry client or business data; dropped when no token is stored. */
const sensitiveEvents = new Set<ServerToClientEventName>([
  'clientAdded',
  'clientUpdated',
  'licenceUpdated',
  'activityUpdated',
  'billingUpdated',
  'newCrashReport',
]);

const rateLimitPattern = /rate.?limit|too many/i;

type TypedSocket = Socket<ServerToClientEvents, Record<string, never>>;
type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => TypedSocket;
type EventSchemas = typeof serverToClientEvents;

type EventHandler<Name extends ServerToClientEventName> = (
  payload: ServerToClientPayload<Name>,
) => void;

export type RealtimeClientOptions = {
  getToken: () => string | null;
  /** Calls the listener when the stored token may have changed (this tab or another). */
  subscribeToToken: (listener: () => void) => () => void;
  /**
   * Runs after the server refused the token; expected to refresh it through the API client. A new
   * token then reconnects the socket.
   */
  refreshSession?: () => Promise<unknown>;
  /** Builds the socket.io client; tests pass a fake. */
  createSocket?: SocketFactory;
  /** Each event's payload schema; loaded with the first event when not given (tests give them). */
  eventSchemas?: EventSchemas;
};

/**
 * socket.io-client, loaded when a token first calls for a connection: the sign-in page never
 * downloads it.
 */
async function loadSocketFactory(): Promise<SocketFactory> {
  const { io } = await import('socket.io-client');
  return (options) => io(options) as TypedSocket;
}

/** Events held at most while the schemas load. */
const maxWaitingEvents = 200;

/**
 * The event schemas (and zod with them), loaded when the first event arrives: the signed-in shell
 * and the first screen do without them.
 */
async function loadEventSchemas(): Promise<EventSchemas> {
  return (await import('./socket-event-schemas')).serverToClientEvents;
}

/** One socket.io connection that follows the stored token. */
export class RealtimeClient {
  private socket: TypedSocket | null = null;
  private connectedToken: string | null = null;
  private status: RealtimeStatus = 'disconnected';
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private stopTokenWatch: (() => void) | null = null;
  private readonly statusListeners = new Set<() => void>();
  private readonly handlers = new Map<ServerToClientEventName, Set<(payload: never) => void>>();

  private factory: SocketFactory | null;
  private loadingFactory = false;
  private schemas: EventSchemas | null;
  private loadingSchemas = false;
  /** Events received while the schemas load, dispatched in order once they are in. */
  private waitingEvents: { event: string; payload: unknown }[] = [];

  constructor(private readonly options: RealtimeClientOptions) {
    this.factory = options.createSocket ?? null;
    this.schemas = options.eventSchemas ?? null;
  }

  /** Connects if a token is stored and follows token changes until stop(). */
  start(): void {
    if (this.stopTokenWatch) return;
    this.stopTokenWatch = this.options.subscribeToToken(() => this.followToken());
    this.followToken();
  }

  /** Disconnects for good (sign-out, unmount). */
  stop(): void {
    this.stopTokenWatch?.();
    this.stopTokenWatch = null;
    this.teardown();
  }

  getStatus(): RealtimeStatus {
    return this.status;
  }

  /**
   * Development's socket test (spec 1 section 7): true once the socket is connected, false when
   * it has not connected within `timeoutMs` (5 s).
   */
  waitForConnection(timeoutMs = socketTestTimeoutMs): Promise<boolean> {
    if (this.status === 'connected') return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        unsubscribe();
        resolve(false);
      }, timeoutMs);
      const unsubscribe = this.subscribeStatus(() => {
        if (this.status !== 'connected') return;
        clearTimeout(timer);
        unsubscribe();
        resolve(true);
      });
    });
  }

  /** Calls `listener` when the connection status changes. */
  subscribeStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Calls `handler` with each valid payload of `event`; returns the unsubscribe function. */
  on<Name extends ServerToClientEventName>(event: Name, handler: EventHandler<Name>): () => void {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler as (payload: never) => void);
    this.handlers.set(event, set);
    return () => set.delete(handler as (payload: never) => void);
  }

  private followToken(): void {
    const token = this.options.getToken();
    if (!token) {
      this.teardown();
      return;
    }
    if (!this.factory) {
      this.loadFactory();
      return;
    }
    // A refreshed token, or another account signed in in another tab: its rooms differ.
    if (token !== this.connectedToken) this.connect(token);
  }

  private loadFactory(): void {
    if (this.loadingFactory) return;
    this.loadingFactory = true;
    void loadSocketFactory().then((factory) => {
      this.factory = factory;
      if (this.stopTokenWatch) this.followToken();
    });
  }

  private connect(token: string): void {
    if (!this.factory) return;
    const factory = this.factory;
    this.teardown();
    this.connectedToken = token;
    const socket = factory({
      // The token is read at each attempt, so automatic reconnects use the freshest one.
      auth: (callback) => callback({ token: this.options.getToken() ?? token }),
      transports: ['websocket', 'polling'],
      reconnection: true,
      reconnectionDelay: reconnectDelays.backoffMinMs,
      reconnectionDelayMax: reconnectDelays.backoffMaxMs,
      timeout: socketTimeoutMs,
      autoConnect: false,
    });
    this.socket = socket;
    socket.on('connect', () => this.setStatus('connected'));
    socket.on('disconnect', (reason, description) =>
      this.onDisconnect(socket, reason, description),
    );
    socket.on('connect_error', (error) => this.onConnectError(socket, error));
    socket.onAny((event: string, payload: unknown) => this.receive(event, payload));
    this.setStatus('connecting');
    socket.connect();
  }

  private onDisconnect(socket: TypedSocket, reason: string, description: unknown): void {
    if (socket !== this.socket) return;
    this.setStatus(socket.active ? 'connecting' : 'disconnected');
    if (socket.active) return; // socket.io reconnects by itself with its 1-5 s backoff.
    const detail = description instanceof Error ? description.message : String(description ?? '');
    const delay = rateLimitPattern.test(`${reason} ${detail}`)
      ? reconnectDelays.afterRateLimitMs
      : reconnectDelays.afterDisconnectMs;
    this.scheduleReconnect(delay);
  }

  private onConnectError(socket: TypedSocket, error: Error): void {
    if (socket !== this.socket) return;
    if (socket.active) {
      this.setStatus('connecting');
      return;
    }
    this.setStatus('disconnected');
    if (error.message.includes('Authentication')) {
      window.dispatchEvent(
        new CustomEvent(socketAuthFailedEvent, { detail: { message: error.message } }),
      );
    }
    if (error.message === commonMessages.socketAuthRequired) {
      // The token was refused: refresh it. Only a different token reconnects (followToken compares
      // with connectedToken), so a refusal the refresh cannot cure does not loop.
      const refreshed = this.options.refreshSession?.() ?? Promise.resolve();
      refreshed.catch(() => undefined).finally(() => this.followToken());
      return;
    }
    if (rateLimitPattern.test(error.message)) {
      this.scheduleReconnect(reconnectDelays.afterRateLimitMs);
    }
  }

  private scheduleReconnect(delayMs: number): void {
    this.clearReconnectTimer();
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      const token = this.options.getToken();
      if (token && this.stopTokenWatch) this.connect(token);
    }, delayMs);
  }

  private receive(event: string, payload: unknown): void {
    if (!this.handlers.get(event as ServerToClientEventName)?.size) return;
    if (this.schemas) {
      this.dispatch(this.schemas, event, payload);
      return;
    }
    // A bound in case the schemas take long to come: the oldest events give way.
    if (this.waitingEvents.length >= maxWaitingEvents) this.waitingEvents.shift();
    this.waitingEvents.push({ event, payload });
    this.loadSchemas();
  }

  private loadSchemas(): void {
    if (this.loadingSchemas) return;
    this.loadingSchemas = true;
    loadEventSchemas().then(
      (schemas) => {
        this.schemas = schemas;
        this.dispatchWaitingEvents(schemas);
      },
      () => {
        // Events that cannot be checked are dropped like invalid ones; the next event tries again.
        this.loadingSchemas = false;
        this.waitingEvents = [];
      },
    );
  }

  private dispatchWaitingEvents(schemas: EventSchemas): void {
    const waiting = this.waitingEvents;
    this.waitingEvents = [];
    for (const { event, payload } of waiting) this.dispatch(schemas, event, payload);
  }

  private dispatch(schemas: EventSchemas, event: string, payload: unknown): void {
    if (!Object.hasOwn(schemas, event)) return;
    const name = event as ServerToClientEventName;
    const set = this.handlers.get(name);
    if (!set || set.size === 0) return;
    if (sensitiveEvents.has(name) && !this.options.getToken()) return;
    const parsed = schemas[name].safeParse(payload);
    if (!parsed.success) return; // A payload of an unknown shape would corrupt the cache.
    for (const handler of set) handler(parsed.data as never);
  }

  private teardown(): void {
    this.clearReconnectTimer();
    const socket = this.socket;
    this.socket = null;
    this.connectedToken = null;
    // What the closed connection delivered is not for the next one (another account's, perhaps).
    this.waitingEvents = [];
    if (socket) {
      socket.removeAllListeners();
      socket.offAny();
      socket.disconnect();
    }
    this.setStatus('disconnected');
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener();
  }
}
