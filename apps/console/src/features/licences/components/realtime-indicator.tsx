import { cn } from '@/lib/cn';
import { useRealtimeStatus } from '@/lib/realtime-provider';

/** 'Real-time: Connected/Disconnected' (spec 1 section 2.10). */
export function RealtimeIndicator() {
  const connected = useRealtimeStatus() === 'connected';
  return (
    <span
      role="status"
      className="inline-flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-xs font-medium"
    >
      <span
        aria-hidden="true"
        className={cn('size-2 rounded-full', connected ? 'bg-green-500' : 'bg-slate-400')}
      />
      Real-time: {connected ? 'Connected' : 'Disconnected'}
    </span>
  );
}
