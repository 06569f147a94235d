import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';

/**
 * `Content-Disposition: attachment` with a file name every browser reads. A name with characters
 * outside printable ASCII (or quotes and separators) gets an ASCII fallback with those replaced by
 * `_`, plus the exact name in RFC 5987 form.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\/]/g, '_');
  if (fallback === fileName) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Starts a file download answer: 200, type, disposition, and never cached by proxies. */
export function beginDownload(res: Response, fileName: string, contentType: string): void {
  res.status(200);
  res.setHeader('Content-Type', contentType);
  res.setHeader('Content-Disposition', attachmentDisposition(fileName));
  res.setHeader('Cache-Control', 'no-store');
}

/**
 * A writer of one download's chunks, each waiting for the socket to drain when its buffer is full
 * so that a slow client never piles data up in memory; it resolves false once the client has gone
 * away. One drain and one close listener serve every chunk: the compression middleware moves a
 * response's drain listeners onto its compressor, out of reach of `removeListener`, so a listener a
 * chunk would pile up (fifty in a 50,000-client export, and Node's leak warning).
 */
export function chunkWriter(res: Response): (chunk: string | Buffer) => Promise<boolean> {
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  res.on('drain', resume);
  res.once('close', resume);
  return async (chunk) => {
    if (res.destroyed) return false;
    if (res.write(chunk) || res.destroyed) return !res.destroyed;
    await new Promise<void>((resolve) => {
      wake = resolve;
    });
    return !res.destroyed;
  };
}

/**
 * Streams a generated file (a PDF, a workbook) as a download. The source is destroyed when the
 * client goes away, so nothing keeps generating for nobody.
 */
export async function streamDownload(
  res: Response,
  source: Readable,
  fileName: string,
  contentType: string,
): Promise<void> {
  beginDownload(res, fileName, contentType);
  try {
    await pipeline(source, res);
  } catch (error) {
    // A client that hangs up mid-download is not a server error.
    if (!res.destroyed) throw error;
  }
}

/**
 * A generated file (a PDF, a workbook) as a service describes it: its name, its type and the
 * stream of its bytes. The route sends it with `sendDownload`; the service never sees `res`.
 */
export interface GeneratedFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/** Streams a generated file a service described (see streamDownload). */
export function sendDownload(res: Response, file: GeneratedFile): Promise<void> {
  return streamDownload(res, file.stream, file.fileName, file.contentType);
}
