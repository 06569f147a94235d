import type { ExportReportQuery, ReportType } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import { PassThrough, Readable } from 'node:stream';
import type { AppContext } from '../../http/app-context';
import type { GeneratedFile } from '../../http/downloads';
import { writeReportWorkbook, type WorkbookContent } from './report-workbook';
import { agingOfEveryClient } from './aging.service';
import { loadReport, periodOf } from './reports.service';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/business/reports/export/{type}: '{type}-report-{date}.xlsx' as the workbook writer
 * produces it, or with format=json the report as a JSON file (the console's fallback), for the
 * route to stream. The figures (for the aging: its buckets and first page of clients) are read
 * before the file is returned, so a database failure is still an error answer.
 */
export async function exportReport(
  ctx: Pick<AppContext, 'db' | 'reportCache'>,
  type: ReportType,
  query: ExportReportQuery,
  now: Date = new Date(),
): Promise<GeneratedFile> {
  const today = businessDay(now);
  const baseName = `${type}-report-${today}`;
  if (query.format === 'json') {
    // The figures the screen shows (the same few-seconds cache).
    const { data: report } = await loadReport(ctx, query, now);
    return {
      fileName: `${baseName}.json`,
      contentType: 'application/json; charset=utf-8',
      stream: Readable.from([
        JSON.stringify({ type, generatedAt: now.toISOString(), ...report }, null, 2),
      ]),
    };
  }
  const content = await workbookContent(ctx, type, query, now, today);
  const stream = new PassThrough();
  // Written as the download reads it; a failure past the first byte ends the download broken.
  writeReportWorkbook(stream, content, { today, generatedAt: now }).catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return { fileName: `${baseName}.xlsx`, contentType: xlsxContentType, stream };
}

/** The aging sheets need every owing client and nothing else. */
async function workbookContent(
  ctx: Pick<AppContext, 'db' | 'reportCache'>,
  type: ReportType,
  query: ExportReportQuery,
  now: Date,
  today: string,
): Promise<WorkbookContent> {
  if (type === 'aging') {
    const { from, to } = periodOf(query, now);
    return {
      type,
      period: { from, to },
      aging: await agingOfEveryClient(ctx.db, today),
    };
  }
  const { data: report } = await loadReport(ctx, query, now);
  return { type, period: report.period, report };
}
