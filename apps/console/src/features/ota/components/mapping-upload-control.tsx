import { mappingMaxBytes, type OtaVersion } from '@patrol/contracts';
import { formatFileSize } from '@patrol/domain';
import { UploadIcon } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Progress } from '@/components/ui/progress';
import { mappingFileProblem, useUploadMapping } from '@/features/ota/api/version-mapping';
import { uploadFailureToast } from '@/features/ota/api/upload-apk';

/**
 * Uploads an R8/ProGuard mapping for an existing release: choose the file (refused at once over
 * the size limit), upload with a progress bar; the release's crashes are then retraced.
 */
export function MappingUploadControl({ version }: { version: Pick<OtaVersion, 'id' | 'version'> }) {
  const inputId = useId();
  const upload = useUploadMapping();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setProblem(chosen ? mappingFileProblem(chosen) : null);
  };

  const send = () => {
    const checked = mappingFileProblem(file);
    if (checked || !file) {
      setProblem(checked);
      return;
    }
    setProgress(0);
    upload.mutate(
      { versionId: version.id, file, onProgress: setProgress },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: (error) => {
          const { title, description } = uploadFailureToast(error);
          setProblem(description);
          toast.error(title, { description });
        },
      },
    );
  };

  return (
    <div className="grid gap-2">
      <label htmlFor={inputId} className="text-sm">
        Mapping file (mapping.txt)
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          ref={input}
          type="file"
          accept=".txt,text/plain"
          className="max-w-64"
          disabled={upload.isPending}
          onChange={choose}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${inputId}-hint`}
        />
        <Button type="button" size="sm" disabled={!file || upload.isPending} onClick={send}>
          <UploadIcon aria-hidden="true" />
          {upload.isPending ? 'Uploading...' : 'Upload Mapping'}
        </Button>
      </div>
      <p id={`${inputId}-hint`} className="text-xs text-muted-foreground">
        {file
          ? `${file.name} (${formatFileSize(file.size)})`
          : `R8/ProGuard mapping of this build, smaller than ${formatFileSize(mappingMaxBytes)}.`}
      </p>
      {upload.isPending && (
        <div className="grid gap-1" aria-live="polite">
          <Progress value={progress} aria-label="Mapping upload progress" />
          <span className="text-xs text-muted-foreground tabular-nums">
            Uploading... {progress}%
          </span>
        </div>
      )}
      {problem && !upload.isPending && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
    </div>
  );
}
