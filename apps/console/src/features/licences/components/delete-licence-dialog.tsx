import type { Licence } from '@patrol/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDeleteLicence } from '@/features/licences/api/delete-licence';
import { LicenceDialog } from '@/features/licences/components/licence-dialog';
import {
  licenceActionFailure,
  licenceActionSuccess,
} from '@/features/licences/lib/licence-messages';

/** The word to type before a licence can be deleted (spec 1 section 5). */
export const deleteConfirmationWord = 'DELETE';

type DeleteLicenceDialogProps = {
  licence: Licence | null;
  onOpenChange: (open: boolean) => void;
  onResult: (tone: 'success' | 'error', message: string) => void;
};

/** Delete Licence: enabled only once DELETE is typed; a bound licence is deactivated at once. */
export function DeleteLicenceDialog({ licence, onOpenChange, onResult }: DeleteLicenceDialogProps) {
  const [typed, setTyped] = useState('');
  const deleteLicence = useDeleteLicence();
  const inputId = useId();

  useEffect(() => {
    if (licence) setTyped('');
  }, [licence]);

  const confirmed = typed === deleteConfirmationWord;
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!licence || !confirmed) return;
    try {
      const response = await deleteLicence.mutateAsync(licence.key);
      onResult('success', licenceActionSuccess('deleted', response.message));
      onOpenChange(false);
    } catch (error) {
      onResult('error', licenceActionFailure('deleted', error));
    }
  };

  return (
    <LicenceDialog
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
      width="md"
      onSubmit={confirm}
      submitLabel="Delete Licence"
      pendingLabel="Deleting..."
      pending={deleteLicence.isPending}
      submitBlocked={!confirmed}
      submitVariant="destructive"
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          Type <span className="font-mono font-semibold">{deleteConfirmationWord}</span> to confirm
        </Label>
        <Input
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          className="font-mono"
        />
      </div>
    </LicenceDialog>
  );
}
