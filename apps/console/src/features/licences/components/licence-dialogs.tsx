import type { Licence } from '@patrol/contracts';
import type { BannerMessage } from '@/components/banner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { useUnbindLicence } from '@/features/licences/api/unbind-licence';
import { AddLicencesDialog } from '@/features/licences/components/add-licences-dialog';
import { BindLicenceDialog } from '@/features/licences/components/bind-licence-dialog';
import { DeleteLicenceDialog } from '@/features/licences/components/delete-licence-dialog';
import { ExtendLicenceDialog } from '@/features/licences/components/extend-licence-dialog';
import type { LicenceDialogKind } from '@/features/licences/components/licence-actions';
import {
  licenceActionFailure,
  licenceActionSuccess,
} from '@/features/licences/lib/licence-messages';

/** The licence dialog open over the page, with its licence, if any. */
export type OpenLicenceDialog = { kind: LicenceDialogKind; licence: Licence } | null;

type LicenceDialogsProps = {
  /** The client Add Licences is open for ('' lets the dialog ask); null keeps it closed. */
  addFor: string | null;
  onAddClosed: () => void;
  dialog: OpenLicenceDialog;
  onClose: () => void;
  onResult: (tone: BannerMessage['tone'], message: string) => void;
};

/** The licences page's dialogs: add, bind, extend, delete and the unbind confirmation. */
export function LicenceDialogs({
  addFor,
  onAddClosed,
  dialog,
  onClose,
  onResult,
}: LicenceDialogsProps) {
  const unbindLicence = useUnbindLicence();
  const dialogFor = (kind: LicenceDialogKind) => (dialog?.kind === kind ? dialog.licence : null);
  const closeDialog = (open: boolean) => {
    if (!open) onClose();
  };
  const confirmUnbind = () => {
    const licence = dialogFor('unbind');
    if (!licence) return;
    unbindLicence.mutate(licence.key, {
      onSuccess: (response) => {
        onResult('success', licenceActionSuccess('unbound', response.message));
        onClose();
      },
      onError: (error) => onResult('error', licenceActionFailure('unbound', error)),
    });
  };

  return (
    <>
      <AddLicencesDialog
        open={addFor !== null}
        companyId={addFor ?? ''}
        onOpenChange={(open) => !open && onAddClosed()}
        onResult={onResult}
      />
      <BindLicenceDialog
        licence={dialogFor('bind')}
        onOpenChange={closeDialog}
        onResult={onResult}
      />
      <ExtendLicenceDialog
        licence={dialogFor('extend')}
        onOpenChange={closeDialog}
        onResult={onResult}
      />
      <DeleteLicenceDialog
        licence={dialogFor('delete')}
        onOpenChange={closeDialog}
        onResult={onResult}
      />
      <ConfirmDialog
        open={dialog?.kind === 'unbind'}
        onOpenChange={closeDialog}
        title={`Unbind licence ${dialog?.licence.key ?? ''}?`}
        description={`Device ${dialog?.licence.deviceId ?? ''} (${dialog?.licence.projectName ?? ''}) loses access and the licence becomes available again.`}
        confirmLabel="Unbind"
        destructive
        pending={unbindLicence.isPending}
        onConfirm={confirmUnbind}
      />
    </>
  );
}
