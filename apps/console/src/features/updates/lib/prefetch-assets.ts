import type { DashboardUpdateAsset } from '@patrol/contracts';

/** Files fetched at once: enough to fill the line, few enough not to starve the open screen. */
const parallelFetches = 4;

/**
 * Fetches every file of the new build into the browser's HTTP cache (the server marks them
 * immutable for a year), each checked by the browser against its SHA-256 (subresource integrity),
 * so the reload that follows loads from the cache. `onProgress` hears the bytes received so far.
 */
export async function prefetchAssets(
  assets: readonly DashboardUpdateAsset[],
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const total = assets.reduce((sum, asset) => sum + asset.size, 0);
  let loaded = 0;
  let next = 0;
  const fetchOne = async (asset: DashboardUpdateAsset) => {
    let response: Response;
    try {
      response = await fetch(asset.url, {
        integrity: asset.integrity,
        credentials: 'same-origin',
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new Error(`${asset.url} could not be downloaded or failed its integrity check.`);
    }
    if (!response.ok) {
      throw new Error(`${asset.url} could not be downloaded (status ${response.status}).`);
    }
    // Read to the end: the cache entry is complete only once the body is.
    const bytes = (await response.arrayBuffer()).byteLength;
    loaded += Math.min(bytes, asset.size);
    onProgress(Math.min(loaded, total), total);
  };
  const worker = async () => {
    while (next < assets.length) {
      const asset = assets[next];
      next += 1;
      if (asset) await fetchOne(asset);
    }
  };
  onProgress(0, total);
  await Promise.all(Array.from({ length: Math.min(parallelFetches, assets.length) }, worker));
}
