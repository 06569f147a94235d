import { relativeTime } from '@/lib/company-time';
import type { ReactNode } from 'react';
import { AlertTriangle, MonitorDown, Smartphone, X } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import type { UpdateNotice } from '../lib/notices';

const priorityBadges: Record<UpdateNotice['priority'], { label: string; variant: BadgeVariant }> = {
  high: { label: 'High', variant: 'danger' },
  medium: { label: 'Medium', variant: 'warning' },
  low: { label: 'Low', variant: 'inactive' },
};

function NoticeIcon({ notice }: { notice: UpdateNotice }) {
  const className = 'mt-0.5 size-4 shrink-0';
  if (notice.type === 'update_failed' || notice.type === 'distribution_failed') {
    return <AlertTriangle className={cn(className, 'text-red-600')} aria-hidden="true" />;
  }
  if (notice.platform === 'dashboard') {
    return <MonitorDown className={cn(className, 'text-primary')} aria-hidden="true" />;
  }
  return <Smartphone className={cn(className, 'text-primary')} aria-hidden="true" />;
}

type NoticeItemProps = {
  notice: UpdateNotice;
  now: Date;
  onDismiss: () => void;
  /** The notice's own action (Update, Distribute), if it has one for this user. */
  action?: ReactNode;
};

/** One notice: icon, title with its priority, message, age, an action and a dismiss button. */
export function NoticeItem({ notice, now, onDismiss, action }: NoticeItemProps) {
  const badge = priorityBadges[notice.priority];
  return (
    <li
      className={cn(
        'flex gap-3 rounded-md border p-3',
        !notice.read && 'border-primary/40 bg-primary/5',
      )}
      aria-label={notice.title}
    >
      <NoticeIcon notice={notice} />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{notice.title}</p>
          <Badge variant={badge.variant}>{badge.label}</Badge>
        </div>
        <p className="text-sm text-muted-foreground">{notice.message}</p>
        <p className="text-xs text-muted-foreground">
          <time dateTime={notice.timestamp}>{relativeTime(notice.timestamp, now)}</time>
        </p>
        {action}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={`Dismiss ${notice.title}`}
        onClick={onDismiss}
      >
        <X />
      </Button>
    </li>
  );
}
