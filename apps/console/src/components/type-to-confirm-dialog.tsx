import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The word to type before something is deleted for good (licences, products). */
export const deleteConfirmationWord = 'DELETE';

type TypeToConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Runs once the word is typed exactly and the user confirms. */
  onConfirm: () => Promise<void>;
};

/** A destructive confirmation whose button stays disabled until DELETE is typed exactly. */
export function TypeToConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  pending,
  onConfirm,
}: TypeToConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const inputId = useId();

  useEffect(() => {
    if (open) setTyped('');
  }, [open]);

  const confirmed = typed === deleteConfirmationWord;
  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirmed) await onConfirm();
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      width="md"
      onSubmit={confirm}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      pending={pending}
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
    </FormDialog>
  );
}
