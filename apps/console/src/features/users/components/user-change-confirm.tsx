import type { User } from '@patrol/contracts';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { userChangeConsequences, type UserFormValues } from '@/features/users/lib/user-form';

/** Asks before a role change or a suspension is saved, saying what it does in words. */
export function UserChangeConfirm({
  user,
  values,
  pending,
  onCancel,
  onConfirm,
}: {
  user: User | null;
  /** The values waiting for confirmation; null keeps the dialog closed. */
  values: UserFormValues | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={values !== null}
      onOpenChange={(next) => !next && onCancel()}
      title={`Save changes to ${user?.fullName || user?.username}?`}
      description={
        <span className="grid gap-2">
          {(values && user ? userChangeConsequences(user, values) : []).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </span>
      }
      confirmLabel="Save Changes"
      destructive={values !== null && values.status !== 'active'}
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
