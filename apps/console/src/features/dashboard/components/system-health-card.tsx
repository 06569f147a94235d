import type { DashboardStats, DashboardSystemHealth } from '@patrol/contracts';
import type { LucideIcon } from 'lucide-react';
import { DatabaseIcon, HeartPulseIcon, ServerIcon, ShieldCheckIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

type HealthRow = { label: string; icon: LucideIcon; ok: boolean; okText: string; badText: string };

type SystemHealthCardProps = {
  health: DashboardSystemHealth;
  userTypes: DashboardStats['userTypeBreakdown'];
};

/** System Health: database, security and API state, with the Quick Stats counts. */
export function SystemHealthCard({ health, userTypes }: SystemHealthCardProps) {
  const rows: HealthRow[] = [
    {
      label: 'Database',
      icon: DatabaseIcon,
      ok: health.components.database.status === 'connected',
      okText: 'Connected',
      badText: 'Disconnected',
    },
    {
      label: 'Security',
      icon: ShieldCheckIcon,
      ok: health.securityActive,
      okText: 'Active',
      badText: 'Inactive',
    },
    {
      label: 'API Status',
      icon: ServerIcon,
      ok: health.components.api.status === 'operational',
      okText: 'Operational',
      badText: 'Error',
    },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <HeartPulseIcon aria-hidden="true" className="size-4 text-muted-foreground" />
          System Health
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2.5">
          {rows.map(({ label, icon: Icon, ok, okText, badText }) => (
            <div key={label} className="flex items-center justify-between gap-3">
              <dt className="flex items-center gap-2 text-sm">
                <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
                {label}
              </dt>
              <dd>
                <Badge variant={ok ? 'success' : 'danger'}>{ok ? okText : badText}</Badge>
              </dd>
            </div>
          ))}
        </dl>
        <div className="border-t pt-3">
          <h3 className="mb-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            Quick Stats
          </h3>
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-md bg-muted/60 px-3 py-2">
              <dt className="text-xs text-muted-foreground">Admins</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {userTypes.admin.toLocaleString('en-MY')}
              </dd>
            </div>
            <div className="rounded-md bg-muted/60 px-3 py-2">
              <dt className="text-xs text-muted-foreground">Clients</dt>
              <dd className="text-lg font-semibold tabular-nums">
                {userTypes.client.toLocaleString('en-MY')}
              </dd>
            </div>
          </dl>
        </div>
      </CardContent>
    </Card>
  );
}
