import {
  permissionAreas,
  permissionKeys,
  permissionLabels,
  roles,
  roleTemplates,
} from '@patrol/contracts';
import type { CustomPermissions, Permission, User } from '@patrol/contracts';
import { permissionCoverage, roleLabel, type AreaCoverage } from '@patrol/domain';
import { useEffect, useId, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useUserPermissions } from '@/features/users/api/get-user-permissions';
import {
  permissionsRereadDelayMs,
  permissionsWereSaved,
  useUpdateUserPermissions,
} from '@/features/users/api/update-user-permissions';
import {
  CoverageBar,
  coverageColourClasses,
  PermissionSummary,
} from '@/features/users/components/permission-coverage-view';
import { cn } from '@/lib/cn';

/** Spec 2 section 9: how long the "sign in again" notice stays after editing one's own permissions. */
export const ownPermissionsNoticeMs = 8000;

export const permissionMessages = {
  saved: 'Permissions updated successfully',
  saveFailed: 'Failed to update permissions',
  loadFailed: 'Failed to load user permissions',
  mismatch: 'Warning: Permissions may not have been saved correctly. Please verify the changes.',
  ownPermissions:
    'You changed your own permissions. Log out and sign in again for the changes to take effect.',
} as const;

function permissionLabel(permission: Permission): string {
  return permissionLabels[permission];
}

// Runs after the dialog has closed, so it is not tied to the component's lifetime.
function verifySavedLater(userId: string, sent: Permission[]): void {
  setTimeout(() => {
    permissionsWereSaved(userId, sent)
      .catch(() => false)
      .then((saved) => {
        if (!saved) toast.warning(permissionMessages.mismatch);
      });
  }, permissionsRereadDelayMs);
}

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

type PermissionEditorProps = {
  userId: string;
  initial: readonly Permission[];
  /** The user's own grants and denials beyond the role; kept on save where they still agree. */
  overrides: CustomPermissions;
  name: string;
  isSelf: boolean;
  onClose: () => void;
};

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

function PermissionEditor({
  userId,
  initial,
  overrides,
  name,
  isSelf,
  onClose,
}: PermissionEditorProps) {
  const [checked, setChecked] = useState<ReadonlySet<Permission>>(() => new Set(initial));
  const [confirmingClear, setConfirmingClear] = useState(false);
  const [ownOverrides, setOwnOverrides] = useState<CustomPermissions>(overrides);
  const kept = keptOverrides(ownOverrides, checked);
  const coverage = useMemo(() => permissionCoverage([...checked]), [checked]);
  const save = useUpdateUserPermissions();

  const toggle = (permission: Permission, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current);
      if (on) next.add(permission);
      else next.delete(permission);
      return next;
    });

  /** Grants or denies one permission to this user whatever the role, or back to the role's. */
  const setOverride = (permission: Permission, override: Override) => {
    const without = (list: readonly Permission[]) => list.filter((key) => key !== permission);
    setOwnOverrides((current) => ({
      granted:
        override === 'granted'
          ? [...without(current.granted), permission]
          : without(current.granted),
      denied:
        override === 'denied' ? [...without(current.denied), permission] : without(current.denied),
    }));
    if (override !== 'none') toggle(permission, override === 'granted');
  };

  const onSave = async () => {
    // Catalogue order, so the request and the audit trail read the same way as the dialog.
    const permissions = permissionKeys.filter((permission) => checked.has(permission));
    try {
      await save.mutateAsync({ userId, permissions, customPermissions: kept });
    } catch {
      toast.error(permissionMessages.saveFailed);
      return;
    }
    toast.success(permissionMessages.saved);
    if (isSelf) toast.info(permissionMessages.ownPermissions, { duration: ownPermissionsNoticeMs });
    verifySavedLater(userId, permissions);
    onClose();
  };

  return (
    <div className="flex min-h-0 flex-col gap-4">
      <PermissionSummary coverage={coverage} denied={kept.denied.length} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="Role templates"
          className="flex flex-wrap items-center gap-1.5"
        >
          <span className="text-xs font-medium text-muted-foreground">Templates:</span>
          {roles.map((role) => (
            <Button
              key={role}
              type="button"
              variant="outline"
              size="sm"
              className="h-7 px-2"
              onClick={() => setChecked(new Set(roleTemplates[role]))}
            >
              {roleLabel(role)}
            </Button>
          ))}
        </div>
        <div className="flex gap-1.5">
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2"
            onClick={() => setConfirmingClear(true)}
            disabled={checked.size === 0}
          >
            Clear All
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-7 px-2"
            onClick={() => setChecked(new Set(permissionKeys))}
          >
            Grant All
          </Button>
        </div>
      </div>
      <div className="-mx-1 grid min-h-0 gap-3 overflow-y-auto px-1 pb-1 sm:grid-cols-2">
        {coverage.areas.map((area) => (
          <AreaCard
            key={area.area}
            area={area}
            checked={checked}
            overrides={kept}
            onToggle={toggle}
            onOverride={setOverride}
          />
        ))}
      </div>
      <ConfirmDialog
        open={confirmingClear}
        onOpenChange={setConfirmingClear}
        title="Clear every permission?"
        description={`${name} will not be able to open any page of the console until permissions are given again.`}
        confirmLabel="Clear All"
        destructive
        onConfirm={() => {
          setChecked(new Set());
          setConfirmingClear(false);
        }}
      />
      <DialogFooter>
        <Button type="button" variant="outline" disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" disabled={save.isPending} onClick={() => void onSave()}>
          {save.isPending ? 'Saving...' : 'Save Permissions'}
        </Button>
      </DialogFooter>
    </div>
  );
}

