import { roles, userStatuses, type User } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { Plus, RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { Pagination } from '@/components/pagination';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import {
  useAccountRecovery,
  type AccountRecoveryAction,
} from '@/features/users/api/account-recovery';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { unsuccessfulUsersMessage, useUsers } from '@/features/users/api/get-users';
import { PermissionDialog } from '@/features/users/components/permission-dialog';
import { TemporaryPasswordDialog } from '@/features/users/components/temporary-password-dialog';
import { UserFormDialog } from '@/features/users/components/user-form-dialog';
import { userStatusLabel } from '@/features/users/components/user-badges';
import { UsersTable } from '@/features/users/components/users-table';
import { useAuth } from '@/lib/auth';
import type { UsersListParams } from '@/lib/query-keys';

const searchDelayMs = 300;

type ConfirmedRecoveryAction = Exclude<AccountRecoveryAction, 'temporary-password'>;

const recoveryTexts: Record<ConfirmedRecoveryAction, { title: string; description: string }> = {
  'password-reset': {
    title: 'Send Password Reset',
    description:
      'A single-use link (valid 30 minutes) to choose a new password is mailed to the user, and they are signed out everywhere. The audit trail records it.',
  },
  'reset-2fa': {
    title: 'Reset Two-Factor',
    description:
      'Their authenticator secret and backup codes stop working and they are signed out everywhere; the next sign-in sets two-factor up again. The audit trail records it.',
  },
};

type UserDialog =
  | { kind: 'form'; user: User | null }
  | { kind: 'recovery'; user: User; action: ConfirmedRecoveryAction }
  | { kind: 'temporary-password'; user: User }
  | { kind: 'permissions'; user: User }
  | { kind: 'delete'; user: User }
  | null;

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 1 ? page : 1;
}

type SortField = NonNullable<UsersListParams['sortBy']>;
const sortFields: readonly SortField[] = [
  'fullName',
  'username',
  'email',
  'role',
  'status',
  'lastLogin',
  'createdAt',
];

/** One of `allowed` from the URL, or undefined (a hand-edited URL never reaches the API). */
function oneOf<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** Staff user management (/users): superadmin only (spec 2 sections 2.1 and 6). */
export function UsersPage() {
  const { user } = useAuth();
  if (user?.role !== 'superadmin') {
    return (
      <>
        <PageHeader
          title="User Management"
          subtitle="Manage staff accounts, roles and permissions"
        />
        <AccessDenied required={['users.view']} mode="any" roles={['superadmin']} />
      </>
    );
  }
  return <UserManagement currentUserId={user.id} />;
}

