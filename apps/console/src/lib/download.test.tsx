import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import {
  downloadStateMs,
  EmptyFileError,
  pdfDownloadErrorMessage,
  saveBlob,
  useDownloadCycle,
} from '@/lib/download';

const notFound = 'Invoice not found. Please refresh and try again.';

describe('saveBlob', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    URL.createObjectURL = vi.fn(() => 'blob:file');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clicks a link named after the file and releases its URL 100 ms later', () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    saveBlob(new Blob(['%PDF-1.7']), 'invoice-INV-1.pdf');
    expect(click).toHaveBeenCalledOnce();
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('invoice-INV-1.pdf');
    vi.advanceTimersByTime(99);
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file');
    click.mockRestore();
  });

  it('refuses an empty file', () => {
    expect(() => saveBlob(new Blob([]), 'empty.pdf')).toThrow(EmptyFileError);
  });
});

describe('pdfDownloadErrorMessage', () => {
  it.each([
    [new ApiError(404, 'NOT_FOUND', 'gone'), notFound],
    [new ApiError(401, 'UNAUTHENTICATED', 'x'), 'Authentication required. Please log in again.'],
    [new ApiError(403, 'FORBIDDEN', 'x'), 'Authentication required. Please log in again.'],
    [
      new ApiError(0, 'NETWORK_ERROR', 'offline'),
      'Network error. Please check your connection and try again.',
    ],
    [new EmptyFileError('empty'), 'Received empty PDF file'],
    [new ApiError(500, 'INTERNAL_ERROR', 'boom'), 'Failed to download PDF: boom'],
  ])('maps %s to the spec message', (error, message) => {
    expect(pdfDownloadErrorMessage(error, notFound)).toBe(message);
  });
});

describe('useDownloadCycle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes loading, then success, and back to idle after 3 s', async () => {
    const { result } = renderHook(() => useDownloadCycle());
    let finish: () => void = () => {};
    let running: Promise<boolean> = Promise.resolve(false);
    act(() => {
      running = result.current.run('inv-1', () => new Promise<void>((done) => (finish = done)));
    });
    expect(result.current.stateOf('inv-1')).toBe('loading');
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.stateOf('inv-1')).toBe('success');
    act(() => vi.advanceTimersByTime(downloadStateMs));
    expect(result.current.stateOf('inv-1')).toBe('idle');
  });

  it('shows the error state and ignores a second click while loading', async () => {
    const { result } = renderHook(() => useDownloadCycle());
    let fail: (error: Error) => void = () => {};
    let first: Promise<boolean> = Promise.resolve(false);
    const download = vi.fn(() => new Promise<void>((_, reject) => (fail = reject)));
    act(() => {
      first = result.current.run('inv-2', download);
    });
    let second = Promise.resolve(true);
    act(() => {
      second = result.current.run('inv-2', download);
    });
    expect(await second).toBe(false);
    expect(download).toHaveBeenCalledOnce();
    await act(async () => {
      fail(new Error('boom'));
      await expect(first).rejects.toThrow('boom');
    });
    expect(result.current.stateOf('inv-2')).toBe('error');
    expect(result.current.stateOf('other')).toBe('idle');
  });
});
