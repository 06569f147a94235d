import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';

/** A download answered with zero bytes (spec 3 section 5: refused as an empty file). */
export class EmptyFileError extends Error {
  override name = 'EmptyFileError';
}

/** How long after the click the temporary link's object URL is released (spec 3 section 7). */
export const objectUrlLifetimeMs = 100;

/** Saves a blob through a temporary link, the way a download button does. */
export function saveBlob(blob: Blob, fileName: string): void {
  if (blob.size === 0) throw new EmptyFileError('Received an empty file');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), objectUrlLifetimeMs);
}

/** Fetches a file and saves it under `fileName`; an empty answer is refused. */
export async function downloadFile(
  fetchBlob: () => Promise<Blob>,
  fileName: string,
): Promise<void> {
  saveBlob(await fetchBlob(), fileName);
}

/** What a PDF download button says when it fails (spec 3 section 8). */
export const pdfDownloadMessages = {
  authentication: 'Authentication required. Please log in again.',
  network: 'Network error. Please check your connection and try again.',
  empty: 'Received empty PDF file',
  failed: (message: string) => `Failed to download PDF: ${message}`,
} as const;

/**
 * The message for a failed PDF download; `notFound` is the document's own 404 text (e.g.
 * 'Invoice not found. Please refresh and try again.').
 */
export function pdfDownloadErrorMessage(error: unknown, notFound: string): string {
  if (error instanceof EmptyFileError) return pdfDownloadMessages.empty;
  if (error instanceof ApiError) {
    if (error.status === 404) return notFound;
    if (error.status === 401 || error.status === 403) return pdfDownloadMessages.authentication;
    if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') {
      return pdfDownloadMessages.network;
    }
  }
  return pdfDownloadMessages.failed(error instanceof Error ? error.message : String(error));
}

export type DownloadState = 'idle' | 'loading' | 'success' | 'error';

/** How long a download button shows its success or error state (spec 3 section 4). */
export const downloadStateMs = 3_000;

/**
 * The PDF button cycle of spec 3 section 4, per document id: loading, then success or error,
 * back to idle 3 s later. A second click on a button that is loading is ignored.
 */
export function useDownloadCycle() {
  const [states, setStates] = useState<Record<string, DownloadState>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  // Read synchronously by run(): state updates land on the next render, too late for a double click.
  const loading = useRef(new Set<string>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  const settle = useCallback((id: string, state: DownloadState) => {
    setStates((current) => ({ ...current, [id]: state }));
    clearTimeout(timers.current.get(id));
    timers.current.set(
      id,
      setTimeout(() => {
        timers.current.delete(id);
        setStates(({ [id]: _done, ...rest }) => rest);
      }, downloadStateMs),
    );
  }, []);

  const run = useCallback(
    async (id: string, download: () => Promise<void>): Promise<boolean> => {
      if (loading.current.has(id)) return false;
      loading.current.add(id);
      clearTimeout(timers.current.get(id));
      setStates((current) => ({ ...current, [id]: 'loading' }));
      try {
        await download();
        settle(id, 'success');
        return true;
      } catch (error) {
        settle(id, 'error');
        throw error;
      } finally {
        loading.current.delete(id);
      }
    },
    [settle],
  );

  return { stateOf: (id: string): DownloadState => states[id] ?? 'idle', run };
}
