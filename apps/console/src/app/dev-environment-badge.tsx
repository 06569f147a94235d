import { apiBase } from '@/lib/api-client';

/** Development builds only: which API this console talks to and in which mode. */
export function DevEnvironmentBadge() {
  const target = apiBase || `${window.location.origin} (same origin)`;
  return (
    <div className="pointer-events-none fixed top-1 right-1 z-40 rounded border border-amber-300 bg-amber-50/90 px-1.5 py-0.5 font-mono text-[10px] text-amber-800">
      API: {target} · {import.meta.env.MODE}
    </div>
  );
}
