import type { BusinessStats } from '@patrol/contracts';
import { formatMoney, percentChange } from '@patrol/domain';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';

/** This month against the monthly target, and this week against the last. */
export function RevenueTrends({ revenue }: { revenue: BusinessStats['revenue'] }) {
  const ofTarget = revenue.monthlyTarget > 0 ? (revenue.monthly / revenue.monthlyTarget) * 100 : 0;
  const weekChange = percentChange(revenue.weekly, revenue.lastWeek);
  return (
    <Card className="gap-3 py-4">
      <CardHeader className="px-4">
        <CardTitle>Revenue Trends</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 px-4 text-sm">
        <div className="grid gap-1.5">
          <div className="flex justify-between">
            <span>This month</span>
            <span className="tabular-nums">{ofTarget.toFixed(1)}% of target</span>
          </div>
          <Progress
            value={Math.min(100, ofTarget)}
            aria-label="This month against the monthly target"
          />
          <p className="text-xs text-muted-foreground tabular-nums">
            {formatMoney(revenue.monthly)} of {formatMoney(revenue.monthlyTarget)}
          </p>
        </div>
        <div className="grid gap-1">
          <div className="flex justify-between">
            <span>This week</span>
            <span className="tabular-nums">{formatMoney(revenue.weekly)}</span>
          </div>
          <p className="text-xs text-muted-foreground tabular-nums">
            Last week {formatMoney(revenue.lastWeek)}
            {weekChange ? ` · ${weekChange.text}` : ''}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
