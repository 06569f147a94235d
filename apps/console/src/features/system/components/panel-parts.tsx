import type { HealthSeverity } from '@patrol/contracts';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

type PanelProps = {
  title: string;
  icon: LucideIcon;
  /** Beside the title: a badge or a short state. */
  aside?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** One panel of the system screen: a card named by its title (role group, for screen readers). */
export function Panel({ title, icon: Icon, aside, children, className }: PanelProps) {
  return (
    <Card className={cn('gap-3 py-4', className)} role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="flex items-center gap-2 text-sm font-semibold">
          <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
          {title}
        </CardTitle>
        {aside}
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

export type FigureRow = { label: string; value: ReactNode };

/** Label and figure pairs, figures right-aligned with tabular digits. */
export function FigureList({ rows, className }: { rows: FigureRow[]; className?: string }) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm', className)}>
      {rows.map((row) => (
        <div key={row.label} className="contents">
          <dt className="text-muted-foreground">{row.label}</dt>
          <dd className="text-right font-medium whitespace-nowrap tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A usage bar with its percentage, amber past the warning and red past the critical threshold. */
export function UsageBar({
  percent,
  label,
  thresholds = { warning: 75, critical: 90 },
}: {
  percent: number;
  label: string;
  thresholds?: { warning: number; critical: number };
}) {
  const clamped = Math.max(0, Math.min(100, percent));
  const tone =
    percent > thresholds.critical
      ? 'bg-red-500'
      : percent > thresholds.warning
        ? 'bg-amber-500'
        : 'bg-primary';
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped * 10) / 10}
      className="h-2 w-full overflow-hidden rounded-full bg-muted"
    >
      <div className={cn('h-full rounded-full', tone)} style={{ width: `${clamped}%` }} />
    </div>
  );
}

/** Rows of grey bars in place of a panel's figures on first load. */
export function PanelSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-4 w-full" />
      ))}
    </div>
  );
}

/** A panel whose call failed while the others loaded. */
export function PanelUnavailable({ message }: { message: string }) {
  return <p className="text-sm text-muted-foreground">{message}</p>;
}

export const severityTones: Record<HealthSeverity, BadgeVariant> = {
  critical: 'danger',
  high: 'danger',
  medium: 'warning',
  low: 'secondary',
};

export const severityLabels: Record<HealthSeverity, string> = {
  critical: 'Critical',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
};

/** A health severity as a badge. */
export function SeverityBadge({ severity }: { severity: HealthSeverity }) {
  return <Badge variant={severityTones[severity]}>{severityLabels[severity]}</Badge>;
}
