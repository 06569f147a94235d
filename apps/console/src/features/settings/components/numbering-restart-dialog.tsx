import type { NumberingPreviewResponse } from '@patrol/contracts';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

/** A numbering kind whose visible sequence the pending change restarts. */
export type NumberingRestart = {
  kind: keyof NumberingPreviewResponse['numbers'];
  current: string;
  next: string;
};

const kindNames: Record<NumberingRestart['kind'], string> = {
  product: 'product',
  quotation: 'quotation',
  invoice: 'invoice',
  receipt: 'receipt',
};

/** The kinds the proposed numbering restarts, from the server's preview. */
export function numberingRestarts(
  numbers: NumberingPreviewResponse['numbers'],
): NumberingRestart[] {
  return (Object.keys(numbers) as NumberingRestart['kind'][])
    .filter((kind) => numbers[kind].restarts)
    .map((kind) => ({ kind, current: numbers[kind].current, next: numbers[kind].next }));
}

/** Confirms a numbering change that starts a visible sequence again, naming each next number. */
export function NumberingRestartDialog({
  restarts,
  pending,
  onCancel,
  onConfirm,
}: {
  restarts: NumberingRestart[];
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      open={restarts.length > 0}
      onOpenChange={(open) => !open && onCancel()}
      title="Restart document numbering?"
      description={
        <span className="grid gap-2">
          <span>
            This change starts a numbering sequence again. Numbers already issued are never reused.
          </span>
          {restarts.map((restart) => (
            <span key={restart.kind} className="block">
              The next {kindNames[restart.kind]} will be <strong>{restart.next}</strong> (instead of{' '}
              {restart.current}).
            </span>
          ))}
        </span>
      }
      confirmLabel="Save and Restart Numbering"
      pending={pending}
      onConfirm={onConfirm}
    />
  );
}
