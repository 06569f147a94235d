import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ApiError } from '@/lib/api-client';

/** Label and value pairs of a details dialog. */
export function DetailList({ items }: { items: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid grid-cols-[minmax(8rem,auto)_1fr] gap-x-4 gap-y-2 text-sm">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A read-only details dialog: title, the document's name under it, a scrolling body. */
export function DetailsDialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={wide ? 'sm:max-w-2xl' : 'sm:max-w-lg'}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="grid max-h-[70vh] gap-4 overflow-y-auto pr-1 text-sm">{children}</div>
      </DialogContent>
    </Dialog>
  );
}

/** The client block of a billing document: company, then contact, phone and email, address. */
export function DocumentClient({
  client,
}: {
  client: {
    companyName: string;
    contactPerson: string;
    phone: string;
    email: string;
    address?: string;
  };
}) {
  return (
    <>
      <div className="font-medium">{client.companyName}</div>
      <div className="text-muted-foreground">
        {[client.contactPerson, client.phone, client.email].filter(Boolean).join(' · ')}
      </div>
      {client.address && <div className="text-muted-foreground">{client.address}</div>}
    </>
  );
}

/** A document whose details are asked for and not yet loaded, or why it failed to load. */
export type DetailsLoading = { error: Error | null; onRetry: () => void };

/** A details dialog's body while its document loads: a status, or the failure with Try Again. */
export function DetailsLoadingState({ what, loading }: { what: string; loading: DetailsLoading }) {
  if (!loading.error) {
    return (
      <p role="status" className="py-6 text-center text-muted-foreground">
        Loading {what}...
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
      <p className="font-medium">
        {loading.error instanceof ApiError
          ? loading.error.message
          : `The ${what} could not be loaded.`}
      </p>
      <Button variant="outline" size="sm" onClick={loading.onRetry}>
        Try Again
      </Button>
    </div>
  );
}
