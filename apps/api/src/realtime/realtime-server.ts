import type { Server as HttpServer } from 'node:http';
import {
  eventPermissions,
  processLocalEvents,
  type PersonalEventName,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@patrol/contracts';
import { Server } from 'socket.io';
import type { AppContext } from '../http/app-context';
import type { InternalEventName, InternalEventPayloads, PublishedEvent } from '../events/event-bus';
import { connectRedisAdapter, type RedisAdapterConnection } from './redis-adapter';
import {
  authenticateSocket,
  permissionRoom,
  revalidateSockets,
  roomsFor,
  sessionRoom,
  userRoom,
  type SocketData,
} from './socket-user';

export type RealtimeIo = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;

/** The socket.io server of one API process. */
export interface RealtimeServer {
  io: RealtimeIo;
  /** Re-checks every local socket's user now (also runs on a timer). */
  revalidate(): Promise<void>;
  /** Stops the timer and the bus subscription, disconnects every socket, closes the HTTP server and Redis; safe to call twice. */
  close(): Promise<void>;
}

export interface RealtimeOptions {
  /** How often sockets are re-checked against their user's status and permissions. */
  revalidateIntervalMs?: number;
  /**
   * Websocket only: behind several workers a long-polling client's requests would reach different
   * processes, so the polling fallback is left out (no sticky sessions needed).
   */
  websocketOnly?: boolean;
}

const defaultRevalidateIntervalMs = 60_000;

/**
 * Attaches socket.io to the HTTP server: the handshake needs an access token; each socket joins
 * one room per event-gating permission its user holds; every event published on `events` is
 * emitted to the room of its permission (eventPermissions). With REDIS_URL the rooms span every
 * API process through the Redis adapter, so whichever process commits a change announces it once.
 */
export async function createRealtimeServer(
  httpServer: HttpServer,
  ctx: Pick<
    AppContext,
    'config' | 'logger' | 'events' | 'redis' | 'accounts' | 'sessions' | 'observability'
  >,
  options: RealtimeOptions = {},
): Promise<RealtimeServer> {
  const redis: RedisAdapterConnection | undefined = ctx.redis
    ? await connectRedisAdapter(ctx.redis, ctx.logger)
    : undefined;
  const io: RealtimeIo = new Server(httpServer, {
    transports: options.websocketOnly ? ['websocket'] : ['websocket', 'polling'],
    serveClient: false,
    ...(redis && { adapter: redis.adapter }),
  });

  io.use(authenticateSocket(ctx));
  io.on('connection', (socket) => {
    const { user, sessionId } = socket.data;
    void socket.join([
      ...roomsFor(user),
      userRoom(user.id),
      ...(sessionId ? [sessionRoom(sessionId)] : []),
    ]);
    ctx.logger.debug({ userId: socket.data.user.id, socketId: socket.id }, 'socket connected');
  });

  // The system panel counts the open sockets and who holds them, without reaching into socket.io.
  const detachCensus = ctx.observability.sockets.attach(() =>
    [...io.of('/').sockets.values()].map((socket) => ({
      userId: socket.data.user.id,
      role: socket.data.user.role,
      userAgent: socket.handshake.headers['user-agent'] ?? '',
    })),
  );

  const unsubscribe = ctx.events.subscribe((published) => {
    if (published.remote) {
      // The publishing process has reached every socket through the adapter; this one only moves
      // its own sockets of a changed account to their new rooms.
      if (published.event === 'accountChanged') {
        void revalidateUserSockets(ctx, io, published.payload.userId);
      }
      return;
    }
    if (published.event === 'accountChanged') {
      void announceAccountChange(ctx, io, published.payload.userId);
    } else if (published.event === 'sessionEnded') {
      disconnectEndedSessions(io, published.payload);
    } else {
      emitToPermitted(io, published);
    }
  });

  const revalidate = () => revalidateSockets(ctx, io.of('/').sockets.values());
  const timer = setInterval(() => {
    revalidate().catch((error: unknown) =>
      ctx.logger.warn({ err: error }, 'socket revalidation failed'),
    );
  }, options.revalidateIntervalMs ?? defaultRevalidateIntervalMs);
  timer.unref();

  let closing: Promise<void> | undefined;
  const close = async () => {
    clearInterval(timer);
    unsubscribe();
    detachCensus();
    await io.close();
    await redis?.close();
  };
  return { io, revalidate, close: () => (closing ??= close()) };
}

/**
 * A user's role, status or permissions changed: this process's sockets of that user move to
 * their new permission rooms (or are closed) at once, then every socket of the user (on any
 * process, through the adapter) is told, so the console re-reads its session.
 */
async function announceAccountChange(
  ctx: Pick<AppContext, 'accounts' | 'sessions' | 'logger'>,
  io: RealtimeIo,
  userId: string,
): Promise<void> {
  try {
    await revalidateUserSockets(ctx, io, userId);
    io.to(userRoom(userId)).emit('accountChanged', { userId });
  } catch (error) {
    ctx.logger.warn({ err: error, userId }, 'announcing an account change failed');
  }
}

/** Re-checks this process's sockets of one user against their account. */
function revalidateUserSockets(
  ctx: Pick<AppContext, 'accounts' | 'sessions' | 'logger'>,
  io: RealtimeIo,
  userId: string,
): Promise<void> {
  const sockets = [...io.of('/').sockets.values()].filter(
    (socket) => socket.data.user.id === userId,
  );
  return revalidateSockets(ctx, sockets);
}

/**
 * Closes the sockets of an ended session (or of every session of the user) on every process: the
 * adapter carries the disconnection to the other processes, so no socket outlives its session
 * until the next periodic re-check.
 */
function disconnectEndedSessions(
  io: RealtimeIo,
  { userId, sessionId }: InternalEventPayloads['sessionEnded'],
): void {
  io.in(sessionId ? sessionRoom(sessionId) : userRoom(userId)).disconnectSockets(true);
}

const localEvents: ReadonlySet<string> = new Set(processLocalEvents);

function emitToPermitted(
  io: RealtimeIo,
  { event, payload }: Exclude<PublishedEvent, { event: PersonalEventName | InternalEventName }>,
): void {
  // A process's own figures go to its own sockets; everything else through the adapter to all.
  const sender = localEvents.has(event) ? io.local : io;
  // The union of event names cannot be matched to its payload type by the compiler; the bus's
  // PublishedEvent type already pairs them.
  const room = sender.to(permissionRoom(eventPermissions[event])) as unknown as {
    emit(name: string, payload: unknown): void;
  };
  room.emit(event, payload);
}
