import type { User } from '@patrol/contracts';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useUserPermissions } from '@/features/users/api/get-user-permissions';
import { PermissionEditor } from '@/features/users/components/permission-editor';
import { permissionMessages } from '@/features/users/components/permission-messages';

export { permissionMessages } from '@/features/users/components/permission-messages';

type PermissionDialogProps = {
  /** The user whose permissions are edited; null keeps the dialog closed. */
  user: User | null;
  /** True when `user` is the signed-in user. */
  isSelf: boolean;
  onClose: () => void;
};

/** Manage Permissions (spec 2 section 2.2): toggles, role templates, counts and coverage. */
export function PermissionDialog({ user, isSelf, onClose }: PermissionDialogProps) {
  const details = useUserPermissions(user?.id ?? null);
  const name = user ? user.fullName || user.username : '';

  useEffect(() => {
    if (details.isError) toast.error(permissionMessages.loadFailed);
  }, [details.isError]);

  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="flex flex-col overflow-hidden sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Manage Permissions</DialogTitle>
          <DialogDescription>
            Choose what {name} may see and do. A role template replaces the checked set.
          </DialogDescription>
        </DialogHeader>
        {details.isError ? (
          <LoadFailed onRetry={() => void details.refetch()} onClose={onClose} />
        ) : !details.data || !user ? (
          <EditorSkeleton />
        ) : (
          <PermissionEditor
            key={user.id}
            userId={user.id}
            initial={details.data.effectivePermissions}
            overrides={details.data.customPermissions}
            name={name}
            isSelf={isSelf}
            onClose={onClose}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function LoadFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  return (
    <div className="grid gap-4">
      <p role="alert" className="text-sm text-destructive">
        {permissionMessages.loadFailed}
      </p>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={onRetry}>Try Again</Button>
      </DialogFooter>
    </div>
  );
}

function EditorSkeleton() {
  return (
    <div className="grid gap-3" aria-label="Loading permissions">
      <Skeleton className="h-16" />
      <div className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-28" />
        ))}
      </div>
    </div>
  );
}
