import type { Licence } from '@patrol/contracts';
import { TypeToConfirmDialog } from '@/components/type-to-confirm-dialog';
import { useDeleteLicence } from '@/features/licences/api/delete-licence';
import {
  licenceActionFailure,
  licenceActionSuccess,
} from '@/features/licences/lib/licence-messages';

type DeleteLicenceDialogProps = {
  licence: Licence | null;
  onOpenChange: (open: boolean) => void;
  onResult: (tone: 'success' | 'error', message: string) => void;
};

/** Delete Licence: enabled only once DELETE is typed; a bound licence is deactivated at once. */
export function DeleteLicenceDialog({ licence, onOpenChange, onResult }: DeleteLicenceDialogProps) {
  const deleteLicence = useDeleteLicence();

  const confirm = async () => {
    if (!licence) return;
    try {
      const response = await deleteLicence.mutateAsync(licence.key);
      onResult('success', licenceActionSuccess('deleted', response.message));
      onOpenChange(false);
    } catch (error) {
      onResult('error', licenceActionFailure('deleted', error));
    }
  };

  return (
    <TypeToConfirmDialog
      open={licence !== null}
      onOpenChange={onOpenChange}
      title="Delete Licence"
      description={
        <>
          Licence <span className="font-mono font-medium">{licence?.key}</span> will be deleted
          permanently
          {licence?.bound ? ` and device ${licence.deviceId ?? ''} loses access at once` : ''}.
        </>
      }
      submitLabel="Delete Licence"
      pendingLabel="Deleting..."
      pending={deleteLicence.isPending}
      onConfirm={confirm}
    />
  );
}
