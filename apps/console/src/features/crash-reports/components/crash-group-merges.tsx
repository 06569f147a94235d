import type { CrashGroupMerge } from '@patrol/contracts';
import { canPerform } from '@patrol/domain';
import { SplitIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useSplitCrashGroup } from '@/features/crash-reports/api/merge-crash-groups';
import { CrashGroupMergePicker } from '@/features/crash-reports/components/crash-group-merge-picker';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { formatBusinessDateTime } from '@/lib/company-time';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

type CrashGroupMergesProps = {
  fingerprint: string;
  merged: CrashGroupMerge[];
  /** After a split, the dialog may show the group split out. */
  onSplit?: (fingerprint: string) => void;
};

/**
 * The groups staff merged into this one (each can be split out again, confirmed) and, for those
 * who may merge, a search for another group to merge in (confirmed).
 */
export function CrashGroupMerges({ fingerprint, merged, onSplit }: CrashGroupMergesProps) {
  const { user } = useAuth();
  const canMerge = canPerform(user, 'mergeCrashGroups');
  const canSplit = canPerform(user, 'splitCrashGroup');
  const split = useSplitCrashGroup();
  const [splitting, setSplitting] = useState<string | null>(null);

  const doSplit = (member: string) =>
    split.mutate(
      { group: fingerprint, fingerprint: member },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onSplit?.(response.data.fingerprint);
        },
        onError: (error) => toast.error('Group not split', { description: failure(error) }),
        onSettled: () => setSplitting(null),
      },
    );

  if (merged.length === 0 && !canMerge) return null;
  return (
    <section aria-label="Merged groups" className="grid gap-2">
      <h3 className="text-sm font-semibold">Merged groups</h3>
      {merged.length === 0 ? (
        <p className="text-sm text-muted-foreground">No group was merged into this one.</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {merged.map((member) => (
            <li key={member.fingerprint} className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs">{member.fingerprint}</span>
              <span className="text-muted-foreground">
                {member.occurrences.toLocaleString('en-MY')}{' '}
                {member.occurrences === 1 ? 'report' : 'reports'}, merged{' '}
                {formatBusinessDateTime(member.mergedAt)}
              </span>
              {canSplit && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setSplitting(member.fingerprint)}
                >
                  <SplitIcon aria-hidden="true" />
                  Split Out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {canMerge && <CrashGroupMergePicker fingerprint={fingerprint} />}
      <ConfirmDialog
        open={splitting !== null}
        onOpenChange={(open) => !open && setSplitting(null)}
        title="Split the group out?"
        description={`The reports of ${splitting ?? ''} leave this group for a group of their own, and so do its future reports.`}
        confirmLabel="Split Out"
        pending={split.isPending}
        onConfirm={() => splitting && doSplit(splitting)}
      />
    </section>
  );
}
