import type { CustomPermissions, Permission } from '@patrol/contracts';
import { toast } from 'sonner';
import {
  permissionsRereadDelayMs,
  permissionsWereSaved,
} from '@/features/users/api/update-user-permissions';
import { permissionMessages } from '@/features/users/components/permission-messages';

// Runs after the dialog has closed, so it is not tied to the component's lifetime.
export function verifySavedLater(userId: string, sent: Permission[]): void {
  setTimeout(() => {
    permissionsWereSaved(userId, sent)
      .catch(() => false)
      .then((saved) => {
        if (!saved) toast.warning(permissionMessages.mismatch);
      });
  }, permissionsRereadDelayMs);
}

/**
 * The overrides that still agree with the checked set: a granted key stays granted while checked,
 * a denied key stays denied while unchecked. Saved with the checked set, the user's effective
 * permissions are exactly the checked ones, and no override is lost by saving.
 */
export function keptOverrides(
  overrides: CustomPermissions,
  checked: ReadonlySet<Permission>,
): CustomPermissions {
  return {
    granted: overrides.granted.filter((permission) => checked.has(permission)),
    denied: overrides.denied.filter((permission) => !checked.has(permission)),
  };
}
