import { AlertCircleIcon } from 'lucide-react';
import { Progress } from '@/components/ui/progress';

type UploadStatusProps = {
  pending: boolean;
  stage: 'apk' | 'mapping';
  progress: number;
  /** The last refusal in words, shown once nothing is under way. */
  failure: string | null;
};

/** An upload's progress bar while it goes, and its refusal once it failed. */
export function UploadStatus({ pending, stage, progress, failure }: UploadStatusProps) {
  if (pending) {
    return (
      <div className="grid gap-1" aria-live="polite">
        <Progress
          value={progress}
          aria-label={stage === 'apk' ? 'APK upload progress' : 'Mapping upload progress'}
        />
        <span className="text-xs text-muted-foreground tabular-nums">
          {stage === 'apk' ? 'Uploading...' : 'Uploading mapping...'} {progress}%
        </span>
      </div>
    );
  }
  if (!failure) return null;
  return (
    <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
      <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {failure}
    </p>
  );
}
