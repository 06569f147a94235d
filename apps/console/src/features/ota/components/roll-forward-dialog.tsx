import type { OtaVersion } from '@patrol/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
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
import { Label } from '@/components/ui/label';
import { useRollForward } from '@/features/ota/api/roll-forward';
import { uploadFailureToast } from '@/features/ota/api/upload-apk';

type RollForwardDialogProps = {
  version: OtaVersion;
  goodVersion: OtaVersion | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Roll forward from a halted release: the previous good build, rebuilt with a version code above
 * the latest (Android refuses to install a lower one), becomes the active release at 100 %.
 */
export function RollForwardDialog({
  version,
  goodVersion,
  open,
  onOpenChange,
}: RollForwardDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const mutation = useRollForward();
  const good = goodVersion?.version ?? 'the previous good release';
  const submit = () => {
    if (!file) return;
    mutation.mutate(
      { id: version.id, file, onProgress: setProgress },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onOpenChange(false);
        },
        onError: (error) => {
          const failure = uploadFailureToast(error);
          toast.error(failure.title, { description: failure.description });
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Roll forward from {version.version}?</DialogTitle>
          <DialogDescription>
            The build of {good}, rebuilt with a version code above{' '}
            {version.buildNumber ?? 'the latest'}, replaces {version.version}: it becomes the active
            release for every device, and {version.version} is deactivated.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={`roll-forward-${version.id}`}>Rebuilt APK of {good}</Label>
          <Input
            id={`roll-forward-${version.id}`}
            type="file"
            accept=".apk,application/vnd.android.package-archive"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {mutation.isPending && (
            <span className="text-xs text-muted-foreground tabular-nums">
              Uploading {progress}%
            </span>
          )}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={!file || mutation.isPending} onClick={submit}>
            Roll Forward
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
