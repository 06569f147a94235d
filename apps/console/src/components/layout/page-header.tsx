import { useEffect, useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type PageHeaderProps = {
  title: string;
  subtitle?: string;
  /** The page's own buttons, shown at the right of the title. */
  actions?: ReactNode;
};

const SUBTITLE_TOGGLE_MS = 1500;

/** Every page's heading: title, subtitle (colour toggling every 1.5 s) and action buttons. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    if (!subtitle) return;
    const timer = setInterval(() => setHighlighted((value) => !value), SUBTITLE_TOGGLE_MS);
    return () => clearInterval(timer);
  }, [subtitle]);

  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {subtitle && (
          <p
            className={cn(
              'mt-1 motion-safe:transition-colors motion-safe:duration-700',
              highlighted ? 'text-primary' : 'text-muted-foreground',
            )}
          >
            {subtitle}
          </p>
        )}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
