import type { CrashGroup } from '@patrol/contracts';
import { MergeIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMergeCrashGroups } from '@/features/crash-reports/api/merge-crash-groups';
import { useCrashGroupSearch } from '@/features/crash-reports/api/search-crash-groups';
import { typingDelayMs } from '@/features/crash-reports/lib/use-debounced-text';
import { ApiError } from '@/lib/api-client';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/** The search text once typing pauses. */
function useSettledText(text: string): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), typingDelayMs);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

function GroupMatch({ group, onPick }: { group: CrashGroup; onPick: () => void }) {
  return (
    <li className="flex items-start justify-between gap-3 rounded-md border p-2">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words">{group.title}</span>
        <span className="text-xs break-words text-muted-foreground">
          {[group.exceptionType, group.culprit].filter(Boolean).join(' at ') || 'No stack frames'}
        </span>
        <span className="text-xs text-muted-foreground">
          <span className="font-mono">{group.fingerprint}</span> ·{' '}
          {group.occurrences.toLocaleString('en-MY')} reports
        </span>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={onPick}
        aria-label={`Merge ${group.fingerprint}`}
      >
        <MergeIcon aria-hidden="true" />
        Merge
      </Button>
    </li>
  );
}

/**
 * Finds another group to merge into this one with the server's search (exception, message,
 * fingerprint, frame) and merges it once confirmed.
 */
export function CrashGroupMergePicker({ fingerprint }: { fingerprint: string }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const term = useSettledText(text);
  const search = useCrashGroupSearch(term);
  const merge = useMergeCrashGroups();
  const [source, setSource] = useState<CrashGroup | null>(null);
  const matches = (search.data ?? []).filter((group) => group.fingerprint !== fingerprint);

  const doMerge = (picked: CrashGroup) =>
    merge.mutate(
      { target: fingerprint, source: picked.fingerprint },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setText('');
        },
        onError: (error) => toast.error('Groups not merged', { description: failure(error) }),
        onSettled: () => setSource(null),
      },
    );

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm">
        Find a group to merge into this one
      </label>
      <Input
        id={inputId}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Exception, message, fingerprint or frame"
        maxLength={100}
      />
      {term.length >= 2 && (
        <ul aria-label="Groups found" className="grid max-h-64 gap-1 overflow-y-auto text-sm">
          {search.isError ? (
            <li role="alert">The search failed. Try again.</li>
          ) : search.data && matches.length === 0 ? (
            <li className="text-muted-foreground">No other group matches.</li>
          ) : (
            matches.map((group) => (
              <GroupMatch key={group.fingerprint} group={group} onPick={() => setSource(group)} />
            ))
          )}
        </ul>
      )}
      <ConfirmDialog
        open={source !== null}
        onOpenChange={(open) => !open && setSource(null)}
        title="Merge the groups?"
        description={`The reports of group ${source?.fingerprint ?? ''} (${source?.title ?? ''}) are counted in this group, and so are its future reports, until it is split out again.`}
        confirmLabel="Merge Groups"
        pending={merge.isPending}
        onConfirm={() => source && doMerge(source)}
      />
    </div>
  );
}
