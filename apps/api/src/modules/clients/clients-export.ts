import { once } from 'node:events';
import { clientCsvColumns } from '@patrol/contracts';
import type { Response } from 'express';
import type { DbExecutor } from '../../db/client';
import { findClientExportBatch, type ClientExportRow, type ClientFilter } from './clients.repo';

/** Clients read per query while exporting: bounded memory whatever the directory's size. */
export const exportBatchSize = 1000;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection, OWASP).
const formulaTriggers = new Set(['=', '+', '-', '@', '\t', '\r']);

/**
 * One CSV field: a value a spreadsheet would run as a formula is prefixed with a quote, and a
 * field holding a comma, a quote or a line break is quoted with its quotes doubled (RFC 4180).
 */
export function csvField(value: string): string {
  const safe = value.length > 0 && formulaTriggers.has(value[0]!) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

function exportValues({ client, licenceCount }: ClientExportRow): string[] {
  const values: Record<(typeof clientCsvColumns)[number], string> = {
    companyId: client.companyId,
    companyName: client.companyName,
    contactPerson: client.contactPerson,
    email: client.email,
    phone: client.phone,
    address: client.address,
    active: client.active ? 'Active' : 'Inactive',
    licences: String(licenceCount),
    createdAt: client.createdAt.toISOString(),
  };
  return clientCsvColumns.map((column) => values[column]);
}

/** clients_export_{YYYY-MM-DD}.csv, dated in UTC. */
export function exportFileName(now: Date): string {
  return `clients_export_${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * Streams every client matching the filter as CSV, batch by batch, waiting for the socket to
 * drain so a slow download never piles rows up in memory. Stops when the caller goes away.
 */
export async function streamClientsCsv(
  db: DbExecutor,
  filter: ClientFilter,
  res: Response,
  now: Date,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${exportFileName(now)}"`);
  res.setHeader('Cache-Control', 'no-store');
  // The byte-order mark makes Excel read the file as UTF-8 instead of the local code page.
  await write(res, `\uFEFF${csvLine(clientCsvColumns)}`);

  let after: { cursor: string; id: string } | undefined;
  while (!res.destroyed) {
    const batch = await findClientExportBatch(db, filter, after, exportBatchSize);
    if (batch.length > 0) await write(res, batch.map((row) => csvLine(exportValues(row))).join(''));
    if (batch.length < exportBatchSize) break;
    const last = batch[batch.length - 1]!;
    after = { cursor: last.cursor, id: last.client.id };
  }
  res.end();
}

async function write(res: Response, chunk: string): Promise<void> {
  if (res.write(chunk)) return;
  await Promise.race([once(res, 'drain'), once(res, 'close')]);
}
