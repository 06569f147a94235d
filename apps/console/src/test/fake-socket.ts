import type { RealtimeClientOptions } from '@/lib/socket';
// socket.io-client's stand-in. It must not import lib/socket: the mock factory loads this file
// while lib/socket is waiting for the mocked module.
type Listener = (...args: unknown[]) => void;
type AuthOption = (callback: (auth: { token: string }) => void) => void;

/** Stands in for a socket.io client: records the options and calls, lets the test play the server. */
export class FakeSocket {
  active = false;
  connectCalls = 0;
  disconnectCalls = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();

  constructor(readonly options: { auth: AuthOption; [option: string]: unknown }) {}

  on(event: string, listener: Listener): this {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  onAny(listener: Listener): this {
    this.anyListeners.add(listener);
    return this;
  }

  offAny(): this {
    this.anyListeners.clear();
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.disconnectCalls += 1;
    this.active = false;
    return this;
  }

  /** The auth payload socket.io would send with the handshake now. */
  auth(): { token: string } {
    let sent: { token: string } | undefined;
    this.options.auth((auth) => (sent = auth));
    if (!sent) throw new Error('auth callback was not called');
    return sent;
  }

  /** A reserved event ('connect', 'disconnect', 'connect_error'). */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  /** An event pushed by the server. */
  serverEmit(event: string, payload: unknown): void {
    for (const listener of this.anyListeners) listener(event, payload);
  }

  /** Like socket.io: a disconnect that will not recover by itself leaves the socket inactive. */
  fireFinalDisconnect(reason: string, description?: unknown): void {
    this.active = false;
    this.fire('disconnect', reason, description);
  }

  /** Like socket.io: an error sent by the server's middleware leaves the socket inactive. */
  fireServerConnectError(message: string): void {
    this.active = false;
    this.fire('connect_error', new Error(message));
  }
}

/** Every fake socket `io()` created in this test file, oldest first. */
export const sockets: FakeSocket[] = [];

/** Stands in for socket.io-client's `io`: `vi.mock('socket.io-client', ...)` returns it. */
export function fakeIo(options: ConstructorParameters<typeof FakeSocket>[0]): FakeSocket {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
}

/** The socket created last. */
/** The socket factory a RealtimeClient under test is given instead of socket.io-client. */
export const fakeSocketFactory: NonNullable<RealtimeClientOptions['createSocket']> = (options) =>
  fakeIo(options as ConstructorParameters<typeof FakeSocket>[0]) as never;

export function latestSocket(): FakeSocket {
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket was created');
  return socket;
}

/** A valid billingUpdated payload, a sensitive event. */
export const billingEvent = {
  entity: 'invoice',
  action: 'updated',
  id: '3f2b8c1e-4d5a-4b6c-8e7f-9a0b1c2d3e4f',
};