type Override = 'none' | 'granted' | 'denied';

type AreaCardProps = {
  area: AreaCoverage;
  checked: ReadonlySet<Permission>;
  overrides: CustomPermissions;
  onToggle: (permission: Permission, on: boolean) => void;
  onOverride: (permission: Permission, override: Override) => void;
};

function overrideOf(overrides: CustomPermissions, permission: Permission): Override {
  if (overrides.granted.includes(permission)) return 'granted';
  if (overrides.denied.includes(permission)) return 'denied';
  return 'none';
}

function AreaCard({ area, checked, overrides, onToggle, onOverride }: AreaCardProps) {
  const idPrefix = useId();
  const headingId = `${idPrefix}-heading`;
  const colour = coverageColourClasses[area.colour];
  return (
    <section aria-labelledby={headingId} className="grid content-start gap-2 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          {area.label}
        </h3>
        <span
          className={cn('text-xs font-medium tabular-nums', colour.text)}
          data-testid={`coverage-${area.area}`}
        >
          {area.granted}/{area.total} · {area.percent}%
        </span>
      </div>
      <CoverageBar percent={area.percent} colour={area.colour} />
      <ul className="grid gap-2 pt-1">
        {permissionAreas[area.area].map((permission: Permission) => {
          const id = `${idPrefix}-${permission}`;
          return (
            <li key={permission} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2">
              <Label htmlFor={id} className="flex-wrap gap-x-2 gap-y-0.5 font-normal">
                {permissionLabel(permission)}
                <span className="font-mono text-xs break-all text-muted-foreground">
                  {permission}
                </span>
                {overrides.granted.includes(permission) && (
                  <Badge variant="success">granted to this user</Badge>
                )}
                {overrides.denied.includes(permission) && (
                  <Badge variant="danger">denied to this user</Badge>
                )}
              </Label>
              <div className="flex shrink-0 items-center gap-2">
                <select
                  aria-label={`${permissionLabel(permission)}: this user only`}
                  title="Grant or deny to this user whatever the role"
                  className="h-7 w-24 rounded-md border border-input bg-background px-1 text-xs"
                  value={overrideOf(overrides, permission)}
                  onChange={(event) => onOverride(permission, event.target.value as Override)}
                >
                  <option value="none">As set</option>
                  <option value="granted">Always grant</option>
                  <option value="denied">Always deny</option>
                </select>
                <Switch
                  id={id}
                  checked={checked.has(permission)}
                  onCheckedChange={(on) => onToggle(permission, on)}
                />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
