import { canPerform } from '@patrol/domain';
import { Plus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AccessDenied } from '@/components/access-denied';
import { PageHeader } from '@/components/layout/page-header';
import { CardPager } from '@/components/card-pager';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { unsuccessfulUsersMessage, useUsers } from '@/features/users/api/get-users';
import { UsersDialogs, type UserDialog } from '@/features/users/components/users-dialogs';
import { UsersFilters } from '@/features/users/components/users-filters';
import { UsersTable } from '@/features/users/components/users-table';
import { useUsersListParams } from '@/features/users/lib/users-list-params';
import { useAuth } from '@/lib/auth';

const title = 'User Management';
const subtitle = 'Manage staff accounts, roles and permissions';

/** Staff user management (/users): superadmin only (spec 2 sections 2.1 and 6). */
export function UsersPage() {
  const { user } = useAuth();
  if (user?.role !== 'superadmin') {
    return (
      <>
        <PageHeader title={title} subtitle={subtitle} />
        <AccessDenied required={['users.view']} mode="any" roles={['superadmin']} />
      </>
    );
  }
  return <UserManagement currentUserId={user.id} />;
}

function UserManagement({ currentUserId }: { currentUserId: string | undefined }) {
  const { user: actor } = useAuth();
  const list = useUsersListParams();
  const { search, role, status, sortBy, sortOrder } = list.query;
  const [dialog, setDialog] = useState<UserDialog>(null);
  const users = useUsers(list.query, { enabled: true });

  useEffect(() => {
    if (!users.isError) return;
    const unsuccessful = users.error.message === unsuccessfulUsersMessage;
    toast.error(unsuccessful ? unsuccessfulUsersMessage : 'Failed to fetch users');
  }, [users.isError, users.error]);

  const pagination = users.data?.pagination;

  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          canPerform(actor, 'createUser') && (
            <Button onClick={() => setDialog({ kind: 'form', user: null })}>
              <Plus /> Add User
            </Button>
          )
        }
      />
      <Card className="gap-0 py-0">
        <UsersFilters
          searchText={list.searchText}
          onSearchText={list.setSearchText}
          role={role}
          status={status}
          onFilter={list.updateParams}
          totalCount={pagination?.totalCount}
          refreshing={users.isFetching}
          onRefresh={() => void users.refetch()}
        />
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
            onSort={list.sortByColumn}
            onAction={(user, action) =>
              setDialog(
                action === 'edit'
                  ? { kind: 'form', user }
                  : action === 'password-reset' || action === 'reset-2fa'
                    ? { kind: 'recovery', user, action }
                    : { kind: action, user },
              )
            }
            currentUserId={currentUserId}
          />
        )}
        <CardPager
          pagination={pagination}
          label="User pages"
          onPageChange={list.goToPage}
          className="px-5"
        />
      </Card>
      <UsersDialogs dialog={dialog} onClose={() => setDialog(null)} currentUserId={currentUserId} />
    </>
  );
}
