import type { User } from '@patrol/contracts';
import { formatBusinessDateTime } from '@/lib/company-time';
import { SortHeader } from '@/components/sort-header';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { EmptyRow, LoadingRows } from '@/features/users/components/users-table-states';
import { UserRoleBadge, UserStatusBadge } from '@/features/users/components/user-badges';
import { UserRowActions, type UserRowAction } from '@/features/users/components/user-row-actions';
import type { UsersListParams } from '@/lib/query-keys';

type SortField = NonNullable<UsersListParams['sortBy']>;

type UsersTableProps = {
  users: User[] | undefined;
  sort: { by: SortField; order: 'asc' | 'desc' };
  onSort: (field: SortField) => void;
  /** True while the first page loads (no rows to show yet). */
  loading: boolean;
  searching: boolean;
  onAction: (user: User, action: UserRowAction) => void;
  currentUserId?: string;
};

/** The user table: User, Role, Status, Two-Factor, Last Login and a row menu (spec 2 section 2.1), sortable. */
export function UsersTable({
  users,
  sort,
  onSort,
  loading,
  searching,
  onAction,
  currentUserId,
}: UsersTableProps) {
  return (
    <Table containerClassName="max-h-[calc(100vh-20rem)] min-h-48">
      <TableHeader>
        <TableRow>
          {(
            [
              ['fullName', 'User'],
              ['role', 'Role'],
              ['status', 'Status'],
            ] as const
          ).map(([field, label]) => (
            <SortHeader
              key={field}
              label={label}
              active={sort.by === field}
              order={sort.order}
              onSort={() => onSort(field)}
            />
          ))}
          <TableHead>Two-Factor</TableHead>
          <SortHeader
            label="Last Login"
            active={sort.by === 'lastLogin'}
            order={sort.order}
            onSort={() => onSort('lastLogin')}
          />
          <TableHead className="w-12 text-right">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {loading || !users ? (
          <LoadingRows />
        ) : users.length === 0 ? (
          <EmptyRow searching={searching} />
        ) : (
          users.map((user) => (
            <TableRow key={user.id}>
              <TableCell>
                <div className="font-medium">{user.fullName || user.username}</div>
                <div className="text-xs text-muted-foreground">{user.email}</div>
              </TableCell>
              <TableCell>
                <UserRoleBadge role={user.role} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center gap-1">
                  <UserStatusBadge status={user.status} />
                  {user.mustChangePassword && (
                    <Badge variant="warning" title="Must choose a new password at the next sign-in">
                      Temporary password
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell>
                <Badge variant={user.twoFactorEnabled ? 'success' : 'warning'}>
                  {user.twoFactorEnabled ? 'Set up' : 'Not set up'}
                </Badge>
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {user.lastLogin ? formatBusinessDateTime(user.lastLogin) : 'Never'}
              </TableCell>
              <TableCell className="text-right">
                <UserRowActions
                  user={user}
                  isSelf={user.id === currentUserId}
                  onAction={onAction}
                />
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}
