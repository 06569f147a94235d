import { describe, expect, it } from 'vitest';
import { exampleId, examplePagination, exampleTime, fieldCases, messagesAt } from './test-support';
import {
  createUserBodySchema,
  listUsersQuerySchema,
  listUsersResponseSchema,
  sessionUserSchema,
  updateUserBodySchema,
  updateUserPermissionsBodySchema,
  userSchema,
} from './users';

const validCreate = {
  username: 'aisyah',
  email: 'Aisyah@Example.COM ',
  password: 'secret1',
  fullName: 'Aisyah Rahman',
  role: 'sales',
  status: 'active',
};

const user = {
  id: exampleId,
  username: 'aisyah',
  email: 'aisyah@example.com',
  fullName: 'Aisyah Rahman',
  role: 'sales',
  status: 'active',
  lastLogin: null,
  twoFactorEnabled: true,
  mustChangePassword: false,
  permissions: ['dashboard.view', 'clients.view'],
  customPermissions: { granted: [], denied: ['clients.view'] },
  createdAt: exampleTime,
};

describe('user contracts', () => {
  it('parses a user, its session form and a list response', () => {
    expect(userSchema.parse(user)).toEqual(user);
    expect(sessionUserSchema.parse(user)).not.toHaveProperty('createdAt');
    const list = { success: true, data: { users: [user], pagination: examplePagination } };
    expect(listUsersResponseSchema.parse(list).data.users).toHaveLength(1);
  });

  it('trims and lowercases the email of a new user', () => {
    expect(createUserBodySchema.parse(validCreate).email).toBe('aisyah@example.com');
  });

  it.each(
    fieldCases(validCreate, [
      ['fullName', undefined, 'Full name is required'],
      ['fullName', '   ', 'Full name is required'],
      ['email', undefined, 'Email is required'],
      ['email', 'aisyah@', 'Please enter a valid email address'],
      ['username', undefined, 'Username is required'],
      ['username', '', 'Username is required'],
      ['password', undefined, 'Password is required for new users'],
      ['password', '', 'Password is required for new users'],
      ['password', '12345', 'Password must be at least 6 characters long'],
    ]),
  )('says $message for $name', ({ input, path, message }) => {
    expect(messagesAt(createUserBodySchema, input, path)).toEqual([message]);
  });

  it('edits a user without a password and sets permissions from known keys only', () => {
    const { password: _password, ...withoutPassword } = validCreate;
    expect(updateUserBodySchema.safeParse(withoutPassword).success).toBe(true);
    expect(updateUserPermissionsBodySchema.safeParse({ permissions: ['users.view'] }).success).toBe(
      true,
    );
    expect(updateUserPermissionsBodySchema.safeParse({ permissions: ['users.fly'] }).success).toBe(
      false,
    );
  });

  it('coerces paging from the URL and caps the page size at 100', () => {
    const query = listUsersQuerySchema.parse({ page: '2', limit: '50' });
    expect(query).toMatchObject({ page: 2, limit: 50, sortBy: 'createdAt', sortOrder: 'desc' });
    expect(listUsersQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});
