import type { LucideIcon } from 'lucide-react';
import { MinusIcon, TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export type StatTrend = 'up' | 'down' | 'flat';
export type StatVariant = 'default' | 'success' | 'warning' | 'danger' | 'info';

/** The stat-card widget of spec 1 section 3. */
export type StatCardProps = {
  title: string;
  value: ReactNode;
  description?: ReactNode;
  icon?: LucideIcon;
  trend?: StatTrend;
  /** Shown next to the trend arrow, e.g. '+12.5%'. */
  trendValue?: string;
  variant?: StatVariant;
  className?: string;
};

const iconColours: Record<StatVariant, string> = {
  default: 'bg-slate-100 text-slate-600',
  success: 'bg-green-50 text-green-600',
  warning: 'bg-amber-50 text-amber-600',
  danger: 'bg-red-50 text-red-600',
  info: 'bg-sky-50 text-sky-600',
};

const trendStyles: Record<StatTrend, { icon: LucideIcon; colour: string; label: string }> = {
  up: { icon: TrendingUpIcon, colour: 'text-green-700', label: 'Up' },
  down: { icon: TrendingDownIcon, colour: 'text-red-700', label: 'Down' },
  flat: { icon: MinusIcon, colour: 'text-muted-foreground', label: 'No change' },
};

/**
 * Past this many characters (a million ringgit with its sen) a figure is set smaller, so that it
 * keeps to one line in a quarter-width card.
 */
const longFigureLength = 12;

function isLongFigure(value: ReactNode): boolean {
  return typeof value === 'string' && value.length > longFigureLength;
}

/** A headline figure with its title, a short description, an icon and an optional trend. */
export function StatCard({
  title,
  value,
  description,
  icon: Icon,
  trend,
  trendValue,
  variant = 'default',
  className,
}: StatCardProps) {
  const trendStyle = trend ? trendStyles[trend] : null;
  const TrendIcon = trendStyle?.icon;
  return (
    <Card className={cn('gap-2 py-4', className)} role="group" aria-label={title}>
      <CardContent className="flex items-start justify-between gap-3 px-4">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{title}</p>
          <p
            className={cn(
              'mt-1 font-semibold tabular-nums',
              isLongFigure(value) ? 'text-xl' : 'text-2xl',
            )}
          >
            {value}
          </p>
          {(description || trendStyle) && (
            <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
              {trendStyle && TrendIcon && (
                <span
                  className={cn('inline-flex items-center gap-0.5 font-medium', trendStyle.colour)}
                >
                  <TrendIcon aria-hidden="true" className="size-3.5" />
                  <span className="sr-only">{trendStyle.label}</span>
                  {trendValue}
                </span>
              )}
              {description && <span>{description}</span>}
            </p>
          )}
        </div>
        {Icon && (
          <span
            className={cn(
              'flex size-9 shrink-0 items-center justify-center rounded-md',
              iconColours[variant],
            )}
          >
            <Icon aria-hidden="true" className="size-5" />
          </span>
        )}
      </CardContent>
    </Card>
  );
}
