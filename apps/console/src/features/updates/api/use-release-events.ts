import { useRealtimeEvent } from '@/lib/realtime-provider';

/** Calls `onActivated` when a release of the app is activated (here or on another console). */
export function useReleaseActivated(onActivated: (version: string) => void): void {
  useRealtimeEvent('ota_update', (event) => {
    if (event.type === 'version_activated') onActivated(event.version);
  });
}
