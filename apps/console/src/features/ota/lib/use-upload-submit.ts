import { useRef, useState } from 'react';
import type { UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { showServerFieldErrors } from '@/lib/form-errors';
import { uploadFailureToast, useUploadApk } from '@/features/ota/api/upload-apk';
import { useUploadMapping } from '@/features/ota/api/version-mapping';
import { otaScreenMessages } from '@/features/ota/lib/ota-messages';
import type { UploadFormInput, UploadFormValues } from '@/features/ota/lib/upload-apk-form';

/**
 * Sends Upload New APK: the APK with a progress bar, then the mapping chosen with it, if any, to
 * the new release. `cancel` gives up an upload under way; `failure` is the last refusal in words.
 */
export function useUploadSubmit(setError: UseFormSetError<UploadFormInput>, onDone: () => void) {
  const upload = useUploadApk();
  const uploadMapping = useUploadMapping();
  const [stage, setStage] = useState<'apk' | 'mapping'>('apk');
  const [progress, setProgress] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);

  const submit = async (values: UploadFormValues) => {
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
      onDone();
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
  };

  const reset = () => {
    setProgress(0);
    setFailure(null);
  };

  return {
    submit,
    reset,
    cancel: () => uploadAbort.current?.abort(),
    pending: upload.isPending || uploadMapping.isPending,
    stage,
    progress,
    failure,
  };
}
