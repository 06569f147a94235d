import type { OtaVersion } from '@patrol/contracts';
import { canPerform, formatFileSize } from '@patrol/domain';
import { InfoIcon, MoreHorizontalIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { ReleaseChangeConfirm } from '@/components/release-change-confirm';
import { useVersionActions } from '@/features/ota/lib/use-version-actions';
import { useAuth } from '@/lib/auth';

type VersionRowActionsProps = {
  version: OtaVersion;
  onShowDetails: (version: OtaVersion) => void;
  /** The release before this one, whose crash-free rate activation is weighed against. */
  previous?: OtaVersion;
};

/** A version's menu: Activate or Deactivate, View Details, Delete (with confirmation). */
export function VersionRowActions({ version, onShowDetails, previous }: VersionRowActionsProps) {
  // Each entry is offered only with the permission its API route declares (consoleActions).
  const { user } = useAuth();
  const canToggle = canPerform(user, version.isActive ? 'deactivateRelease' : 'activateRelease');
  const canDelete = canPerform(user, 'deleteRelease');
  const actions = useVersionActions(version);
  const { toggle, toggling, confirmDelete } = actions;

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for version ${version.version}`}>
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canToggle && (
            <DropdownMenuItem
              disabled={toggling}
              // Activating offers the release to devices: it asks first.
              onSelect={version.isActive ? toggle : () => actions.setConfirmingActivate(true)}
            >
              {version.isActive ? (
                <PowerOffIcon aria-hidden="true" />
              ) : (
                <PowerIcon aria-hidden="true" />
              )}
              {version.isActive ? 'Deactivate' : 'Activate'}
            </DropdownMenuItem>
          )}
          <DropdownMenuItem onSelect={() => onShowDetails(version)}>
            <InfoIcon aria-hidden="true" />
            View Details
          </DropdownMenuItem>
          {canDelete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem
                variant="destructive"
                // The API keeps an active release (devices may be downloading it): deactivate first.
                disabled={version.isActive}
                onSelect={() => actions.setConfirmingDelete(true)}
              >
                <Trash2Icon aria-hidden="true" />
                {version.isActive ? 'Delete (deactivate first)' : 'Delete'}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReleaseChangeConfirm
        open={actions.confirmingActivate}
        onOpenChange={actions.setConfirmingActivate}
        version={version}
        previous={previous}
        title={`Activate version ${version.version}?`}
        description={`Devices on the ${version.channel} channel are offered ${version.version} (to ${version.rolloutPercent}% of them) on their next check.`}
        confirmLabel="Activate"
        pending={actions.activatePending}
        onConfirm={toggle}
      />
      <ConfirmDialog
        open={actions.confirmingDelete}
        onOpenChange={actions.setConfirmingDelete}
        title={`Delete version ${version.version}?`}
        description={`The APK of version ${version.version} (build ${version.buildNumber ?? 'N/A'}, ${formatFileSize(version.fileSize)}) and its record are removed permanently. This cannot be undone.`}
        confirmLabel="Delete Version"
        destructive
        pending={actions.deletePending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
