import { AlertCircleIcon, CheckCircle2Icon, XIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '@/lib/cn';

export type BannerMessage = { tone: 'success' | 'error'; text: string };

/**
 * A feedback banner that clears itself after `lifetimeMs` (client forms 4 s, licences page 5 s:
 * spec 1 section 9). Returns the message shown, show() and clear().
 */
export function useTimedBanner(lifetimeMs: number) {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clear = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    setMessage(null);
  }, []);

  const show = useCallback(
    (tone: BannerMessage['tone'], text: string) => {
      if (timer.current) clearTimeout(timer.current);
      setMessage({ tone, text });
      timer.current = setTimeout(() => setMessage(null), lifetimeMs);
    },
    [lifetimeMs],
  );

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return { message, show, clear };
}

type BannerProps = { message: BannerMessage | null; onDismiss: () => void; className?: string };

/** Shows a useTimedBanner message; errors are announced at once (role=alert). */
export function Banner({ message, onDismiss, className }: BannerProps) {
  if (!message) return null;
  const Icon = message.tone === 'error' ? AlertCircleIcon : CheckCircle2Icon;
  return (
    <div
      role={message.tone === 'error' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-md border px-3 py-2 text-sm',
        message.tone === 'error'
          ? 'border-red-200 bg-red-50 text-red-800'
          : 'border-green-200 bg-green-50 text-green-800',
        className,
      )}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1">{message.text}</p>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss message"
        className="rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <XIcon aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
