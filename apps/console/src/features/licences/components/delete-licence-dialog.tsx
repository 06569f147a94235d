import type { Licence } from '@patrol/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDeleteLicence } from '@/features/licences/api/delete-licence';
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
  const confirm = async () => {
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
    <Dialog open={licence !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Delete Licence</DialogTitle>
          <DialogDescription>
            Licence <span className="font-mono font-medium">{licence?.key}</span> will be deleted
            permanently
            {licence?.bound ? ` and device ${licence.deviceId ?? ''} loses access at once` : ''}.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <Label htmlFor={inputId}>
            Type <span className="font-mono font-semibold">{deleteConfirmationWord}</span> to
            confirm
          </Label>
          <Input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            className="font-mono"
          />
          <DialogFooter className="mt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="destructive"
              disabled={!confirmed || deleteLicence.isPending}
            >
              {deleteLicence.isPending ? 'Deleting...' : 'Delete Licence'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
