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

const dialogWidths = { md: 'sm:max-w-md', lg: 'sm:max-w-lg', xl: 'sm:max-w-3xl' } as const;

type FormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** A confirmation is narrower than a form; a form with a table of lines is wider. */
  width?: 'md' | 'lg' | 'xl';
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

/** A form in a dialog: title, description, the fields, then Cancel and submit (with its pending text). */
export function FormDialog({
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
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={dialogWidths[width]}>
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