function UserManagement({ currentUserId }: { currentUserId: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = pageFrom(params);
  const [searchText, setSearchText] = useState(search);
  const [dialog, setDialog] = useState<UserDialog>(null);
  const role = oneOf(params.get('role'), roles);
  const status = oneOf(params.get('status'), userStatuses);
  const sortBy = oneOf(params.get('sortBy'), sortFields) ?? 'createdAt';
  const sortOrder = params.get('sortOrder') === 'desc' ? 'desc' : 'asc';
  const users = useUsers({ search, page, role, status, sortBy, sortOrder }, { enabled: true });
  const deleteUser = useDeleteUser();
  const recovery = useAccountRecovery();

  // The URL is the source of truth; typing updates it after a short pause.
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (searchText.trim()) next.set('search', searchText.trim());
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, search, setParams]);

  useEffect(() => {
    if (!users.isError) return;
    const unsuccessful = users.error.message === unsuccessfulUsersMessage;
    toast.error(unsuccessful ? unsuccessfulUsersMessage : 'Failed to fetch users');
  }, [users.isError, users.error]);

  /** Sets URL filters (empty removes one) and returns to the first page. */
  const updateParams = (changes: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      next.delete('page');
      return next;
    });

  const sortByColumn = (field: SortField) =>
    updateParams({
      sortBy: field,
      sortOrder: sortBy === field && sortOrder === 'asc' ? 'desc' : 'asc',
    });

  const goToPage = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next > 1) updated.set('page', String(next));
      else updated.delete('page');
      return updated;
    });

  const confirmDelete = async (target: User) => {
    try {
      await deleteUser.mutateAsync(target.id);
      toast.success('User deleted successfully');
      setDialog(null);
    } catch {
      toast.error('Failed to delete user');
    }
  };

  const confirmRecovery = async (target: User, action: ConfirmedRecoveryAction) => {
    try {
      const { message } = await recovery.mutateAsync({ userId: target.id, action });
      toast.success(message);
      setDialog(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The request failed');
    }
  };

  const pagination = users.data?.pagination;
  const totalCount = pagination?.totalCount;

  return (
    <>
      <PageHeader
        title="User Management"
        subtitle="Manage staff accounts, roles and permissions"
        actions={
          <Button onClick={() => setDialog({ kind: 'form', user: null })}>
            <Plus /> Add User
          </Button>
        }
      />
      <Card className="gap-0 py-0">
        <CardContent className="flex flex-col gap-3 border-b py-4 sm:flex-row sm:items-center">
          <div className="relative w-full sm:max-w-sm">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search by name, username or email"
              aria-label="Search users"
              className="pl-9"
            />
          </div>
          <div className="sm:w-44">
            <NativeSelect
              aria-label="Role"
              value={role ?? ''}
              onChange={(event) => updateParams({ role: event.target.value })}
            >
              <option value="">All roles</option>
              {roles.map((value) => (
                <option key={value} value={value}>
                  {roleLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="sm:w-40">
            <NativeSelect
              aria-label="Status"
              value={status ?? ''}
              onChange={(event) => updateParams({ status: event.target.value })}
            >
              <option value="">All statuses</option>
              {userStatuses.map((value) => (
                <option key={value} value={value}>
                  {userStatusLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <p
            className="text-sm whitespace-nowrap text-muted-foreground sm:ml-auto"
            aria-live="polite"
          >
            {totalCount === undefined
              ? ' '
              : `${totalCount} ${totalCount === 1 ? 'user' : 'users'}`}
          </p>
          <Button
            variant="outline"
            onClick={() => void users.refetch()}
            disabled={users.isFetching}
          >
            <RefreshCw className={users.isFetching ? 'animate-spin' : undefined} /> Refresh
          </Button>
        </CardContent>
        {users.isError && !users.data ? (
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="font-medium">Failed to fetch users</p>
            <Button variant="outline" onClick={() => void users.refetch()}>
              Try Again
            </Button>
          </CardContent>
        ) : (
          <UsersTable
            users={users.data?.users}
            loading={users.isPending}
            searching={search !== '' || role !== undefined || status !== undefined}
            sort={{ by: sortBy, order: sortOrder }}
            onSort={sortByColumn}
            onEdit={(user) => setDialog({ kind: 'form', user })}
            onManagePermissions={(user) => setDialog({ kind: 'permissions', user })}
            onDelete={(user) => setDialog({ kind: 'delete', user })}
            onRecovery={(user, action) =>
              setDialog(
                action === 'temporary-password'
                  ? { kind: 'temporary-password', user }
                  : { kind: 'recovery', user, action },
              )
            }
            currentUserId={currentUserId}
          />
        )}
        {pagination && pagination.totalPages > 1 && (
          <CardContent className="flex items-center justify-between gap-2 border-t py-3">
            <span className="text-sm text-muted-foreground tabular-nums">
              Page {pagination.currentPage} of {pagination.totalPages}
            </span>
            <Pagination
              label="User pages"
              currentPage={pagination.currentPage}
              totalPages={pagination.totalPages}
              onPageChange={goToPage}
            />
          </CardContent>
        )}
      </Card>

      <UserFormDialog
        open={dialog?.kind === 'form'}
        onOpenChange={(open) => !open && setDialog(null)}
        user={dialog?.kind === 'form' ? dialog.user : null}
      />
      <PermissionDialog
        user={dialog?.kind === 'permissions' ? dialog.user : null}
        isSelf={dialog?.kind === 'permissions' && dialog.user.id === currentUserId}
        onClose={() => setDialog(null)}
      />
      <TemporaryPasswordDialog
        user={dialog?.kind === 'temporary-password' ? dialog.user : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog?.kind === 'recovery'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={
          dialog?.kind === 'recovery'
            ? `${recoveryTexts[dialog.action].title} for ${dialog.user.fullName || dialog.user.username}?`
            : ''
        }
        description={dialog?.kind === 'recovery' ? recoveryTexts[dialog.action].description : ''}
        confirmLabel={dialog?.kind === 'recovery' ? recoveryTexts[dialog.action].title : ''}
        destructive
        pending={recovery.isPending}
        onConfirm={() =>
          dialog?.kind === 'recovery' && void confirmRecovery(dialog.user, dialog.action)
        }
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={
          dialog?.kind === 'delete'
            ? `Delete user ${dialog.user.fullName || dialog.user.username}?`
            : ''
        }
        description={
          dialog?.kind === 'delete'
            ? `${dialog.user.fullName || dialog.user.username} (${dialog.user.username}) will lose access to the console. This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete User"
        destructive
        pending={deleteUser.isPending}
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.user)}
      />
    </>
  );
}
