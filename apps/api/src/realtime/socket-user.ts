import {
  commonMessages,
  eventPermissions,
  socketAuthSchema,
  type Permission,
} from '@patrol/contracts';
import { hasPermission, type PermissionSubject } from '@patrol/domain';
import type { Socket } from 'socket.io';
import { issuedBeforeSessionsValidAfter } from '../http/access-token';
import type { AppContext } from '../http/app-context';
import { authenticateToken, type AuthUser } from '../http/authenticate';

/** What the server keeps on each socket (`socket.data`). */
export interface SocketData {
  user: AuthUser;
  /** The `iat` (seconds) of the handshake's access token, re-checked against sessionsValidAfter. */
  tokenIssuedAt: number;
  /** The signed-in session of the token; signed out, the socket is closed at the next re-check. */
  sessionId?: string;
}

/** The permissions that gate at least one event: the only rooms worth joining. */
const gatingPermissions: readonly Permission[] = [...new Set(Object.values(eventPermissions))];

/** The room of the sockets whose user holds `permission`. */
export function permissionRoom(permission: Permission): string {
  return `permission:${permission}`;
}

/** The room of one user's sockets, for the events meant for that user alone. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** The room of the sockets opened with one signed-in session's tokens. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

/** The permission rooms a user belongs in. */
export function roomsFor(user: PermissionSubject): string[] {
  return gatingPermissions
    .filter((permission) => hasPermission(user, permission))
    .map(permissionRoom);
}

/**
 * Handshake middleware: `auth.token` must be a valid access token of an active user with
 * two-factor set up. Every refusal carries the one message the console reacts to, so a failure
 * reveals nothing about why (unknown user, inactive account, expired token).
 */
export function authenticateSocket(
  ctx: Pick<AppContext, 'config' | 'accounts' | 'sessions' | 'logger'>,
) {
  return async (socket: Socket, next: (error?: Error) => void): Promise<void> => {
    const auth = socketAuthSchema.safeParse(socket.handshake.auth);
    if (!auth.success) {
      next(new Error(commonMessages.socketAuthRequired));
      return;
    }
    try {
      const { user, issuedAt, sessionId } = await authenticateToken(ctx, auth.data.token);
      const data = socket.data as SocketData;
      data.user = user;
      data.tokenIssuedAt = issuedAt;
      data.sessionId = sessionId;
      next();
    } catch (error) {
      ctx.logger.debug({ err: error }, 'socket authentication refused');
      next(new Error(commonMessages.socketAuthRequired));
    }
  };
}

/**
 * Re-reads the users behind `sockets`: a socket whose user is gone, no longer active or without
 * two-factor, whose session was signed out, or whose token was issued before the user's sessions
 * were ended (password or two-factor reset), is disconnected; the others move to the rooms of their current permissions.
 * The token's expiry is not re-checked: it lapses within minutes while the socket, once admitted,
 * follows the account's state, which this check keeps current.
 */
export async function revalidateSockets(
  ctx: Pick<AppContext, 'accounts' | 'sessions'>,
  sockets: Iterable<Socket>,
): Promise<void> {
  const socketsByUser = new Map<string, Socket[]>();
  for (const socket of sockets) {
    const { user } = socket.data as SocketData;
    socketsByUser.set(user.id, [...(socketsByUser.get(user.id) ?? []), socket]);
  }
  for (const [userId, userSockets] of socketsByUser) {
    // The periodic re-check reads the table itself: it is what catches another process's changes.
    const account = await ctx.accounts.findAccount(userId, { fresh: true });
    for (const socket of userSockets) {
      const { tokenIssuedAt, sessionId } = socket.data as SocketData;
      if (
        !account ||
        account.status !== 'active' ||
        !account.twoFactorEnabled ||
        issuedBeforeSessionsValidAfter(tokenIssuedAt, account.sessionsValidAfter) ||
        (sessionId !== undefined && !(await ctx.sessions.isLive(sessionId)))
      ) {
        socket.disconnect(true);
        continue;
      }
      moveToRooms(socket, roomsFor(account));
    }
  }
}

/** Leaves the permission rooms not in `rooms` and joins those in it. */
function moveToRooms(socket: Socket, rooms: string[]): void {
  for (const room of socket.rooms) {
    if (room.startsWith('permission:') && !rooms.includes(room)) void socket.leave(room);
  }
  void socket.join(rooms);
}
