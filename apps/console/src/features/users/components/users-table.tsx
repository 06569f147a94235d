import type { User } from '@patrol/contracts';
import { formatBusinessDateTime } from '@/lib/company-time';
import {
  KeyRound,
  KeySquare,
  Mail,
  MoreHorizontal,
  Pencil,
  ShieldOff,
  Trash2,
  Users,
} from 'lucide-react';
import { SortHeader } from '@/components/sort-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Skeleton } from '@/components/ui/skeleton';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { UserRoleBadge, UserStatusBadge } from '@/features/users/components/user-badges';
import type { AccountRecoveryAction } from '@/features/users/api/account-recovery';
import type { UsersListParams } from '@/lib/query-keys';

type SortField = NonNullable<UsersListParams['sortBy']>;

type UsersTableProps = {
  users: User[] | undefined;
  sort: { by: SortField; order: 'asc' | 'desc' };
  onSort: (field: SortField) => void;
  /** True while the first page loads (no rows to show yet). */
  loading: boolean;
  searching: boolean;
  onEdit: (user: User) => void;
  onManagePermissions: (user: User) => void;
  onDelete: (user: User) => void;
  /** Superadmin recovery actions on another user's account; absent for one's own row. */
  onRecovery?: (user: User, action: AccountRecoveryAction) => void;
  currentUserId?: string;
};

/** The user table: User, Role, Status, Two-Factor, Last Login and a row menu (spec 2 section 2.1), sortable. */
export function UsersTable({
  users,
  sort,
  onSort,
  loading,
  searching,
  onEdit,
  onManagePermissions,
  onDelete,
  onRecovery,
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
          <TableRow>
            <TableCell colSpan={6} className="py-10 text-center">
              <Users className="mx-auto mb-2 size-6 text-muted-foreground" aria-hidden="true" />
              <p className="font-medium">
                {searching ? 'No users match your search' : 'No users yet'}
              </p>
              <p className="text-muted-foreground">
                {searching
                  ? 'Try another name, username or email, or clear the search.'
                  : 'Add a user to give a colleague access to the console.'}
              </p>
            </TableCell>
          </TableRow>
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
                <DropdownMenu>
                  <DropdownMenuTrigger asChild>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Actions for ${user.fullName || user.username}`}
                    >
                      <MoreHorizontal />
                    </Button>
                  </DropdownMenuTrigger>
                  <DropdownMenuContent align="end">
                    <DropdownMenuItem onSelect={() => onEdit(user)}>
                      <Pencil /> Edit
                    </DropdownMenuItem>
                    <DropdownMenuItem onSelect={() => onManagePermissions(user)}>
                      <KeyRound /> Manage Permissions
                    </DropdownMenuItem>
                    {onRecovery && user.id !== currentUserId && (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem
                          disabled={user.status !== 'active'}
                          onSelect={() => onRecovery(user, 'password-reset')}
                        >
                          <Mail /> Send Password Reset
                        </DropdownMenuItem>
                        <DropdownMenuItem
                          disabled={user.status !== 'active'}
                          onSelect={() => onRecovery(user, 'temporary-password')}
                        >
                          <KeySquare /> Set Temporary Password
                        </DropdownMenuItem>
                        <DropdownMenuItem onSelect={() => onRecovery(user, 'reset-2fa')}>
                          <ShieldOff /> Reset Two-Factor
                        </DropdownMenuItem>
                      </>
                    )}
                    {user.role !== 'superadmin' && (
                      <>
                        <DropdownMenuSeparator />
                        <DropdownMenuItem variant="destructive" onSelect={() => onDelete(user)}>
                          <Trash2 /> Delete
                        </DropdownMenuItem>
                      </>
                    )}
                  </DropdownMenuContent>
                </DropdownMenu>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function LoadingRows() {
  return Array.from({ length: 4 }, (_, index) => (
    <TableRow key={index}>
      <TableCell>
        <Skeleton className="mb-1 h-4 w-40" />
        <Skeleton className="h-3 w-52" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-28" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-5 w-16" />
      </TableCell>
      <TableCell>
        <Skeleton className="h-4 w-32" />
      </TableCell>
      <TableCell />
    </TableRow>
  ));
}
