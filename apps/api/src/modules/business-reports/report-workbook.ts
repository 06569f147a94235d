import type { Writable } from 'node:stream';
import type { ReportType } from '@patrol/contracts';
import { agingBucketLabels, evaluateReportTargets, fromSen, humanise } from '@patrol/domain';
import ExcelJS from 'exceljs';
import type { DbExecutor } from '../../db/client';
import { agingByClient } from './reports.repo';
import { bucketNames, presentBuckets, type ReportData } from './reports.service';

const formats = {
  money: '"RM "#,##0.00',
  count: '#,##0',
  percent: '0.0"%"',
  days: '0.0" days"',
  date: 'yyyy-mm-dd',
} as const;
type Format = keyof typeof formats;

interface Column {
  header: string;
  width: number;
  format?: Format;
}

type Cell = string | number | Date;

/** A sheet written row by row: header row bold and frozen, auto-filter, widths and formats. */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly Column[],
  rows: AsyncIterable<Cell[]> | Iterable<Cell[]>,
): Promise<void> {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: column.width,
    style: column.format ? { numFmt: formats[column.format] } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  sheet.getRow(1).commit();
  for await (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
}

/** A measure and its value, the value's format per row (money, counts, percents mixed). */
async function writeMeasures(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  measures: readonly [string, number, Format][],
): Promise<void> {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Measure', width: 32 },
    { header: 'Value', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = 'A1:B1';
  sheet.getRow(1).commit();
  for (const [label, value, format] of measures) {
    const row = sheet.addRow([label, value]);
    row.getCell(2).numFmt = formats[format];
    row.commit();
  }
  sheet.commit();
}

const bucketColumns: Column[] = bucketNames.map((name) => ({
  header: agingBucketLabels[name],
  width: 16,
  format: 'money',
}));

/** Every owing client, read in pages so a provider-sized aging never sits in memory whole. */
async function* allAgingClients(db: DbExecutor, today: string): AsyncIterable<Cell[]> {
  const limit = 500;
  for (let offset = 0; ; offset += limit) {
    const rows = await agingByClient(db, today, { limit, offset });
    for (const row of rows) {
      const buckets = presentBuckets(row);
      yield [
        row.name,
        fromSen(Number(row.totalSen)),
        ...bucketNames.map((name) => buckets[name].amount),
      ];
    }
    if (rows.length < limit) return;
  }
}

async function writeSections(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  type: ReportType,
  report: ReportData,
  db: DbExecutor,
  today: string,
): Promise<void> {
  const { dashboard, business, payments, aging } = report;
  switch (type) {
    case 'overview':
      await writeMeasures(workbook, 'Overview', [
        ['Total Revenue', dashboard.totalRevenue, 'money'],
        ['Previous Period Revenue', dashboard.previousRevenue, 'money'],
        ['Total Outstanding', dashboard.totalOutstanding, 'money'],
        ['Overdue Invoices', dashboard.overdueCount, 'count'],
        ['Active Clients', dashboard.activeClients, 'count'],
        ['New Clients', dashboard.newClients, 'count'],
        ['Collection Rate', dashboard.collectionRate, 'percent'],
      ]);
      await writeSheet(
        workbook,
        'Pipeline',
        [
          { header: 'Stage', width: 20 },
          { header: 'Value', width: 20, format: 'money' },
        ],
        [
          ['Quotations', dashboard.quotationValue],
          ['Invoices', dashboard.invoiceValue],
          ['Payments', dashboard.paymentValue],
          ['Receipts', dashboard.receiptValue],
        ],
      );
      return;
    case 'financial':
      await writeMeasures(workbook, 'Revenue', [
        ['Invoiced', business.revenue.invoiced, 'money'],
        ['Collected', business.revenue.collected, 'money'],
        ['Outstanding', business.revenue.outstanding, 'money'],
      ]);
      await writeSheet(
        workbook,
        'Revenue Trend',
        [
          { header: 'Period', width: 14 },
          { header: 'Invoiced', width: 18, format: 'money' },
          { header: 'Collected', width: 18, format: 'money' },
        ],
        business.revenueTrend.map((row) => [row.period, row.invoiced, row.collected]),
      );
      await writeSheet(
        workbook,
        'Payment Methods',
        [
          { header: 'Method', width: 22 },
          { header: 'Amount', width: 18, format: 'money' },
          { header: 'Share', width: 10, format: 'percent' },
        ],
        payments.methodBreakdown.map((row) => [humanise(row.method), row.amount, row.percentage]),
      );
      await writeSheet(
        workbook,
        'Top Clients',
        [
          { header: 'Client', width: 40 },
          { header: 'Revenue', width: 18, format: 'money' },
          { header: 'Invoices', width: 10, format: 'count' },
        ],
        business.topClients.map((row) => [row.name, row.revenue, row.invoices]),
      );
      return;
    case 'aging':
      await writeSheet(
        workbook,
        'Aging Buckets',
        [
          { header: 'Days Past Due', width: 16 },
          { header: 'Invoices', width: 10, format: 'count' },
          { header: 'Outstanding', width: 18, format: 'money' },
        ],
        bucketNames.map((name) => [
          agingBucketLabels[name],
          aging.buckets[name].count,
          aging.buckets[name].amount,
        ]),
      );
      await writeSheet(
        workbook,
        'Aging by Client',
        [
          { header: 'Client', width: 40 },
          { header: 'Total Outstanding', width: 18, format: 'money' },
          ...bucketColumns,
        ],
        allAgingClients(db, today),
      );
      return;
    case 'performance':
      await writeSheet(
        workbook,
        'Targets',
        [
          { header: 'Measure', width: 24 },
          { header: 'Actual', width: 16 },
          { header: 'Target', width: 16 },
          { header: 'Progress', width: 12, format: 'percent' },
          { header: 'Status', width: 18 },
        ],
        performanceTargets(report).map((row) => [
          row.label,
          row.actual,
          row.target,
          row.percentOfTarget,
          row.status,
        ]),
      );
      await writeMeasures(workbook, 'Performance', [
        ['Quotation Conversion Rate', business.quotationConversionRate, 'percent'],
        ['Quotations Converted', business.quotationsConverted, 'count'],
        ['Total Quotations', business.totalQuotations, 'count'],
        ['Average Deal Size', business.averageDealSize, 'money'],
        ['Client Retention Rate', business.clientRetentionRate, 'percent'],
        ['Revenue Growth', business.monthlyGrowth, 'percent'],
        ['Monthly Revenue', business.monthlyRevenue, 'money'],
        ['Average Days to Send', payments.averageInvoiceTime, 'days'],
        ['Average Days to Pay', payments.averageDaysToPay, 'days'],
      ]);
      return;
  }
}

/** The progress-versus-targets rows of a report (spec 3 section 9). */
export function performanceTargets(report: ReportData) {
  return evaluateReportTargets({
    monthlyRevenue: report.business.monthlyRevenue,
    collectionRate: report.dashboard.collectionRate,
    conversionRate: report.business.quotationConversionRate,
    daysToCollect: report.payments.averageDaysToPay,
  });
}

/**
 * Streams the report as an xlsx workbook into `output`: a first sheet naming the report and its
 * period (dates as dates), then one sheet per section of the type. Rows are committed as they are
 * written, so the aging of every client never sits in memory whole.
 */
export async function writeReportWorkbook(
  output: Writable,
  type: ReportType,
  report: ReportData,
  context: { db: DbExecutor; today: string; generatedAt: Date },
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = 'Patrol Console';
  workbook.created = context.generatedAt;
  const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
  await writeSheet(
    workbook,
    'Report',
    [
      { header: 'Report', width: 16 },
      { header: 'From', width: 14, format: 'date' },
      { header: 'To', width: 14, format: 'date' },
      { header: 'As of', width: 14, format: 'date' },
    ],
    [[type, day(report.period.from), day(report.period.to), day(context.today)]],
  );
  await writeSections(workbook, type, report, context.db, context.today);
  await workbook.commit();
}
