import type { Database } from '../../apps/api/src/db/client';
import { refreshReleaseHealth } from '../../apps/api/src/modules/ota/release-health.service';

/**
 * The minute's release-health refresh, in-process against a data set: its database work only
 * (nothing announced, mailed or logged).
 */
export function refreshInProcess(database: Database): Promise<void> {
  return refreshReleaseHealth({
    db: database.db,
    events: { publish: () => {} } as never,
    mailer: { delivers: false, send: async () => {}, close: () => {} },
    logger: { warn: () => {}, error: () => {} } as never,
    observability: { worker: { id: 'bench', pid: process.pid, hostname: 'bench' } },
  });
}
