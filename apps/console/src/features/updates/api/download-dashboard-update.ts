import type { DashboardUpdateAsset } from '@patrol/contracts';
import { apiResponse } from '@/lib/api-client';
import type { LoadedBuild } from '../lib/loaded-build';
import { readEventStream } from '../lib/event-stream';

/** What the download stream's complete message hands over. */
export type DownloadedBuild = { build: string; version: string; assets: DashboardUpdateAsset[] };

type DownloadEventSchemaModule = typeof import('../lib/download-event-schema');
let schemaLoading: Promise<DownloadEventSchemaModule> | null = null;

/**
 * The stream's schema (zod with it), a chunk of its own loaded with the first download: the shell
 * does without it. A failed load is tried again next time.
 */
export function loadDownloadEventSchema(): Promise<DownloadEventSchemaModule> {
  schemaLoading ??= import('../lib/download-event-schema').catch((error: unknown) => {
    schemaLoading = null;
    throw error;
  });
  return schemaLoading;
}

/** The stream ended, or sent something unreadable, before its complete message. */
const cutShortMessage = 'The download stopped before it completed. Please try again.';

/**
 * GET /api/ota/dashboard/download, read as an event stream through fetch (an EventSource cannot
 * send the bearer token): `onProgress` hears each progress message's percent; resolves with the
 * complete message, rejects with the error message's text.
 */
export async function downloadDashboardUpdate(
  current: LoadedBuild,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<DownloadedBuild> {
  const [response, { dashboardDownloadEventSchema }] = await Promise.all([
    apiResponse('/api/ota/dashboard/download', {
      query: { current: current.id },
      headers: { Accept: 'text/event-stream' },
      signal,
    }),
    loadDownloadEventSchema(),
  ]);
  if (!response.body) throw new Error(cutShortMessage);
  let outcome: { build: DownloadedBuild } | { error: string } | undefined;
  await readEventStream(response.body, (data) => {
    if (outcome) return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      outcome = { error: cutShortMessage };
      return;
    }
    const parsed = dashboardDownloadEventSchema.safeParse(json);
    if (!parsed.success) return;
    const event = parsed.data;
    if (event.type === 'progress') onProgress(event.progress);
    else if (event.type === 'error') outcome = { error: event.message };
    else if (event.build && event.assets) {
      outcome = {
        build: { build: event.build, version: event.version ?? event.build, assets: event.assets },
      };
    } else outcome = { error: cutShortMessage };
  });
  if (!outcome) throw new Error(cutShortMessage);
  if ('error' in outcome) throw new Error(outcome.error);
  return outcome.build;
}
