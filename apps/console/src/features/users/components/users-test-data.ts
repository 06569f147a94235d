import { roleTemplates, type User } from '@patrol/contracts';

/** Users as GET /api/users presents them, for the users feature's tests. */
export const sampleUsers = {
  root: {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'root',
    email: 'aisha@example.com',
    fullName: 'Aisha Rahman',
    role: 'superadmin',
    status: 'active',
    lastLogin: '2026-03-02T01:30:00.000Z',
    twoFactorEnabled: true,
    mustChangePassword: false,
    permissions: [...roleTemplates.superadmin],
    customPermissions: { granted: [], denied: [] },
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  sam: {
    id: '00000000-0000-4000-8000-000000000002',
    username: 'sam',
    email: 'sam@example.com',
    fullName: 'Sam Lee',
    role: 'sales',
    status: 'suspended',
    lastLogin: null,
    twoFactorEnabled: false,
    mustChangePassword: false,
    permissions: [...roleTemplates.sales],
    customPermissions: { granted: [], denied: [] },
    createdAt: '2026-01-02T00:00:00.000Z',
  },
} satisfies Record<string, User>;

/** GET /api/users answer for `users`. */
export function usersPage(users: User[]) {
  return {
    success: true,
    data: {
      users,
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalCount: users.length,
        limit: 20,
        hasNext: false,
        hasPrev: false,
      },
    },
  };
}
