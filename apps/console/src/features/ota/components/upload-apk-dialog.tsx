import { zodResolver } from '@hookform/resolvers/zod';
import { otaMessages, type OtaVersion } from '@patrol/contracts';
import { useEffect, useId, useRef, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
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
import { UploadApkFields } from '@/features/ota/components/upload-apk-fields';
import { UploadStatus } from '@/features/ota/components/upload-status';
import { apkProblems } from '@/features/ota/lib/apk-checks';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import {
  apkFileProblem,
  emptyUploadForm,
  uploadFormSchema,
  type UploadFormInput,
  type UploadFormValues,
} from '@/features/ota/lib/upload-apk-form';
import { useApkReading } from '@/features/ota/lib/use-apk-reading';
import { useUploadSubmit } from '@/features/ota/lib/use-upload-submit';

type UploadApkDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The releases already here: the APK read in the browser is checked against them. */
  releases?: readonly OtaVersion[];
};

/**
 * Upload New APK: the APK (read in the browser, which fills in its version), release notes,
 * mapping and rollout, with a progress bar while it goes.
 */
export function UploadApkDialog({ open, onOpenChange, releases = [] }: UploadApkDialogProps) {
  const idPrefix = useId();
  const form = useForm<UploadFormInput, unknown, UploadFormValues>({
    resolver: zodResolver(uploadFormSchema),
    defaultValues: emptyUploadForm,
  });
  const { register, handleSubmit, reset, setValue, getValues, setError, formState, watch } = form;
  const sending = useUploadSubmit(setError, () => onOpenChange(false));
  const chosenFile = watch('apk');
  const reading = useApkReading(chosenFile && !apkFileProblem(chosenFile) ? chosenFile : null);
  const problems = apkProblems(reading, watch('version'), releases);
  const filledVersion = useRef('');
  const { reset: resetSending } = sending;

  useEffect(() => {
    if (!open) return;
    reset(emptyUploadForm);
    resetSending();
    filledVersion.current = '';
    // Once per opening; resetSending is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, reset]);

  // The APK's version name fills Version, unless staff typed one of their own.
  useEffect(() => {
    if (reading.status !== 'read') return;
    const entered = getValues('version').trim();
    if (!entered || entered === filledVersion.current) {
      setValue('version', reading.identity.versionName, { shouldValidate: true });
    }
    filledVersion.current = reading.identity.versionName;
  }, [reading, getValues, setValue]);

  const close = () => {
    // Closing gives up an upload under way.
    sending.cancel();
    onOpenChange(false);
  };

  const onApkChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    setValue('apk', file, { shouldValidate: true, shouldDirty: true });
    if (file && file.size > 0 && apkFileProblem(file) === otaMessages.apkTooLarge) {
      toast.error(otaScreenMessages.upload.tooLarge.title, {
        description: otaMessages.apkTooLarge,
      });
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    // What the server would refuse is said under its field already: nothing is sent.
    if (problems.apk || problems.version || reading.status === 'reading') return;
    await sending.submit(values);
  });
  const { pending, stage, progress, failure } = sending;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload New APK</DialogTitle>
          <DialogDescription>
            The APK is read here and checked again on the server: its version name must match the
            version entered and its version code must be above the latest release&apos;s.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-4">
          <UploadApkFields
            idPrefix={idPrefix}
            register={register}
            errors={formState.errors}
            problems={problems}
            reading={reading}
            apk={chosenFile}
            mapping={watch('mapping')}
            pending={pending}
            onApkChosen={onApkChosen}
            onMappingChosen={(file) => setValue('mapping', file, { shouldValidate: true })}
          />
          <UploadStatus pending={pending} stage={stage} progress={progress} failure={failure} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {pending ? 'Cancel Upload' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={pending || reading.status === 'reading'}>
              {pending ? 'Uploading...' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
