import type { User } from '@patrol/contracts';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import {
  useAccountRecovery,
  type AccountRecoveryAction,
} from '@/features/users/api/account-recovery';
import { useDeleteUser } from '@/features/users/api/delete-user';
import { PermissionDialog } from '@/features/users/components/permission-dialog';
import { TemporaryPasswordDialog } from '@/features/users/components/temporary-password-dialog';
import { UserFormDialog } from '@/features/users/components/user-form-dialog';

export type ConfirmedRecoveryAction = Exclude<AccountRecoveryAction, 'temporary-password'>;

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

/** The one dialog open over the users page, if any. */
export type UserDialog =
  | { kind: 'form'; user: User | null }
  | { kind: 'recovery'; user: User; action: ConfirmedRecoveryAction }
  | { kind: 'temporary-password'; user: User }
  | { kind: 'permissions'; user: User }
  | { kind: 'delete'; user: User }
  | null;

const nameOf = (user: User) => user.fullName || user.username;

/** The users page's dialogs: the user form, permissions, account recovery and delete. */
export function UsersDialogs({
  dialog,
  onClose,
  currentUserId,
}: {
  dialog: UserDialog;
  onClose: () => void;
  currentUserId: string | undefined;
}) {
  const deleteUser = useDeleteUser();
  const recovery = useAccountRecovery();
  const closeUnlessOpen = (open: boolean) => !open && onClose();

  const confirmDelete = async (target: User) => {
    try {
      await deleteUser.mutateAsync(target.id);
      toast.success('User deleted successfully');
      onClose();
    } catch {
      toast.error('Failed to delete user');
    }
  };

  const confirmRecovery = async (target: User, action: ConfirmedRecoveryAction) => {
    try {
      const { message } = await recovery.mutateAsync({ userId: target.id, action });
      toast.success(message);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The request failed');
    }
  };

  const recovering = dialog?.kind === 'recovery' ? dialog : null;
  const deleting = dialog?.kind === 'delete' ? dialog.user : null;

  return (
    <>
      <UserFormDialog
        open={dialog?.kind === 'form'}
        onOpenChange={closeUnlessOpen}
        user={dialog?.kind === 'form' ? dialog.user : null}
      />
      <PermissionDialog
        user={dialog?.kind === 'permissions' ? dialog.user : null}
        isSelf={dialog?.kind === 'permissions' && dialog.user.id === currentUserId}
        onClose={onClose}
      />
      <TemporaryPasswordDialog
        user={dialog?.kind === 'temporary-password' ? dialog.user : null}
        onClose={onClose}
      />
      <ConfirmDialog
        open={recovering !== null}
        onOpenChange={closeUnlessOpen}
        title={
          recovering
            ? `${recoveryTexts[recovering.action].title} for ${nameOf(recovering.user)}?`
            : ''
        }
        description={recovering ? recoveryTexts[recovering.action].description : ''}
        confirmLabel={recovering ? recoveryTexts[recovering.action].title : ''}
        destructive
        pending={recovery.isPending}
        onConfirm={() => recovering && void confirmRecovery(recovering.user, recovering.action)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={closeUnlessOpen}
        title={deleting ? `Delete user ${nameOf(deleting)}?` : ''}
        description={
          deleting
            ? `${nameOf(deleting)} (${deleting.username}) will lose access to the console. This action cannot be undone.`
            : ''
        }
        confirmLabel="Delete User"
        destructive
        pending={deleteUser.isPending}
        onConfirm={() => deleting && void confirmDelete(deleting)}
      />
    </>
  );
}
