import { ListIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useCrashGroup } from '@/features/crash-reports/api/get-crash-groups';
import { CrashGroupBody } from '@/features/crash-reports/components/crash-group-body';

type CrashGroupDialogProps = {
  /** The group shown; null closes the dialog. */
  fingerprint: string | null;
  onClose: () => void;
  onShowReports: (fingerprint: string) => void;
};

/** One group: where it crashes (its frames), how often, on how many devices, per app version. */
export function CrashGroupDialog({ fingerprint, onClose, onShowReports }: CrashGroupDialogProps) {
  const group = useCrashGroup(fingerprint);
  return (
    <Dialog open={fingerprint !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="pr-6 leading-snug break-words">
            {group.data?.title ?? 'Crash group'}
          </DialogTitle>
          <DialogDescription>
            Reports of the same crash
            {fingerprint && (
              <>
                {' '}
                (<span className="font-mono">{fingerprint}</span>)
              </>
            )}
          </DialogDescription>
        </DialogHeader>
        {group.data ? (
          <CrashGroupBody group={group.data} />
        ) : group.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm">The group could not be loaded.</p>
            <Button variant="outline" onClick={() => void group.refetch()}>
              Try Again
            </Button>
          </div>
        ) : (
          <div className="space-y-3" role="status" aria-label="Loading the group">
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-8 w-full" />
            ))}
          </div>
        )}
        {fingerprint && (
          <DialogFooter>
            <Button onClick={() => onShowReports(fingerprint)}>
              <ListIcon aria-hidden="true" />
              View Reports
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}
