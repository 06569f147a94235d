import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { OtaHealth } from '@/features/ota/api/get-ota-health';

/** System Statistics: active and total versions and platforms, from the health check. */
export function SystemStatistics({ health, checking }: { health?: OtaHealth; checking: boolean }) {
  const statistics = health?.statistics;
  const value = (figure: string | number | undefined) =>
    figure === undefined ? checking ? <Skeleton className="ml-auto h-4 w-10" /> : 'N/A' : figure;
  return (
    <Card className="py-4" role="group" aria-label="System Statistics">
      <CardContent className="px-4">
        <h3 className="mb-2 text-sm font-medium">System Statistics</h3>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Active versions</dt>
            <dd className="tabular-nums">{value(statistics?.activeVersions)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Total versions</dt>
            <dd className="tabular-nums">{value(statistics?.totalVersions)}</dd>
          </div>
          <div className="flex justify-between gap-2">
            <dt className="text-muted-foreground">Platforms</dt>
            <dd>
              {value(
                statistics &&
                  (statistics.platforms.length > 0 ? statistics.platforms.join(', ') : 'None'),
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
