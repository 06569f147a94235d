import { clientCsvColumns } from '@patrol/contracts';
import type { DbExecutor } from '../../db/client';
import type { CsvDownload } from '../../http/csv';
import { findClientExportBatch, type ClientExportRow, type ClientFilter } from './clients.repo';

/** Clients read per query while exporting: bounded memory whatever the directory's size. */
export const exportBatchSize = 1000;

function exportValues(client: ClientExportRow): string[] {
  const values: Record<(typeof clientCsvColumns)[number], string> = {
    companyId: client.companyId,
    companyName: client.companyName,
    contactPerson: client.contactPerson,
    email: client.email,
    phone: client.phone,
    address: client.address,
    active: client.active ? 'Active' : 'Inactive',
    licences: String(client.licenceCount),
    createdAt: client.createdAt,
  };
  return clientCsvColumns.map((column) => values[column]);
}

/** clients_export_{YYYY-MM-DD}.csv, dated in UTC. */
export function exportFileName(now: Date): string {
  return `clients_export_${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Every client matching the filter, a keyset batch at a time. The next batch is asked for as soon
 * as a batch arrives, so the database reads it while this one is formatted and sent: one query
 * in flight at a time (a transaction takes no more), two batches in memory at most.
 */
async function* clientBatches(db: DbExecutor, filter: ClientFilter) {
  let next = findClientExportBatch(db, filter, undefined, exportBatchSize);
  for (;;) {
    const batch = await next;
    const last = batch.length === exportBatchSize ? batch[batch.length - 1]! : undefined;
    if (last) {
      next = findClientExportBatch(
        db,
        filter,
        { cursor: last.cursor, id: last.id },
        exportBatchSize,
      );
      // A download abandoned before it is awaited must not leave an unhandled rejection behind.
      next.catch(() => undefined);
    }
    yield batch.map(exportValues);
    if (!last) return;
  }
}

/** Every client matching the filter as a CSV download (RFC 4180, formula-safe when streamed). */
export function clientsCsv(db: DbExecutor, filter: ClientFilter, now: Date): CsvDownload {
  return {
    fileName: exportFileName(now),
    header: clientCsvColumns,
    batches: clientBatches(db, filter),
  };
}
