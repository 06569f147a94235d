import { CopyIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useBackupCodesStatus, useRegenerateBackupCodes } from '@/features/account/api/own-account';

/** One's backup codes: how many are left, and a fresh set after an authenticator code. */
export function BackupCodesDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const status = useBackupCodesStatus(open);
  const regenerate = useRegenerateBackupCodes();
  const [code, setCode] = useState('');
  const [fresh, setFresh] = useState<string[] | null>(null);

  const close = (next: boolean) => {
    if (regenerate.isPending) return;
    onOpenChange(next);
    if (!next) {
      setCode('');
      setFresh(null);
    }
  };

  const generate = async () => {
    try {
      const answer = await regenerate.mutateAsync(code);
      setFresh(answer.backupCodes);
      toast.success(answer.message);
      void status.refetch();
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : 'Failed to generate new codes');
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Backup Codes</DialogTitle>
          <DialogDescription>
            Each code signs you in once when your authenticator is not at hand.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm" aria-live="polite">
          {status.data
            ? `${status.data.remaining} of ${status.data.total} backup codes left.`
            : 'Counting your backup codes...'}
        </p>
        {fresh ? (
          <div className="grid gap-3">
            <p className="text-sm font-medium">
              Your new codes (shown once; the old ones no longer work):
            </p>
            <ul aria-label="New backup codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
              {fresh.map((value) => (
                <li key={value} className="rounded-md bg-muted px-2 py-1 text-center">
                  {value}
                </li>
              ))}
            </ul>
            <Button
              variant="outline"
              onClick={() =>
                void navigator.clipboard
                  .writeText(fresh.join('\n'))
                  .then(() => toast.success('Backup codes copied'))
              }
            >
              <CopyIcon aria-hidden="true" />
              Copy All
            </Button>
          </div>
        ) : (
          <form
            className="grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              void generate();
            }}
          >
            <FormField
              id="backup-code"
              label="Code from your authenticator"
              hint="New codes replace every old one."
            >
              <Input
                id="backup-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
              />
            </FormField>
            <Button type="submit" disabled={code.length !== 6 || regenerate.isPending}>
              {regenerate.isPending ? 'Generating...' : 'Generate New Codes'}
            </Button>
          </form>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Close
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
