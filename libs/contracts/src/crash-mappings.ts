import { z } from 'zod';
import { isoDateTimeSchema, successResponse } from './fields';

/** The largest R8/ProGuard mapping accepted: 200 MiB (a large app's is tens of MiB). */
export const mappingMaxBytes = 209_715_200;

export const crashMappingMessages = {
  fileRequired: 'Please select a mapping file',
  tooLarge: 'Mapping file must be smaller than 200MB.',
  notAMapping: (detail: string) => `The file is not an R8/ProGuard mapping: ${detail}.`,
  noClasses: 'The file is not an R8/ProGuard mapping: it maps no class.',
  tooSlow: (seconds: number) => `The mapping could not be read within ${seconds} seconds.`,
  tooDemanding: 'Reading the mapping needed more memory than a mapping ever should.',
  uploaded: (version: string) => `Mapping for version ${version} uploaded successfully`,
  deleted: 'Mapping deleted successfully',
  notFound: 'This version has no mapping file',
} as const;

/** The R8/ProGuard mapping of an app version, as listed on the version. */
export const crashMappingSchema = z.object({
  /** Bytes. */
  fileSize: z.number().int(),
  /** SHA-256 of the file, hex. */
  checksum: z.string(),
  /** Classes the mapping names. */
  classCount: z.number().int(),
  uploadedAt: isoDateTimeSchema,
  downloadUrl: z.string(),
  /**
   * Reports of the version received before the mapping: null while they are being retraced in
   * the background, the time the last of them was retraced once done.
   */
  retracedAt: isoDateTimeSchema.nullable(),
});
export type CrashMapping = z.infer<typeof crashMappingSchema>;

/** POST /api/ota/versions/{id}/mapping. */
export const crashMappingResponseSchema = successResponse({
  message: z.string(),
  mapping: crashMappingSchema,
});
export type CrashMappingResponse = z.infer<typeof crashMappingResponseSchema>;
