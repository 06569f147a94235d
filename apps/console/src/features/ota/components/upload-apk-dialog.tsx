import { zodResolver } from '@hookform/resolvers/zod';
import { apkFileSchema, otaMessages, otaUploadFieldsSchema } from '@patrol/contracts';
import { formatFileSize } from '@patrol/domain';
import { AlertCircleIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { fieldErrorProps, FormField } from '@/components/form-field';
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
import { Progress } from '@/components/ui/progress';
import { Textarea } from '@/components/ui/textarea';
import { showServerFieldErrors } from '@/lib/form-errors';
import { uploadFailureToast, useUploadApk } from '@/features/ota/api/upload-apk';
import { mappingFileProblem, useUploadMapping } from '@/features/ota/api/version-mapping';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';

/** The contract's file check ('.apk', under 200 MB); a missing file names both required inputs. */
export function apkFileProblem(file: File | null | undefined): string | null {
  if (!file) return otaMessages.fileAndVersionRequired;
  const checked = apkFileSchema.safeParse({ name: file.name, size: file.size });
  return checked.success ? null : (checked.error.issues[0]?.message ?? otaMessages.apkOnly);
}

const uploadFormSchema = z.object({
  apk: z.custom<File | null>().superRefine((file, context) => {
    const problem = apkFileProblem(file);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  version: otaUploadFieldsSchema.shape.version,
  releaseNotes: z.string().trim().max(5000, 'Release notes must be 5000 characters or less'),
  /** The build's R8/ProGuard mapping, optional: uploaded to the new release once it exists. */
  mapping: z.custom<File | null>().superRefine((file, context) => {
    const problem = file ? mappingFileProblem(file) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem });
  }),
  rolloutPercent: z
    .number({ error: 'Enter a percentage from 0 to 100' })
    .int('Enter a whole percentage')
    .min(0, 'Enter a percentage from 0 to 100')
    .max(100, 'Enter a percentage from 0 to 100'),
});

type UploadFormInput = z.input<typeof uploadFormSchema>;
type UploadFormValues = z.output<typeof uploadFormSchema>;

const emptyForm: UploadFormInput = {
  apk: null,
  version: '',
  releaseNotes: '',
  mapping: null,
  rolloutPercent: 100,
};

type UploadApkDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** Upload New APK: file, version, release notes and rollout, with a progress bar while it goes. */
export function UploadApkDialog({ open, onOpenChange }: UploadApkDialogProps) {
  const idPrefix = useId();
  const ids = {
    apk: `${idPrefix}-apk`,
    version: `${idPrefix}-version`,
    releaseNotes: `${idPrefix}-notes`,
    mapping: `${idPrefix}-mapping`,
    rolloutPercent: `${idPrefix}-rollout`,
  };
  const upload = useUploadApk();
  const uploadMapping = useUploadMapping();
  const [stage, setStage] = useState<'apk' | 'mapping'>('apk');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const form = useForm<UploadFormInput, unknown, UploadFormValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: emptyForm,
  });
  const { register, handleSubmit, reset, setValue, setError, formState, watch } = form;
  const errors = formState.errors;
  const chosenFile = watch('apk');
  const chosenMapping = watch('mapping');

  useEffect(() => {
    if (!open) return;
    reset(emptyForm);
    setProgress(0);
    setFailure(null);
  }, [open, reset]);

  const close = () => {
    // Closing gives up an upload under way.
    uploadAbort.current?.abort();
    onOpenChange(false);
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setValue('apk', file, { shouldValidate: true, shouldDirty: true });
    if (file && file.size > 0 && apkFileProblem(file) === otaMessages.apkTooLarge) {
      toast.error(otaScreenMessages.upload.tooLarge.title, {
        description: otaMessages.apkTooLarge,
      });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const controller = new AbortController();
    uploadAbort.current = controller;
    setFailure(null);
    setProgress(0);
    setStage('apk');
    try {
      const response = await upload.mutateAsync({
        file: values.apk as File,
        version: values.version,
        releaseNotes: values.releaseNotes,
        rolloutPercent: values.rolloutPercent,
        onProgress: setProgress,
        signal: controller.signal,
      });
      toast.success(otaScreenMessages.upload.success, { description: response.message });
      if (values.mapping) {
        setStage('mapping');
        setProgress(0);
        // The release exists now: a refused mapping is said, and may be uploaded again from
        // Version Details, without sending the APK twice.
        await uploadMapping
          .mutateAsync({
            versionId: response.version.id,
            file: values.mapping,
            onProgress: setProgress,
            signal: controller.signal,
          })
          .then(
            (mapping) => toast.success(mapping.message),
            (error: unknown) =>
              toast.error(otaScreenMessages.mappingFailed, {
                description: uploadFailureToast(error).description,
              }),
          );
      }
      onOpenChange(false);
    } catch (error) {
      if (controller.signal.aborted) {
        toast.info(otaScreenMessages.upload.cancelled);
        return;
      }
      showServerFieldErrors(error, setError, ['version', 'apk']);
      const { title, description } = uploadFailureToast(error);
      setFailure(`${title}: ${description}`);
      toast.error(title, { description });
    } finally {
      uploadAbort.current = null;
    }
  });

  const pending = upload.isPending || uploadMapping.isPending;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload New APK</DialogTitle>
          <DialogDescription>
            The APK is checked on the server: its version name must match the version entered and
            its version code must be above the latest release&apos;s.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <FormField
            id={ids.apk}
            label="APK file"
            error={errors.apk?.message}
            hint={
              chosenFile
                ? `${chosenFile.name} (${formatFileSize(chosenFile.size)})`
                : 'An Android .apk, smaller than 200MB.'
            }
          >
            <Input
              type="file"
              accept=".apk,application/vnd.android.package-archive"
              disabled={pending}
              onChange={onFileChosen}
              {...fieldErrorProps(ids.apk, errors.apk?.message)}
            />
          </FormField>
          <FormField id={ids.version} label="Version" error={errors.version?.message}>
            <Input
              placeholder="1.0.0"
              autoComplete="off"
              disabled={pending}
              {...fieldErrorProps(ids.version, errors.version?.message)}
              {...register('version')}
            />
          </FormField>
          <FormField
            id={ids.releaseNotes}
            label="Release notes"
            error={errors.releaseNotes?.message}
            hint="Optional. Shown to staff and offered to devices with the update."
          >
            <Textarea
              rows={4}
              disabled={pending}
              {...fieldErrorProps(ids.releaseNotes, errors.releaseNotes?.message)}
              {...register('releaseNotes')}
            />
          </FormField>
          <FormField
            id={ids.mapping}
            label="Mapping file"
            error={errors.mapping?.message}
            hint={
              chosenMapping
                ? `${chosenMapping.name} (${formatFileSize(chosenMapping.size)})`
                : "Optional. The build's R8/ProGuard mapping.txt, smaller than 200MB: crash stacks of this release are then readable."
            }
          >
            <Input
              type="file"
              accept=".txt,text/plain"
              disabled={pending}
              onChange={(event) =>
                setValue('mapping', event.target.files?.[0] ?? null, { shouldValidate: true })
              }
              {...fieldErrorProps(ids.mapping, errors.mapping?.message)}
            />
          </FormField>
          <FormField
            id={ids.rolloutPercent}
            label="Rollout percentage"
            error={errors.rolloutPercent?.message}
            hint="Share of devices offered this release once it is active; 100 offers it to every device."
          >
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              className="w-32"
              disabled={pending}
              {...fieldErrorProps(ids.rolloutPercent, errors.rolloutPercent?.message)}
              {...register('rolloutPercent', { valueAsNumber: true })}
            />
          </FormField>
          {pending && (
            <div className="grid gap-1" aria-live="polite">
              <Progress
                value={progress}
                aria-label={stage === 'apk' ? 'APK upload progress' : 'Mapping upload progress'}
              />
              <span className="text-xs text-muted-foreground tabular-nums">
                {stage === 'apk' ? 'Uploading...' : 'Uploading mapping...'} {progress}%
              </span>
            </div>
          )}
          {failure && !pending && (
            <p role="alert" className="flex items-start gap-2 text-sm text-destructive">
              <AlertCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {failure}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {pending ? 'Cancel Upload' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? 'Uploading...' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
