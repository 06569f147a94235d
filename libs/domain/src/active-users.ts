// Active users of the system panel (spec 2 sections 2.6 and 3): staff with a live console socket,
// split by where they sit and whether they administer.
import type { ActiveUsers, LiveUser } from '@patrol/contracts';

/** Roles counted as admin users. */
export const adminRoles: readonly string[] = ['superadmin', 'Admin'];

/** True for the superadmin and Admin roles. */
export function isAdminRole(role: string | null | undefined): boolean {
  return typeof role === 'string' && adminRoles.includes(role);
}

// The tokens browsers on phones and tablets put in their User-Agent (an iPad in desktop mode
// says Macintosh and counts as a computer, as its screen does).
const mobileAgent = /Mobi|Android|iPhone|iPad|iPod|Windows Phone|BlackBerry|Opera Mini|Silk/i;

/** True for a phone or tablet browser's User-Agent header. */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return typeof userAgent === 'string' && mobileAgent.test(userAgent);
}

/** One entry per user from their sockets (a user with a phone and a computer open is both). */
export function liveUsersFromSockets(
  sockets: Iterable<{ userId: string; role: string; userAgent: string }>,
): LiveUser[] {
  const users = new Map<string, LiveUser>();
  for (const socket of sockets) {
    const mobile = isMobileUserAgent(socket.userAgent);
    const user = users.get(socket.userId) ?? {
      userId: socket.userId,
      admin: isAdminRole(socket.role),
      mobile: false,
      dashboard: false,
    };
    if (mobile) user.mobile = true;
    else user.dashboard = true;
    users.set(socket.userId, user);
  }
  return [...users.values()];
}

/**
 * The Active Users figures from every worker's live users: each person counts once in the total
 * (however many processes and tabs they hold), and in mobile, dashboard or both.
 */
export function countActiveUsers(users: Iterable<LiveUser>): ActiveUsers {
  const merged = new Map<string, LiveUser>();
  for (const user of users) {
    const known = merged.get(user.userId);
    merged.set(
      user.userId,
      known
        ? {
            ...known,
            admin: known.admin || user.admin,
            mobile: known.mobile || user.mobile,
            dashboard: known.dashboard || user.dashboard,
          }
        : { ...user },
    );
  }
  const counts: ActiveUsers = {
    total: 0,
    admin: 0,
    mobile: { total: 0, admin: 0 },
    dashboard: { total: 0, admin: 0 },
  };
  for (const user of merged.values()) {
    counts.total += 1;
    if (user.admin) counts.admin += 1;
    for (const where of ['mobile', 'dashboard'] as const) {
      if (!user[where]) continue;
      counts[where].total += 1;
      if (user.admin) counts[where].admin += 1;
    }
  }
  return counts;
}
