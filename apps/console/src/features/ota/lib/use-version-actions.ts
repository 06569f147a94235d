import type { OtaVersion } from '@patrol/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { useActivateVersion } from '@/features/ota/api/activate-version';
import { useDeactivateVersion } from '@/features/ota/api/deactivate-version';
import { useDeleteVersion } from '@/features/ota/api/delete-version';
import { toOtaError, type OtaRequestError } from '@/features/ota/api/ota-request';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

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

/**
 * A release's activation, deactivation and deletion, with their toasts; activating and deleting
 * wait for a confirmation (`confirmingActivate`, `confirmingDelete`).
 */
export function useVersionActions(version: OtaVersion) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingActivate, setConfirmingActivate] = useState(false);
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

  return {
    toggle,
    toggling,
    confirmDelete,
    activatePending: activate.isPending,
    deletePending: remove.isPending,
    confirmingActivate,
    setConfirmingActivate,
    confirmingDelete,
    setConfirmingDelete,
  };
}
