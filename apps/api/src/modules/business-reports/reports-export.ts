import type { ExportReportQuery, ReportType } from '@patrol/contracts';
import { businessDay } from '@patrol/domain';
import type { Response } from 'express';
import type { AppContext } from '../../http/app-context';
import { beginDownload } from '../../http/downloads';
import { writeReportWorkbook, type WorkbookContent } from './report-workbook';
import { readAging } from './aging.service';
import { loadReport, periodOf } from './reports.service';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * GET /api/business/reports/export/{type}: '{type}-report-{date}.xlsx' streamed from the
 * workbook writer, or with format=json the report as a JSON file (the console's fallback). The
 * figures are computed before the first byte, so a database failure is still an error answer.
 */
export async function exportReport(
  ctx: Pick<AppContext, 'db' | 'billingAging' | 'reportCache'>,
  type: ReportType,
  query: ExportReportQuery,
  res: Response,
  now: Date = new Date(),
): Promise<void> {
  const today = businessDay(now);
  const baseName = `${type}-report-${today}`;
  if (query.format === 'json') {
    // The figures the screen shows (the same few-seconds cache).
    const { data: report } = await loadReport(ctx, query, now);
    beginDownload(res, `${baseName}.json`, 'application/json; charset=utf-8');
    res.end(JSON.stringify({ type, generatedAt: now.toISOString(), ...report }, null, 2));
    return;
  }
  const content = await workbookContent(ctx, type, query, now);
  beginDownload(res, `${baseName}.xlsx`, xlsxContentType);
  try {
    await writeReportWorkbook(res, content, { today, generatedAt: now });
  } catch (error) {
    // Past the headers an error answer is impossible: end the download so it reads as broken.
    res.destroy();
    if (!res.destroyed) throw error;
  }
}

/** The aging sheets need every owing client (the held aging) and nothing else. */
async function workbookContent(
  ctx: Pick<AppContext, 'db' | 'billingAging' | 'reportCache'>,
  type: ReportType,
  query: ExportReportQuery,
  now: Date,
): Promise<WorkbookContent> {
  if (type === 'aging') {
    const { from, to } = periodOf(query, now);
    return {
      type,
      period: { from, to },
      aging: await readAging(ctx, now),
    };
  }
  const { data: report } = await loadReport(ctx, query, now);
  return { type, period: report.period, report };
}
