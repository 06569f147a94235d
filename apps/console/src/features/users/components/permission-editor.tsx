import { permissionKeys, roleTemplates } from '@patrol/contracts';
import type { CustomPermissions, Permission } from '@patrol/contracts';
import { permissionCoverage } from '@patrol/domain';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { useUpdateUserPermissions } from '@/features/users/api/update-user-permissions';
import { AreaCard, type Override } from '@/features/users/components/permission-area-card';
import { PermissionSummary } from '@/features/users/components/permission-coverage-view';
import {
  ownPermissionsNoticeMs,
  permissionMessages,
} from '@/features/users/components/permission-messages';
import { PermissionToolbar } from '@/features/users/components/permission-toolbar';
import { keptOverrides, verifySavedLater } from '@/features/users/lib/permission-save';

type PermissionEditorProps = {
  userId: string;
  initial: readonly Permission[];
  /** The user's own grants and denials beyond the role; kept on save where they still agree. */
  overrides: CustomPermissions;
  name: string;
  isSelf: boolean;
  onClose: () => void;
};

/** The loaded permission editor: summary, toolbar, area cards, Save Permissions. */
export function PermissionEditor({
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
      <PermissionToolbar
        onTemplate={(role) => setChecked(new Set(roleTemplates[role]))}
        onClear={() => setConfirmingClear(true)}
        canClear={checked.size > 0}
        onGrantAll={() => setChecked(new Set(permissionKeys))}
      />
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
