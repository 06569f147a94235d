import ExcelJS from 'exceljs';
import { latencyOf } from './load';

/** What a whole-file export costs: its rows a second and the wait for its first byte (p50 of runs). */
export interface ExportFigures {
  rows: number;
  rowsPerSecond: number;
  firstByteMs: { p50: number; max: number };
}

/** Data rows of a CSV answer: its lines after the header. */
export function csvRows(body: Buffer): number {
  let lines = 0;
  for (const byte of body) if (byte === 0x0a) lines++;
  return Math.max(0, lines - 1);
}

/** Data rows of an xlsx answer: every worksheet's rows after its header row. */
export async function xlsxRows(body: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  return workbook.worksheets.reduce((rows, sheet) => rows + Math.max(0, sheet.rowCount - 1), 0);
}

/**
 * Downloads an export `runs` times, one at a time, as a browser would ask for it (compressed when
 * the API compresses it): the time to its first byte and to its last, and its rows a second.
 */
export async function measureExport(options: {
  url: string;
  headers: Record<string, string>;
  countRows: (body: Buffer) => number | Promise<number>;
  runs?: number;
}): Promise<ExportFigures> {
  const firstBytes: number[] = [];
  const totals: number[] = [];
  let body = Buffer.alloc(0);
  for (let run = 0; run < (options.runs ?? 5); run++) {
    const started = performance.now();
    const response = await fetch(options.url, { headers: options.headers });
    if (!response.ok || !response.body) throw new Error(`${options.url}: ${response.status}`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of response.body) {
      if (chunks.length === 0) firstBytes.push(performance.now() - started);
      chunks.push(chunk);
    }
    totals.push(performance.now() - started);
    body = Buffer.concat(chunks);
  }
  const rows = await options.countRows(body);
  const total = latencyOf(totals);
  const firstByte = latencyOf(firstBytes);
  return {
    rows,
    rowsPerSecond: rows / (total.p50 / 1000),
    firstByteMs: { p50: firstByte.p50, max: firstByte.max },
  };
}

/** The figure of an export's row: rows a second, with the first byte's wait. */
export function exportFigure(figures: ExportFigures): string {
  const rate = Math.round(figures.rowsPerSecond).toLocaleString('en');
  return `${rate} rows/s, first byte ${figures.firstByteMs.p50.toFixed(0)} ms (max ${figures.firstByteMs.max.toFixed(0)}), ${figures.rows.toLocaleString('en')} rows`;
}

/** Issue 28's goal for a whole-file export, held at 10x (smaller sets pay more per row). */
export const exportGoal = '>= 100,000 rows/s, first byte <= 100 ms at 10x';

export function exportMeetsGoal(figures: ExportFigures, scale: number): boolean | undefined {
  if (scale !== 10) return undefined;
  return figures.rowsPerSecond >= 100_000 && figures.firstByteMs.p50 <= 100;
}
