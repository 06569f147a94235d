import { useCallback, useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { applyDashboardUpdate } from '../api/apply-dashboard-update';
import { downloadDashboardUpdate } from '../api/download-dashboard-update';
import type { LoadedBuild } from './loaded-build';
import { prefetchAssets } from './prefetch-assets';
import type { UpdateInfo } from './update-notice-context';
import { updateTimings } from './update-timings';

type DashboardUpdateOptions = {
  build: LoadedBuild;
  info: UpdateInfo;
  patchInfo: (patch: Partial<UpdateInfo>) => void;
  reload: () => void;
  onApplied: () => void;
  onFailed: (message: string) => void;
};

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The update failed.';
}

/**
 * The console update of spec 2 section 4: downloading with progress (the server reads and
 * verifies the new build: the bar's first half; the browser fetches its files into the cache: the
 * second), complete, apply, then the page reloads 3 s later. Any failure ends in onFailed (the
 * 'Update Failed' notice). Returns the function that starts it; a second call while it runs is
 * ignored.
 */
export function useDashboardUpdate({
  build,
  info,
  patchInfo,
  reload,
  onApplied,
  onFailed,
}: DashboardUpdateOptions): () => Promise<void> {
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ reload, onApplied, onFailed });
  useEffect(() => {
    latest.current = { reload, onApplied, onFailed };
  });
  useEffect(
    () => () => {
      controller.current?.abort();
      clearTimeout(reloadTimer.current);
    },
    [],
  );
  const phase = info.phase;

  return useCallback(async () => {
    if (running.current || phase === 'reloading') return;
    running.current = true;
    const abort = new AbortController();
    controller.current = abort;
    patchInfo({ phase: 'downloading', isDownloading: true, downloadProgress: 0, error: null });
    try {
      const downloaded = await downloadDashboardUpdate(
        build,
        (percent) => patchInfo({ downloadProgress: Math.round(percent / 2) }),
        abort.signal,
      );
      await prefetchAssets(
        downloaded.assets,
        (loaded, total) =>
          patchInfo({
            downloadProgress: 50 + (total === 0 ? 50 : Math.round((loaded / total) * 50)),
          }),
        abort.signal,
      );
      patchInfo({ phase: 'complete', isDownloading: false, downloadProgress: 100 });
      patchInfo({ phase: 'applying' });
      const applied = await applyDashboardUpdate({ current: build.id, build: downloaded.build });
      patchInfo({ phase: 'reloading' });
      toast.success(applied.message);
      latest.current.onApplied();
      reloadTimer.current = setTimeout(() => latest.current.reload(), updateTimings.reloadDelayMs);
    } catch (error) {
      if (abort.signal.aborted) return;
      const message = messageOf(error);
      patchInfo({ phase: 'failed', isDownloading: false, error: message });
      latest.current.onFailed(message);
    } finally {
      running.current = false;
    }
  }, [build, patchInfo, phase]);
}
