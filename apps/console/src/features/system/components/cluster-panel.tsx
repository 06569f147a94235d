import type { ClusterInfo } from '@patrol/contracts';
import { ServerIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { Panel, PanelSkeleton, PanelUnavailable } from '@/features/system/components/panel-parts';
import {
  formatBytes,
  formatCount,
  formatMs,
  formatPercent,
  percentOf,
} from '@/features/system/lib/system-format';
import { formatUptime } from '@patrol/domain';

type ClusterPanelProps = { cluster: ClusterInfo | undefined; error: string | null };

function modeDescription(cluster: ClusterInfo): string {
  const processes = `${cluster.totalWorkers} API ${cluster.totalWorkers === 1 ? 'process' : 'processes'}`;
  const registry =
    cluster.cluster.registry === 'redis'
      ? 'found through Redis'
      : 'this process only (no REDIS_URL)';
  return `${processes}, ${registry} · efficiency ${formatPercent(cluster.health.workerEfficiency * 100, 0)}`;
}

/**
 * Cluster or process performance: one row per API process that reported in the last 15 s, with
 * its memory, CPU, uptime and request figures.
 */
export function ClusterPanel({ cluster, error }: ClusterPanelProps) {
  const title = cluster?.cluster.mode === 'cluster' ? 'Cluster Performance' : 'Process Performance';
  return (
    <Panel
      title={title}
      icon={ServerIcon}
      aside={
        cluster && (
          <Badge variant={cluster.health.healthy ? 'success' : 'danger'}>
            {cluster.health.healthy ? 'Healthy' : 'Unhealthy'}
          </Badge>
        )
      }
    >
      {!cluster ? (
        error ? (
          <PanelUnavailable message={error} />
        ) : (
          <PanelSkeleton rows={3} />
        )
      ) : (
        <div className="space-y-2">
          <p className="text-sm text-muted-foreground">{modeDescription(cluster)}</p>
          <div className="rounded-md border">
            <Table aria-label="API processes">
              <TableHeader>
                <TableRow>
                  <TableHead>Process</TableHead>
                  <TableHead numeric>Heap used</TableHead>
                  <TableHead numeric>RSS</TableHead>
                  <TableHead numeric>CPU</TableHead>
                  <TableHead numeric>Uptime</TableHead>
                  <TableHead numeric>Req/min</TableHead>
                  <TableHead numeric>Errors</TableHead>
                  <TableHead numeric>Response</TableHead>
                  <TableHead numeric>Loop lag</TableHead>
                  <TableHead numeric>Sockets</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {cluster.workers.map((worker) => (
                  <TableRow key={worker.id}>
                    <TableCell>
                      <span className="flex items-center gap-2">
                        <span className="font-medium">{worker.hostname}</span>
                        <span className="text-muted-foreground">pid {worker.pid}</span>
                        {worker.current && <Badge variant="secondary">This process</Badge>}
                      </span>
                    </TableCell>
                    <TableCell numeric>
                      {formatBytes(worker.memory.heapUsed)}
                      <span className="block text-xs text-muted-foreground">
                        {formatPercent(percentOf(worker.memory.heapUsed, worker.memory.heapLimit))}{' '}
                        of limit
                      </span>
                    </TableCell>
                    <TableCell numeric>{formatBytes(worker.memory.rss)}</TableCell>
                    <TableCell numeric>{formatPercent(worker.cpu.percentage)}</TableCell>
                    <TableCell numeric>{formatUptime(worker.uptime)}</TableCell>
                    <TableCell numeric>{formatCount(worker.requestsPerMinute)}</TableCell>
                    <TableCell numeric>{formatPercent(worker.errorRate)}</TableCell>
                    <TableCell numeric>{formatMs(worker.responseTime)}</TableCell>
                    <TableCell numeric>{formatMs(worker.eventLoopLagMs)}</TableCell>
                    <TableCell numeric>{formatCount(worker.activeConnections)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </div>
      )}
    </Panel>
  );
}
