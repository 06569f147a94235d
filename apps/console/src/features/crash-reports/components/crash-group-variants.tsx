import { SplitIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useCrashStackVariants } from '@/features/crash-reports/api/get-crash-stack-variants';
import { useSplitCrashReports } from '@/features/crash-reports/api/merge-crash-groups';
import { CrashStackVariantItem } from '@/features/crash-reports/components/crash-stack-variant-item';
import { ApiError } from '@/lib/api-client';

const failure = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The group's latest reports by whole stack (its variants): staff choose a variant, or reports of
 * it, and split them out into a new group, confirmed. Shown to those who may split.
 */
export function CrashGroupVariants({ fingerprint }: { fingerprint: string }) {
  const variants = useCrashStackVariants(fingerprint, true);
  const split = useSplitCrashReports();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const toggle = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const doSplit = () =>
    split.mutate(
      { group: fingerprint, reportIds: [...selected] },
      {
        onSuccess: (response) => {
          toast.success(response.message, {
            description: `New group ${response.data.fingerprint}`,
          });
          setSelected(new Set());
        },
        onError: (error) => toast.error('Reports not split', { description: failure(error) }),
        onSettled: () => setConfirming(false),
      },
    );

  const data = variants.data;
  const count = selected.size;
  return (
    <section aria-label="Stack variants" className="grid gap-2">
      <h3 className="text-sm font-semibold">Stack variants</h3>
      {variants.isError ? (
        <p role="alert" className="text-sm">
          The stack variants could not be loaded.
        </p>
      ) : !data ? (
        <p className="text-sm text-muted-foreground">Reading the latest reports…</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            The latest {data.scanned.toLocaleString('en-MY')} reports by their whole stack. Choose a
            variant, or some of its reports, to split them out into a new group.
          </p>
          <ul className="grid gap-2 text-sm">
            {data.variants.map((variant, index) => (
              <CrashStackVariantItem
                key={variant.key}
                variant={variant}
                number={index + 1}
                selected={selected}
                onToggle={toggle}
              />
            ))}
          </ul>
          <div>
            <Button
              variant="outline"
              size="sm"
              disabled={count === 0}
              onClick={() => setConfirming(true)}
            >
              <SplitIcon aria-hidden="true" />
              Split Into New Group
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Split the chosen reports out?"
        description={`${count} ${count === 1 ? 'report leaves' : 'reports leave'} this group for a new group, and stay there when reports are regrouped. New reports of this crash still join this group.`}
        confirmLabel="Split Into New Group"
        pending={split.isPending}
        onConfirm={doSplit}
      />
    </section>
  );
}
