import type { DatabaseUsage, UsageStatus } from '@patrol/contracts';
import { DatabaseIcon, TriangleAlertIcon } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import {
  FigureList,
  Panel,
  PanelSkeleton,
  PanelUnavailable,
  UsageBar,
  type FigureRow,
} from '@/features/system/components/panel-parts';
import {
  formatBytes,
  formatCount,
  formatPercent,
  formatPerSecond,
} from '@/features/system/lib/system-format';

const usageTones: Record<UsageStatus, BadgeVariant> = {
  ok: 'success',
  warning: 'warning',
  critical: 'danger',
};
const usageLabels: Record<UsageStatus, string> = {
  ok: 'OK',
  warning: 'Warning',
  critical: 'Critical',
};

/** 'PostgreSQL 16.4' or 'PGlite (embedded)'. */
export function databaseLabel(database: Pick<DatabaseUsage, 'dialect' | 'version'>): string {
  if (database.dialect === 'pglite') return 'PGlite (embedded)';
  return database.version ? `PostgreSQL ${database.version}` : 'PostgreSQL';
}

const measuring = 'measuring…';

function connectionRows(database: DatabaseUsage): FigureRow[] {
  const { connections } = database;
  if (connections.embedded) {
    return [{ label: 'Connections', value: 'Embedded (one in-process connection)' }];
  }
  const rows: FigureRow[] = [
    {
      label: 'Connections',
      value:
        connections.current === null
          ? 'N/A'
          : `${formatCount(connections.current)} of ${formatCount(connections.max)} (${formatPercent(connections.usagePercent)})`,
    },
  ];
  if (connections.pool) {
    const { total, idle, waiting } = connections.pool;
    rows.push({
      label: 'This process’s pool',
      value: `${total} open · ${idle} idle · ${waiting} waiting`,
    });
  }
  return rows;
}

function DatabaseFigures({ database }: { database: DatabaseUsage }) {
  const { storage, operations, connections } = database;
  const rate = (value: number | null) => (value === null ? measuring : formatPerSecond(value));
  return (
    <div className="space-y-3">
      {database.notice && (
        <p
          role="note"
          className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <TriangleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {database.notice}
        </p>
      )}
      {!database.connected && (
        <p role="note" className="text-sm text-destructive">
          The database does not answer: figures below are the last known.
        </p>
      )}
      <FigureList
        rows={[
          { label: 'Engine', value: databaseLabel(database) },
          { label: 'Plan', value: `${database.planInfo.plan} (${database.planInfo.tier})` },
          ...connectionRows(database),
        ]}
      />
      {!connections.embedded && connections.usagePercent !== null && (
        <UsageBar percent={connections.usagePercent} label="Connections in use" />
      )}
      <FigureList
        rows={[
          {
            label: 'Size',
            value:
              storage.used === null
                ? 'N/A'
                : `${formatBytes(storage.used)} of ${formatBytes(storage.budget)} budget (${formatPercent(storage.usagePercent)})`,
          },
        ]}
      />
      {storage.usagePercent !== null && (
        <UsageBar percent={storage.usagePercent} label="Database size against its budget" />
      )}
      <FigureList
        rows={[
          { label: 'Transactions', value: rate(operations.transactionsPerSecond) },
          { label: 'Rows read', value: rate(operations.rowsReadPerSecond) },
        ]}
      />
      {operations.sampleSeconds !== null && (
        <p className="text-xs text-muted-foreground">
          Rates over the last {Math.round(operations.sampleSeconds)} s, from pg_stat_database.
        </p>
      )}
    </div>
  );
}

type DatabasePanelProps = { database: DatabaseUsage | undefined; error: string | null };

/**
 * The database panel: PostgreSQL's own figures in place of the spec's hosted free tier
 * (connections, size against DATABASE_SIZE_BUDGET_MB with the 75 percent notice, transactions
 * and rows read a second); on the embedded database, what it can tell.
 */
export function DatabasePanel({ database, error }: DatabasePanelProps) {
  return (
    <Panel
      title="Database Usage"
      icon={DatabaseIcon}
      aside={
        database && (
          <Badge variant={usageTones[database.overall.status]}>
            {usageLabels[database.overall.status]}
            {database.overall.usagePercent !== null &&
              ` · ${formatPercent(database.overall.usagePercent, 0)}`}
          </Badge>
        )
      }
    >
      {database ? (
        <DatabaseFigures database={database} />
      ) : error ? (
        <PanelUnavailable message={error} />
      ) : (
        <PanelSkeleton rows={6} />
      )}
    </Panel>
  );
}
