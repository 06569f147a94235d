import type { Response } from 'express';
import { sendUpload, type SendUploadOptions } from './uploads';

/** A stored file as a service describes it; the route streams it (sendStoredFile). */
export interface StoredFile {
  directory: string;
  fileName: string;
  /** Headers beyond the caching ones (a download's file name, a checksum). */
  headers?: Record<string, string>;
  options: SendUploadOptions;
}

/** Streams a stored file with its headers; HTTP Range and conditional requests are answered. */
export function sendStoredFile(res: Response, file: StoredFile): Promise<void> {
  for (const [name, value] of Object.entries(file.headers ?? {})) res.setHeader(name, value);
  return sendUpload(res, file.directory, file.fileName, file.options);
}
