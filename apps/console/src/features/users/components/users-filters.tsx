import { roles, userStatuses, type Role, type UserStatus } from '@patrol/contracts';
import { roleLabel } from '@patrol/domain';
import { RefreshCw, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { userStatusLabel } from '@/features/users/components/user-badges';

type UsersFiltersProps = {
  searchText: string;
  onSearchText: (text: string) => void;
  role: Role | undefined;
  status: UserStatus | undefined;
  /** Sets URL filters (empty removes one). */
  onFilter: (changes: Record<string, string>) => void;
  totalCount: number | undefined;
  refreshing: boolean;
  onRefresh: () => void;
};

/** The users list's search box, role and status filters, count and Refresh. */
export function UsersFilters({
  searchText,
  onSearchText,
  role,
  status,
  onFilter,
  totalCount,
  refreshing,
  onRefresh,
}: UsersFiltersProps) {
  return (
    <CardContent className="flex flex-col gap-3 border-b py-4 sm:flex-row sm:items-center">
      <div className="relative w-full sm:max-w-sm">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={searchText}
          onChange={(event) => onSearchText(event.target.value)}
          placeholder="Search by name, username or email"
          aria-label="Search users"
          className="pl-9"
        />
      </div>
      <div className="sm:w-44">
        <NativeSelect
          aria-label="Role"
          value={role ?? ''}
          onChange={(event) => onFilter({ role: event.target.value })}
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
          onChange={(event) => onFilter({ status: event.target.value })}
        >
          <option value="">All statuses</option>
          {userStatuses.map((value) => (
            <option key={value} value={value}>
              {userStatusLabel(value)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <p className="text-sm whitespace-nowrap text-muted-foreground sm:ml-auto" aria-live="polite">
        {totalCount === undefined ? ' ' : `${totalCount} ${totalCount === 1 ? 'user' : 'users'}`}
      </p>
      <Button variant="outline" onClick={onRefresh} disabled={refreshing}>
        <RefreshCw className={refreshing ? 'animate-spin' : undefined} /> Refresh
      </Button>
    </CardContent>
  );
}
