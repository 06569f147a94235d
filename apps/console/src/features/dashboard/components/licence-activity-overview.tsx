import type { DashboardResponse, LicenseActivity } from '@patrol/contracts';
import { relativeTime } from '@/lib/company-time';
import type { LucideIcon } from 'lucide-react';
import {
  ActivityIcon,
  ClockIcon,
  KeyRoundIcon,
  MoonIcon,
  ZapIcon,
  TimerOffIcon,
} from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/cn';

type Summary = LicenseActivity['summary'];

type Tile = {
  title: string;
  count: (summary: Summary) => number;
  description: string;
  icon: LucideIcon;
  tone: string;
};

const tiles: Tile[] = [
  {
    title: 'Active Now',
    count: (summary) => summary.activeNow,
    description: 'Devices reporting activity',
    icon: ZapIcon,
    tone: 'border-green-200 bg-green-50/60 text-green-700',
  },
  {
    title: 'Recently Inactive',
    count: (summary) => summary.inactiveRecent,
    description: 'Inactive under 24 hours',
    icon: ClockIcon,
    tone: 'border-amber-200 bg-amber-50/60 text-amber-700',
  },
  {
    title: 'Long-term Inactive',
    count: (summary) => summary.inactiveLongTerm,
    description: 'Inactive over 24 hours',
    icon: MoonIcon,
    tone: 'border-orange-200 bg-orange-50/60 text-orange-700',
  },
  {
    title: 'Non Activated Licence',
    count: (summary) => summary.nonActivated,
    description: 'Valid but not bound',
    icon: KeyRoundIcon,
    tone: 'border-sky-200 bg-sky-50/60 text-sky-700',
  },
  {
    title: 'Expired Licences',
    count: (summary) => summary.expired,
    description: 'Past validity date',
    icon: TimerOffIcon,
    tone: 'border-red-200 bg-red-50/60 text-red-700',
  },
];

const totals: { label: string; count: (summary: Summary) => number }[] = [
  { label: 'Total Licences', count: (summary) => summary.total },
  { label: 'Bound to Devices', count: (summary) => summary.bound },
  { label: 'Available', count: (summary) => summary.unbound },
  { label: 'Expired', count: (summary) => summary.expired },
];

type Standing = NonNullable<DashboardResponse['licenceStanding']>;

/** Keys an unpaid invoice restricts or suspends now (docs/licence-renewals.md). */
const standingTotals: { label: string; count: (standing: Standing) => number }[] = [
  { label: 'Restricted (unpaid)', count: (standing) => standing.restricted },
  { label: 'Suspended (unpaid)', count: (standing) => standing.suspended },
];

type LicenceActivityOverviewProps = {
  activity: LicenseActivity;
  now: Date;
  standing?: DashboardResponse['licenceStanding'];
};

/**
 * Licence Activity Overview: the five activity tiles, the totals (with the keys an unpaid invoice
 * restricts or suspends) and when activity last came in.
 */
export function LicenceActivityOverview({ activity, now, standing }: LicenceActivityOverviewProps) {
  const { summary } = activity;
  const figures = [
    ...totals.map(({ label, count }) => ({ label, value: count(summary) })),
    ...(standing
      ? standingTotals.map(({ label, count }) => ({ label, value: count(standing) }))
      : []),
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ActivityIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          Licence Activity Overview
        </CardTitle>
        <CardDescription>How the devices bound to licences are reporting in</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
          {tiles.map(({ title, count, description, icon: Icon, tone }) => (
            <li
              key={title}
              aria-label={title}
              className={cn('flex flex-col gap-1 rounded-lg border p-3', tone)}
            >
              <span className="flex items-center justify-between gap-2 text-sm font-medium">
                {title}
                <Icon aria-hidden="true" className="size-4 shrink-0" />
              </span>
              <span
                className="text-2xl font-semibold text-foreground tabular-nums"
                data-testid="licence-tile-count"
              >
                {count(summary).toLocaleString('en-MY')}
              </span>
              <span className="text-xs text-muted-foreground">{description}</span>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-3 border-t pt-4 lg:flex-row lg:items-center lg:justify-between">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-2 sm:grid-cols-3 xl:grid-cols-6">
            {figures.map(({ label, value }) => (
              <div key={label}>
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-base font-semibold tabular-nums">
                  {value.toLocaleString('en-MY')}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-muted-foreground">
            Last updated: {relativeTime(activity.lastUpdated, now)}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
