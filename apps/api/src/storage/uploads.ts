import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import multer from 'multer';
import { AppError, invalid, notFound } from '../http/app-error';

/** The folder of uploaded files (logos, APKs): DATA_DIR/uploads. */
export function uploadsDirectory(dataDir: string): string {
  return join(dataDir, 'uploads');
}

export interface SingleFileUploadOptions {
  /** Where the file is written while the request streams in. */
  directory: string;
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** Answer (413) when the file is larger than `maxBytes`. */
  tooLargeMessage: string;
  /** Answer (400) when the request carries no file in `field`. */
  missingMessage: string;
}

/**
 * Receives one multipart file, streamed to a temporary file in `options.directory` (never held in
 * memory). Resolves with multer's description of it; rejects with 413 over the size limit and 400
 * when the field is missing. Multer deletes a partly written file itself when it aborts.
 */
export async function receiveSingleFile(
  req: Request,
  res: Response,
  options: SingleFileUploadOptions,
): Promise<Express.Multer.File> {
  await mkdir(options.directory, { recursive: true });
  const upload = multer({
    storage: multer.diskStorage({
      destination: options.directory,
      filename: (_req, _file, callback) =>
        callback(null, `upload-${randomBytes(12).toString('hex')}.part`),
    }),
    limits: { fileSize: options.maxBytes, files: 1, fields: 20 },
  }).single(options.field);

  await new Promise<void>((resolve, reject) => {
    upload(req, res, (error: unknown) =>
      error ? reject(toUploadError(error, options)) : resolve(),
    );
  });
  if (!req.file) throw invalid(options.missingMessage, { [options.field]: options.missingMessage });
  return req.file;
}

function toUploadError(error: unknown, options: SingleFileUploadOptions): unknown {
  // Anything else (a truncated or malformed multipart body) is bad input too, never a 500.
  if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', options.tooLargeMessage, {
      [options.field]: options.tooLargeMessage,
    });
  }
  // A file under another field name, several files, too many fields: not the upload we expect.
  return invalid(options.missingMessage, { [options.field]: options.missingMessage });
}

/**
 * Moves a received file to its permanent name `<prefix>-<content hash>.<extension>` in the same
 * folder and answers that name. The name changes whenever the content does, so it is also a
 * strong validator (ETag) and a cache-busting version.
 */
export async function storeUnderContentName(
  temporaryPath: string,
  prefix: string,
  extension: string,
): Promise<{ fileName: string; contentHash: string }> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(temporaryPath), hash);
  const contentHash = hash.digest('hex');
  const fileName = `${prefix}-${contentHash.slice(0, 32)}.${extension}`;
  await rename(temporaryPath, join(dirname(temporaryPath), fileName));
  return { fileName, contentHash };
}

/** Deletes a stored upload; a file that is already gone is not an error. */
export async function removeUpload(directory: string, fileName: string): Promise<void> {
  // Names come from the database, but a path separator must never reach outside the folder.
  await rm(join(directory, basename(fileName)), { force: true });
}

/** Deletes a file given by its full path (e.g. a temporary upload that was refused). */
export async function removeFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

export interface SendUploadOptions {
  contentType: string;
  /** A strong validator for conditional requests (answered 304 when it matches). */
  etag: string;
  cacheControl: string;
}

/** Streams a stored upload with its caching headers; 404 when the file is missing on disk. */
export function sendUpload(
  res: Response,
  directory: string,
  fileName: string,
  options: SendUploadOptions,
): Promise<void> {
  res.setHeader('ETag', options.etag);
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  return new Promise((resolve, reject) => {
    res.sendFile(
      basename(fileName),
      {
        root: directory,
        headers: { 'Content-Type': options.contentType },
        // The headers above replace send's weak, modification-time validators.
        etag: false,
        lastModified: false,
        cacheControl: false,
      },
      (error?: NodeJS.ErrnoException) => {
        if (!error) resolve();
        else if (error.code === 'ENOENT' || (error as { status?: number }).status === 404) {
          reject(notFound('File not found'));
        } else reject(error);
      },
    );
  });
}
