import { dashboardLimits, type Activity } from '@patrol/contracts';
import { relativeTime } from '@/lib/company-time';
import { HistoryIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { ListCardEmpty, ListCardHeader } from '@/features/dashboard/components/list-card-parts';
import { appearanceOf } from '@/features/dashboard/lib/activity-appearance';
import { cn } from '@/lib/cn';

type RecentActivityCardProps = {
  activities: Activity[];
  now: Date;
  /** Whether the user may open /system-status. */
  canViewSystem: boolean;
};

/** Recent Activity: the newest events (8 shown), each with its type's icon and colour. */
export function RecentActivityCard({ activities, now, canViewSystem }: RecentActivityCardProps) {
  const shown = activities.slice(0, dashboardLimits.recentActivityShown);
  return (
    <Card>
      <ListCardHeader
        icon={HistoryIcon}
        title="Recent Activity"
        description="Latest events across clients and licences"
        link={canViewSystem ? { to: '/system-status', label: 'View System' } : undefined}
      />
      <CardContent>
        {shown.length === 0 ? (
          <ListCardEmpty
            icon={HistoryIcon}
            title="No Recent Activity"
            text="New clients, licence bindings and payments will show up here as they happen."
          />
        ) : (
          <ul className="divide-y" aria-label="Recent activity">
            {shown.map((activity) => {
              const { icon: Icon, tone, label } = appearanceOf(activity.type);
              return (
                <li
                  key={activity.id}
                  className="flex items-start gap-3 py-2.5 first:pt-0 last:pb-0"
                >
                  <span
                    className={cn(
                      'mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full',
                      tone,
                    )}
                    data-activity-type={activity.type}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    <span className="sr-only">{label}</span>
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm break-words">{activity.detail}</p>
                    <div className="mt-1 flex flex-wrap items-center gap-2">
                      <time dateTime={activity.timestamp} className="text-xs text-muted-foreground">
                        {relativeTime(activity.timestamp, now)}
                      </time>
                      {activity.refs.companyName && (
                        <Badge variant="outline" className="max-w-48 truncate">
                          {activity.refs.companyName}
                        </Badge>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
