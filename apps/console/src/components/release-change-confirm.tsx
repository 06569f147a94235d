import { releaseHealthWarning, type ReleaseHealthFigures } from '@patrol/domain';
import { TriangleAlertIcon } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/alert-dialog';

type ReleaseChangeConfirmProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The release being activated, widened or distributed, and the one before it. */
  version: ReleaseHealthFigures | undefined;
  previous: ReleaseHealthFigures | undefined;
  title: string;
  description: string;
  confirmLabel: string;
  pending?: boolean;
  onConfirm: () => void;
};

/**
 * Asks before a change that offers an app release to more devices (OTA screen, update notices),
 * and warns in words and colour when its crash-free rate is below the previous release's.
 */
export function ReleaseChangeConfirm({ version, previous, ...props }: ReleaseChangeConfirmProps) {
  const warning = version ? releaseHealthWarning(version, previous) : null;
  return (
    <ConfirmDialog {...props} destructive={warning !== null}>
      {warning && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">Crash-free rate is lower. </span>
            {warning}
          </span>
        </p>
      )}
    </ConfirmDialog>
  );
}
