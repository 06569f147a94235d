import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OtaErrorBoundary } from '@/features/ota/components/ota-error-boundary';

function Broken({ error }: { error: Error }): never {
  throw error;
}

beforeEach(() => {
  // React reports the caught render error; the boundary logs it too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => sessionStorage.clear());

describe('OtaErrorBoundary', () => {
  it("shows 'OTA Management Error' with Reload Page", async () => {
    const reload = vi.fn();
    render(
      <OtaErrorBoundary reload={reload}>
        <Broken error={new Error('cannot read version')} />
      </OtaErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('OTA Management Error');
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reloads the page by itself after a chunk-load error, once', () => {
    const reload = vi.fn();
    const chunkError = new TypeError(
      'Failed to fetch dynamically imported module: /assets/upload-apk-dialog-abc.js',
    );
    const { unmount } = render(
      <OtaErrorBoundary reload={reload}>
        <Broken error={chunkError} />
      </OtaErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledOnce();
    unmount();
    // Straight after a reload, the same failure shows the screen instead of looping.
    render(
      <OtaErrorBoundary reload={reload}>
        <Broken error={chunkError} />
      </OtaErrorBoundary>,
    );
    expect(reload).toHaveBeenCalledOnce();
    expect(screen.getByText('OTA Management Error')).toBeInTheDocument();
  });
});
