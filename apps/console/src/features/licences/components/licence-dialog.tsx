import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

type LicenceDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** A confirmation is narrower than a form. */
  width?: 'md' | 'lg';
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  submitLabel: string;
  /** The submit button's text while the request is under way, e.g. "Binding...". */
  pendingLabel: string;
  pending: boolean;
  /** Keeps the submit button disabled, e.g. until a confirmation word is typed. */
  submitBlocked?: boolean;
  submitVariant?: ComponentProps<typeof Button>['variant'];
  children: ReactNode;
};

/** A licence action's dialog: title, description, the form's fields, then Cancel and submit. */
export function LicenceDialog({
  open,
  onOpenChange,
  title,
  description,
  width = 'lg',
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  submitBlocked = false,
  submitVariant,
  children,
}: LicenceDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={width === 'md' ? 'sm:max-w-md' : 'sm:max-w-lg'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant={submitVariant} disabled={submitBlocked || pending}>
              {pending ? pendingLabel : submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
