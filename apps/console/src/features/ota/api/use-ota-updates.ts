import type { OtaUpdateEvent, OtaUpdateEventType } from '@patrol/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { queryKeys } from '@/lib/query-keys';
import { useRealtimeEvent } from '@/lib/realtime-provider';
import { takeOwnChange } from '@/features/ota/api/own-changes';

/** Other changes reload the list after this delay (spec 2 section 4); an upload at once. */
export const otaReloadDelayMs = 1_000;

const eventToasts: Record<OtaUpdateEventType, (version: string, message?: string) => string> = {
  version_uploaded: (version) => `New version ${version} uploaded`,
  version_activated: (version) => `Version ${version} activated`,
  version_deactivated: (version) => `Version ${version} deactivated`,
  version_deleted: (version) => `Version ${version} deleted`,
  rollout_changed: (version, message) => message ?? `Rollout of ${version} changed`,
  rollout_halted: (version, message) => message ?? `Rollout of ${version} halted`,
};

/**
 * ota_update while the OTA screen is open: a toast (none for this tab's own change, which has its
 * own) and a reload of the versions and health, immediately for an upload and after 1 s for the
 * others. Unknown types are ignored.
 */
export function useOtaUpdates(): void {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  useRealtimeEvent('ota_update', (event: OtaUpdateEvent) => {
    if (!Object.hasOwn(eventToasts, event.type)) return;
    if (!takeOwnChange(event.type, event.version)) {
      toast.info(eventToasts[event.type](event.version, event.message), {
        id: `ota-${event.type}-${event.version}`,
      });
    }
    const reload = () => void queryClient.invalidateQueries({ queryKey: queryKeys.ota.all });
    if (event.type === 'version_uploaded') {
      reload();
      return;
    }
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      reload();
    }, otaReloadDelayMs);
    timers.current.add(timer);
  });
}
