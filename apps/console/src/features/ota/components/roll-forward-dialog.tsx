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
import { fieldErrorProps, FormField } from '@/components/form-field';
import { Input } from '@/components/ui/input';
import { useRollForward } from '@/features/ota/api/roll-forward';
import { uploadFailureToast } from '@/features/ota/api/upload-apk';
import { apkHint } from '@/features/ota/components/upload-apk-fields';
import { apkProblems } from '@/features/ota/lib/apk-checks';
import { apkFileProblem } from '@/features/ota/lib/upload-apk-form';
import { useApkReading } from '@/features/ota/lib/use-apk-reading';

type RollForwardDialogProps = {
  version: OtaVersion;
  goodVersion: OtaVersion | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Roll forward from a halted release: the previous good build, rebuilt with a version code above
 * the latest (Android refuses to install a lower one), becomes the active release at 100 %. The
 * APK is read here first, so a build with the wrong package, a version code not above the halted
 * release's or a version name already released is named before it is sent.
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
  const fileProblem = file ? apkFileProblem(file) : null;
  const reading = useApkReading(file && !fileProblem ? file : null);
  const problems = apkProblems(reading, '', goodVersion ? [version, goodVersion] : [version]);
  const problem = fileProblem ?? problems.apk ?? problems.version;
  const fieldId = `roll-forward-${version.id}`;
  const submit = () => {
    if (!file || problem || reading.status === 'reading') return;
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
        <FormField
          id={fieldId}
          label={`Rebuilt APK of ${good}`}
          error={problem ?? undefined}
          hint={apkHint(file, reading)}
        >
          <Input
            type="file"
            accept=".apk,application/vnd.android.package-archive"
            disabled={mutation.isPending}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            {...fieldErrorProps(fieldId, problem ?? undefined)}
          />
        </FormField>
        {mutation.isPending && (
          <span className="text-xs text-muted-foreground tabular-nums">Uploading {progress}%</span>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={
              !file || Boolean(problem) || reading.status === 'reading' || mutation.isPending
            }
            onClick={submit}
          >
            Roll Forward
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
