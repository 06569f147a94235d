import type { SystemMetrics } from '@patrol/contracts';
import { humanise } from '@patrol/domain';
import { InfoIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import {
  FigureList,
  Panel,
  PanelSkeleton,
  PanelUnavailable,
} from '@/features/system/components/panel-parts';
import { formatClock } from '@/features/system/lib/system-format';
import { companyTimeZoneLabel } from '@/lib/company-time';

/** System Information: platform, Node version, HTTPS, environment and version. */
export function SystemInformationPanel({
  metrics,
  error,
}: {
  metrics: SystemMetrics | undefined;
  error?: string | null;
}) {
  return (
    <Panel title="System Information" icon={InfoIcon}>
      {!metrics ? (
        error ? (
          <PanelUnavailable message={error} />
        ) : (
          <PanelSkeleton rows={7} />
        )
      ) : (
        <FigureList
          rows={[
            { label: 'Platform', value: `${metrics.system.platform} (${metrics.system.arch})` },
            { label: 'Node.js', value: metrics.system.nodeVersion },
            {
              label: 'HTTPS',
              value: (
                <Badge variant={metrics.https ? 'success' : 'warning'}>
                  {metrics.https ? 'Enabled' : 'Not enabled'}
                </Badge>
              ),
            },
            { label: 'Environment', value: humanise(metrics.environment) },
            { label: 'Version', value: <Badge variant="outline">v{metrics.version}</Badge> },
            { label: 'Host', value: metrics.system.hostname },
            { label: 'CPU cores', value: metrics.system.cpuCount },
            { label: 'Process', value: `pid ${metrics.worker.pid}` },
            { label: 'Measured at', value: formatClock(metrics.timestamp) },
            // Every time on this screen is in the company's zone, named here.
            { label: 'Time zone', value: companyTimeZoneLabel(new Date(metrics.timestamp)) },
          ]}
        />
      )}
    </Panel>
  );
}
