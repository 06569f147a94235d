import type { OtaVersion } from '@patrol/contracts';
import { formatFileSize, hasPermission } from '@patrol/domain';
import { InfoIcon, MoreHorizontalIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useActivateVersion } from '@/features/ota/api/activate-version';
import { useDeactivateVersion } from '@/features/ota/api/deactivate-version';
import { useDeleteVersion } from '@/features/ota/api/delete-version';
import { toOtaError, type OtaRequestError } from '@/features/ota/api/ota-request';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import { useAuth } from '@/lib/auth';
import { ReleaseChangeConfirm } from './release-change-confirm';

/** The generic API messages of spec 2 section 8 for a failed version action. */
export function actionFailureMessage(error: OtaRequestError, operation: string): string {
  const { generic } = otaScreenMessages;
  if (error.isAuthOrCircuit && error.kind !== 'unauthorized') return error.message;
  if (error.status === 429) return generic.rateLimited;
  if (error.status === 403) return generic.forbidden;
  if (error.status === 401) return generic.sessionExpired;
  if (error.status >= 500) return generic.serverError;
  return error.message || generic.failed(operation);
}

type VersionRowActionsProps = {
  version: OtaVersion;
  canManage: boolean;
  onShowDetails: (version: OtaVersion) => void;
  /** The release before this one, whose crash-free rate activation is weighed against. */
  previous?: OtaVersion;
};

/** A version's menu: Activate or Deactivate, View Details, Delete (with confirmation). */
export function VersionRowActions({
  version,
  canManage,
  onShowDetails,
  previous,
}: VersionRowActionsProps) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingActivate, setConfirmingActivate] = useState(false);
  // Deleting a release is the uploader's right (ota.upload); activating it, canManage (ota.activate).
  const canDelete = hasPermission(useAuth().user, 'ota.upload');
  const activate = useActivateVersion();
  const deactivate = useDeactivateVersion();
  const remove = useDeleteVersion();
  const toggling = activate.isPending || deactivate.isPending;

  const toggle = () => {
    if (version.isActive) {
      deactivate.mutate(version, {
        onSuccess: (response) => toast.success(response.message),
        onError: (error) =>
          toast.error(otaScreenMessages.deactivationFailed, {
            description: actionFailureMessage(toOtaError(error), 'deactivation'),
          }),
      });
    } else {
      activate.mutate(version, {
        onSuccess: (response) => {
          setConfirmingActivate(false);
          toast.success(response.message);
        },
        onError: (error) => {
          setConfirmingActivate(false);
          toast.error(otaScreenMessages.activationFailed, {
            description: actionFailureMessage(toOtaError(error), 'activation'),
          });
        },
      });
    }
  };

  const confirmDelete = () =>
    remove.mutate(version, {
      onSuccess: (response) => {
        setConfirmingDelete(false);
        toast.success(response.message);
      },
      onError: (error) => {
        setConfirmingDelete(false);
        toast.error(otaScreenMessages.deleteFailed, {
          description: actionFailureMessage(toOtaError(error), 'deletion'),
        });
      },
    });

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={`Actions for version ${version.version}`}>
            <MoreHorizontalIcon aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          {canManage && (
            <DropdownMenuItem
              disabled={toggling}
              // Activating offers the release to devices: it asks first.
              onSelect={version.isActive ? toggle : () => setConfirmingActivate(true)}
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
                onSelect={() => setConfirmingDelete(true)}
              >
                <Trash2Icon aria-hidden="true" />
                {version.isActive ? 'Delete (deactivate first)' : 'Delete'}
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReleaseChangeConfirm
        open={confirmingActivate}
        onOpenChange={setConfirmingActivate}
        version={version}
        previous={previous}
        title={`Activate version ${version.version}?`}
        description={`Devices on the ${version.channel} channel are offered ${version.version} (to ${version.rolloutPercent}% of them) on their next check.`}
        confirmLabel="Activate"
        pending={activate.isPending}
        onConfirm={toggle}
      />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={`Delete version ${version.version}?`}
        description={`The APK of version ${version.version} (build ${version.buildNumber ?? 'N/A'}, ${formatFileSize(version.fileSize)}) and its record are removed permanently. This cannot be undone.`}
        confirmLabel="Delete Version"
        destructive
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </>
  );
}
