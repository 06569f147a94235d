import type { DbExecutor } from '../../db/client';
import { sumReceivedRevenueSen } from './received-revenue.repo';

/** Money received on invoices that stand (not voided), in sen: the dashboard's revenue figure. */
export function receivedRevenueSen(db: DbExecutor): Promise<number> {
  return sumReceivedRevenueSen(db);
}
