import type { Response } from 'express';
import { beginDownload, chunkWriter } from './downloads';

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

/** One CSV line with its CRLF ending. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** A CSV file as a service describes it; the route streams it (streamCsv). */
export interface CsvDownload {
  fileName: string;
  header: readonly string[];
  /** Rows in bounded batches, read as the download is written. */
  batches: AsyncIterable<readonly (readonly string[])[]>;
}

/** Streams a CSV download a service described (see streamCsv). */
export function sendCsv(res: Response, download: CsvDownload): Promise<void> {
  return streamCsv(res, download.fileName, download.header, download.batches);
}

/**
 * Streams a CSV download: a byte-order mark (so Excel reads UTF-8), the header line, then each
 * batch of rows as the source yields it, honouring backpressure. The source should read the
 * database in bounded batches; it is abandoned when the client goes away.
 */
export async function streamCsv(
  res: Response,
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<readonly (readonly string[])[]>,
): Promise<void> {
  beginDownload(res, fileName, 'text/csv; charset=utf-8');
  const write = chunkWriter(res);
  if (!(await write(`\uFEFF${csvLine(header)}`))) return;
  for await (const rows of batches) {
    if (rows.length > 0 && !(await write(rows.map(csvLine).join('')))) return;
  }
  res.end();
}
