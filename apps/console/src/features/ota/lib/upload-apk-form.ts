import { apkFileSchema, otaMessages, otaUploadFieldsSchema } from '@patrol/contracts';
import { z } from 'zod';
import { mappingFileProblem } from '@/features/ota/api/version-mapping';

/** The contract's file check ('.apk', under 200 MB); a missing file names both required inputs. */
export function apkFileProblem(file: File | null | undefined): string | null {
  if (!file) return otaMessages.fileAndVersionRequired;
  const checked = apkFileSchema.safeParse({ name: file.name, size: file.size });
  return checked.success ? null : (checked.error.issues[0]?.message ?? otaMessages.apkOnly);
}

/** Upload New APK's fields, checked before anything is sent. */
export const uploadFormSchema = z.object({
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

export type UploadFormInput = z.input<typeof uploadFormSchema>;
export type UploadFormValues = z.output<typeof uploadFormSchema>;

export const emptyUploadForm: UploadFormInput = {
  apk: null,
  version: '',
  releaseNotes: '',
  mapping: null,
  rolloutPercent: 100,
};
