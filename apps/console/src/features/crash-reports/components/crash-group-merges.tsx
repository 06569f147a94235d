import type { CrashGroupMerge } from '@patrol/contracts';
import { formatBusinessDateTime, hasPermission } from '@patrol/domain';
import { MergeIcon, SplitIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import {
  useMergeCrashGroups,
  useSplitCrashGroup,
} from '@/features/crash-reports/api/merge-crash-groups';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

type CrashGroupMergesProps = {
  fingerprint: string;
  merged: CrashGroupMerge[];
  /** After a split, the dialog may show the group split out. */
  onSplit?: (fingerprint: string) => void;
};

/**
 * The groups staff merged into this one (each can be split out again, confirmed) and, for those
 * with settings.edit, merging another group in by its fingerprint (confirmed).
 */
export function CrashGroupMerges({ fingerprint, merged, onSplit }: CrashGroupMergesProps) {
  const { user } = useAuth();
  const canManage = hasPermission(user, 'settings.edit');
  const merge = useMergeCrashGroups();
  const split = useSplitCrashGroup();
  const [source, setSource] = useState('');
  const [confirmMerge, setConfirmMerge] = useState(false);
  const [splitting, setSplitting] = useState<string | null>(null);

  const askMerge = (event: FormEvent) => {
    event.preventDefault();
    if (source.trim()) setConfirmMerge(true);
  };
  const doMerge = () =>
    merge.mutate(
      { target: fingerprint, source: source.trim() },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setSource('');
        },
        onError: (error) => toast.error('Groups not merged', { description: failure(error) }),
        onSettled: () => setConfirmMerge(false),
      },
    );
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

  if (merged.length === 0 && !canManage) return null;
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
                {member.occurrences.toLocaleString('en-MY')} reports, merged{' '}
                {formatBusinessDateTime(member.mergedAt)}
              </span>
              {canManage && (
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
      {canManage && (
        <form className="flex flex-wrap items-end gap-2" onSubmit={askMerge}>
          <label className="grid gap-1 text-sm">
            Merge another group into this one (its fingerprint)
            <Input
              value={source}
              onChange={(event) => setSource(event.target.value)}
              placeholder="e.g. 9c1f0a2b3d4e5f60"
              className="w-56 font-mono"
              maxLength={64}
            />
          </label>
          <Button type="submit" variant="outline" size="sm" disabled={!source.trim()}>
            <MergeIcon aria-hidden="true" />
            Merge
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={confirmMerge}
        onOpenChange={setConfirmMerge}
        title="Merge the groups?"
        description={`The reports of group ${source.trim()} are counted in this group, and so are its future reports, until it is split out again.`}
        confirmLabel="Merge Groups"
        pending={merge.isPending}
        onConfirm={doMerge}
      />
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
