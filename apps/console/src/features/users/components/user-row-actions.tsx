import type { User } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { KeyRound, KeySquare, Mail, MoreHorizontal, Pencil, ShieldOff, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useAuth } from '@/lib/auth';

/** What a user row's menu starts: the dialog of the same name. */
export type UserRowAction =
  'edit' | 'permissions' | 'password-reset' | 'temporary-password' | 'reset-2fa' | 'delete';

/**
 * A user row's menu: each entry only when the signed-in user may perform it (canPerform, as the
 * API's routes declare); account recovery not on one's own row, Delete not for a superadmin.
 */
export function UserRowActions({
  user,
  isSelf,
  onAction,
}: {
  user: User;
  isSelf: boolean;
  onAction: (user: User, action: UserRowAction) => void;
}) {
  const { user: actor } = useAuth();
  const can = {
    edit: canPerform(actor, 'editUser'),
    permissions: canPerform(actor, 'manageUserPermissions'),
    passwordReset: !isSelf && canPerform(actor, 'sendPasswordReset'),
    temporaryPassword: !isSelf && canPerform(actor, 'setTemporaryPassword'),
    resetTwoFactor: !isSelf && canPerform(actor, 'resetTwoFactor'),
    delete: user.role !== 'superadmin' && canPerform(actor, 'deleteUser'),
  };
  const recovery = can.passwordReset || can.temporaryPassword || can.resetTwoFactor;
  if (!Object.values(can).some(Boolean)) return null;
  const inactive = user.status !== 'active';

  return (
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
        {can.edit && (
          <DropdownMenuItem onSelect={() => onAction(user, 'edit')}>
            <Pencil /> Edit
          </DropdownMenuItem>
        )}
        {can.permissions && (
          <DropdownMenuItem onSelect={() => onAction(user, 'permissions')}>
            <KeyRound /> Manage Permissions
          </DropdownMenuItem>
        )}
        {recovery && <DropdownMenuSeparator />}
        {can.passwordReset && (
          <DropdownMenuItem disabled={inactive} onSelect={() => onAction(user, 'password-reset')}>
            <Mail /> Send Password Reset
          </DropdownMenuItem>
        )}
        {can.temporaryPassword && (
          <DropdownMenuItem
            disabled={inactive}
            onSelect={() => onAction(user, 'temporary-password')}
          >
            <KeySquare /> Set Temporary Password
          </DropdownMenuItem>
        )}
        {can.resetTwoFactor && (
          <DropdownMenuItem onSelect={() => onAction(user, 'reset-2fa')}>
            <ShieldOff /> Reset Two-Factor
          </DropdownMenuItem>
        )}
        {can.delete && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={() => onAction(user, 'delete')}>
              <Trash2 /> Delete
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
