import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

// sonner loads with the first screen that can raise a toast, never with the sign-in page.
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

let wanted = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Mounts the toast outlet (loading sonner) once the caller renders; it then stays for the page's
 * life. The signed-in shell and the realtime provider call it, and so does any signed-out screen
 * that raises toasts (the copy button). A toast raised before the outlet mounts still shows:
 * sonner replays the active ones to a new outlet.
 */
export function useToastOutlet(): void {
  useEffect(() => {
    if (wanted) return;
    wanted = true;
    for (const listener of listeners) listener();
  }, []);
}

/** Where toasts appear, from the moment a screen that raises them asks (useToastOutlet). */
export function ToastOutlet() {
  const shown = useSyncExternalStore(subscribe, () => wanted);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
