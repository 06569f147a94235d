import type { InvoiceLicence } from '@patrol/contracts';
import { canPerform, formatBusinessDate } from '@patrol/domain';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import {
  useInvoiceLicences,
  useRevokeInvoiceLicences,
} from '@/features/billing/api/invoice-licences';
import { billingActionFailure } from '@/features/billing/lib/billing-errors';
import { useAuth } from '@/lib/auth';

/** Which keys a confirmed revoke takes: one, or all that are left. */
type RevokeTarget = { kind: 'one'; licence: InvoiceLicence } | { kind: 'all' };

const expiry = (value: string | null) => (value ? formatBusinessDate(value) : 'No expiry');

/** The keys the invoice issued or extended; revocable one by one or all once it is voided or fully credited. */
export function InvoiceLicencesSection({ invoiceId }: { invoiceId: string }) {
  const answer = useInvoiceLicences(invoiceId);
  const revoke = useRevokeInvoiceLicences();
  const { user } = useAuth();
  const [target, setTarget] = useState<RevokeTarget | null>(null);
  if (answer.error) {
    return (
      <p className="text-sm text-destructive">The keys of this invoice could not be loaded.</p>
    );
  }
  if (!answer.data) return <p className="text-sm text-muted-foreground">Loading keys...</p>;
  const { licences, revocable } = answer.data;
  if (licences.length === 0) return null;
  const canRevoke = revocable && canPerform(user, 'revokeInvoiceLicences');
  const left = licences.filter((licence) => !licence.revokedAt);

  const confirm = async () => {
    if (!target) return;
    const body = target.kind === 'one' ? { issuanceIds: [target.licence.id] } : {};
    try {
      const response = await revoke.mutateAsync({ invoiceId, body });
      toast.success(response.message);
      setTarget(null);
    } catch (error) {
      toast.error(billingActionFailure('revoking keys', error));
    }
  };

  return (
    <section aria-label="Licence keys" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-medium">Licence keys ({licences.length})</h3>
        {canRevoke && left.length > 0 && (
          <Button variant="destructive" size="sm" onClick={() => setTarget({ kind: 'all' })}>
            Revoke all keys
          </Button>
        )}
      </div>
      {revocable && left.length > 0 && (
        <p className="text-sm text-amber-700">
          This invoice was voided or credited in full: its keys stay with the client until a staff
          member revokes them.
        </p>
      )}
      <ul className="divide-y rounded-md border text-sm">
        {licences.map((licence) => (
          <li key={licence.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <div className="min-w-0">
              <span className="font-mono">{licence.licenceKey}</span>{' '}
              <span className="text-muted-foreground">
                {licence.action === 'issued'
                  ? `issued, valid until ${expiry(licence.validUntilAfter)}`
                  : `extended from ${expiry(licence.validUntilBefore)} to ${expiry(licence.validUntilAfter)}`}
              </span>
              {licence.revokedAt && (
                <div className="text-destructive">
                  Revoked {formatBusinessDate(licence.revokedAt)} by {licence.revokedBy}
                </div>
              )}
            </div>
            {canRevoke && !licence.revokedAt && (
              <Button
                variant="outline"
                size="sm"
                aria-label={`Revoke key ${licence.licenceKey}`}
                onClick={() => setTarget({ kind: 'one', licence })}
              >
                Revoke
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => !open && setTarget(null)}
        title={
          target?.kind === 'one'
            ? `Revoke key ${target.licence.licenceKey}?`
            : `Revoke all ${left.length} keys of this invoice?`
        }
        description="An issued key is deleted and its device stops working; an extension is taken back. The audit trail records who revoked it."
        confirmLabel="Revoke"
        destructive
        pending={revoke.isPending}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
