import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Transform } from 'node:stream';
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

/** A received file: multer's description, plus the SHA-256 of its content (hex). */
export type ReceivedFile = Express.Multer.File & { sha256: string };

/**
 * Multer storage that writes each file to a temporary name in `directory` and hashes it on the
 * way, so the checksum costs no second read. A failed write leaves nothing behind; multer calls
 * `_removeFile` for files of a request it aborts (over the size limit, a broken body).
 */
function hashingDiskStorage(directory: string): multer.StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const path = join(directory, `upload-${randomBytes(12).toString('hex')}.part`);
      const hash = createHash('sha256');
      let size = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, next) {
          hash.update(chunk);
          size += chunk.length;
          next(null, chunk);
        },
      });
      pipeline(file.stream, hashing, createWriteStream(path)).then(
        () => callback(null, { path, size, sha256: hash.digest('hex') } as Partial<ReceivedFile>),
        (error: unknown) => void removeFile(path).finally(() => callback(error as Error)),
      );
    },
    _removeFile(_req, file, callback) {
      removeFile(file.path).then(() => callback(null), callback);
    },
  };
}

/**
 * Receives one multipart file, streamed to a temporary file in `options.directory` (never held in
 * memory) and hashed as it arrives. Resolves with its description; rejects with 413 over the size
 * limit and 400 when the field is missing, leaving no partial file on disk.
 */
export async function receiveSingleFile(
  req: Request,
  res: Response,
  options: SingleFileUploadOptions,
): Promise<ReceivedFile> {
  await mkdir(options.directory, { recursive: true });
  const upload = multer({
    storage: hashingDiskStorage(options.directory),
    limits: { fileSize: options.maxBytes, files: 1, fields: 20 },
  }).single(options.field);

  await new Promise<void>((resolve, reject) => {
    upload(req, res, (error: unknown) =>
      error ? reject(toUploadError(error, options)) : resolve(),
    );
  });
  if (!req.file) throw invalid(options.missingMessage, { [options.field]: options.missingMessage });
  return req.file as ReceivedFile;
}

/** A multipart upload received: its one file and the form's other fields (not yet parsed). */
export interface ReceivedUpload {
  file: ReceivedFile;
  fields: unknown;
}

/**
 * Receives the request's multipart upload when called: what a route hands a service, so the
 * service decides when (after its own checks) and where the file goes without taking Express's
 * request and response. The caller removes the file once done with it.
 */
export type ReceiveUpload = (options: SingleFileUploadOptions) => Promise<ReceivedUpload>;

/** The `ReceiveUpload` of one request. */
export function uploadReceiver(req: Request, res: Response): ReceiveUpload {
  return async (options) => {
    const file = await receiveSingleFile(req, res, options);
    return { file, fields: req.body ?? {} };
  };
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
        } else if (error.code === 'ECONNABORTED' || res.destroyed) {
          // A client that hangs up mid-download (a phone losing signal) is routine, not a fault.
          res.req.log.debug({ file: basename(fileName) }, 'download aborted by the client');
          resolve();
        } else reject(error);
      },
    );
  });
}
