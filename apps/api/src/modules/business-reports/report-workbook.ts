import type { Writable } from 'node:stream';
import type { ReportType } from '@patrol/contracts';
import { agingBucketLabels, evaluateReportTargets, humanise } from '@patrol/domain';
import type ExcelJS from 'exceljs';
import { bucketNames, type AgingOfEveryClient } from './aging.service';
import type { ReportData } from './reports.service';

const formats = {
  money: '"RM "#,##0.00',
  count: '#,##0',
  // Percentages are written as fractions (93.1% as 0.931), so a formula can use them.
  percent: '0.0%',
  days: '0.0" days"',
  date: 'yyyy-mm-dd',
} as const;
type Format = keyof typeof formats;

interface Column {
  header: string;
  width: number;
  format?: Format;
}

type Cell = string | number | Date | ExcelJS.CellFormulaValue;

/** A value as its cell holds it: a percentage (0 to 100 in the report) as a fraction. */
const cellValue = <T extends Cell | null>(value: T, format: Format | undefined): T | number =>
  // toPrecision drops the binary noise of the division (93.1 / 100 reads 0.931, not 0.93099...).
  format === 'percent' && typeof value === 'number' ? Number((value / 100).toPrecision(12)) : value;

const summed: readonly (Format | undefined)[] = ['money', 'count', 'percent'];

/**
 * A sheet written row by row: header row bold and frozen, auto-filter, widths and formats. With
 * `totals`, a bold last row sums each money, count and percent column with a live SUM formula.
 */
async function writeSheet(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  columns: readonly Column[],
  rows: Iterable<Cell[]> | AsyncIterable<Cell[]>,
  { totals = false }: { totals?: boolean } = {},
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
  const styles = new Map<string, Partial<ExcelJS.Style>>();
  const sums = columns.map(() => 0);
  let count = 0;
  for await (const row of rows) {
    const values = row.map((value, index) => cellValue(value, columns[index]?.format));
    values.forEach((value, index) => {
      if (typeof value === 'number') sums[index]! += value;
    });
    shareStyles(sheet.addRow(values), styles).commit();
    count += 1;
  }
  if (totals && count > 0) {
    const totalRow = sheet.addRow(
      columns.map((column, index) => {
        if (index === 0) return 'Total';
        if (!summed.includes(column.format)) return null;
        const letter = sheet.getColumn(index + 1).letter;
        // The cached result lets viewers that do not recalculate show the figure.
        return { formula: `SUM(${letter}2:${letter}${count + 1})`, result: sums[index] };
      }),
    );
    totalRow.font = { bold: true };
    totalRow.commit();
  }
  sheet.commit();
}

/**
 * exceljs gives each new cell a style object of its own (a copy of its column's), and its styles
 * writer renders every object it has not seen to XML to find the style's id: two thirds of the
 * time of a 1,500-row sheet. Cells of one column and value type get one shared object instead,
 * which the writer remembers by identity: the same ids, so the same file, written once per column.
 */
function shareStyles(row: ExcelJS.Row, styles: Map<string, Partial<ExcelJS.Style>>): ExcelJS.Row {
  row.eachCell((cell, column) => {
    const key = `${column}:${cell.type}`;
    const shared = styles.get(key);
    if (shared) cell.style = shared;
    else styles.set(key, cell.style);
  });
  return row;
}

/** A measure and its value, the value's format per row (money, counts, percents mixed). */
function writeMeasures(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  name: string,
  /** A null value (nothing to measure) leaves its cell empty. */
  measures: readonly [string, number | null, Format][],
): void {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Measure', width: 32 },
    { header: 'Value', width: 20 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = 'A1:B1';
  sheet.getRow(1).commit();
  for (const [label, value, format] of measures) {
    const row = sheet.addRow([label, cellValue(value, format)]);
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

async function* clientRows(details: AgingOfEveryClient['details']): AsyncIterable<Cell[]> {
  for await (const client of details) {
    yield [
      client.name,
      client.totalOutstanding,
      ...bucketNames.map((name) => client.buckets[name].amount),
    ];
  }
}

/** The aging sheets: the four buckets, then every owing client, most owed first. */
async function writeAging(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  aging: AgingOfEveryClient,
): Promise<void> {
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
    { totals: true },
  );
  await writeSheet(
    workbook,
    'Aging by Client',
    [
      { header: 'Client', width: 40 },
      { header: 'Total Outstanding', width: 18, format: 'money' },
      ...bucketColumns,
    ],
    clientRows(aging.details),
    { totals: true },
  );
}

/**
 * What a workbook shows: the report of the period, or for the aging only the period and every
 * owing client (not the report's top clients), so an aging export computes nothing else.
 */
export type WorkbookContent = { period: ReportData['period'] } & (
  | { type: 'aging'; aging: AgingOfEveryClient }
  | { type: Exclude<ReportType, 'aging'>; report: ReportData }
);

async function writeSections(
  workbook: ExcelJS.stream.xlsx.WorkbookWriter,
  content: WorkbookContent,
): Promise<void> {
  if (content.type === 'aging') {
    await writeAging(workbook, content.aging);
    return;
  }
  const { report } = content;
  const { dashboard, business, payments } = report;
  switch (content.type) {
    case 'overview':
      writeMeasures(workbook, 'Overview', [
        ['Total Revenue (gross)', dashboard.totalRevenue, 'money'],
        ['Net Revenue', dashboard.netRevenue, 'money'],
        ['Tax', dashboard.taxAmount, 'money'],
        ['Awaiting Validation', dashboard.awaitingValidation, 'money'],
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
      writeMeasures(workbook, 'Revenue', [
        ['Invoiced (gross)', business.revenue.invoiced, 'money'],
        ['Net of Tax', business.revenue.net, 'money'],
        ['Tax', business.revenue.tax, 'money'],
        ['Collected', business.revenue.collected, 'money'],
        ['Awaiting Validation', business.revenue.awaitingValidation, 'money'],
        ['Outstanding', business.revenue.outstanding, 'money'],
      ]);
      await writeSheet(
        workbook,
        'Revenue Trend',
        [
          { header: 'Period', width: 14, format: 'date' },
          { header: 'Invoiced', width: 18, format: 'money' },
          { header: 'Collected', width: 18, format: 'money' },
        ],
        business.revenueTrend.map((row) => [day(row.period), row.invoiced, row.collected]),
        { totals: true },
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
        { totals: true },
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
        { totals: true },
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
          row.actual ?? '',
          row.target,
          row.percentOfTarget ?? '',
          row.status ?? 'No payment collected',
        ]),
      );
      writeMeasures(workbook, 'Performance', [
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

/** A business day ('YYYY-MM-DD') or a month ('YYYY-MM', its first day) as a date cell's value. */
const day = (iso: string) => new Date(`${iso.length === 7 ? `${iso}-01` : iso}T00:00:00Z`);

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
 * written, so the file never sits in memory whole.
 */
export async function writeReportWorkbook(
  output: Writable,
  content: WorkbookContent,
  context: { today: string; generatedAt: Date },
): Promise<void> {
  // Loaded on the first export, not at start-up: exceljs alone holds about 27 MiB resident.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true });
  workbook.creator = 'Patrol Console';
  workbook.created = context.generatedAt;
  await writeSheet(
    workbook,
    'Report',
    [
      { header: 'Report', width: 16 },
      { header: 'From', width: 14, format: 'date' },
      { header: 'To', width: 14, format: 'date' },
      { header: 'As of', width: 14, format: 'date' },
    ],
    [[content.type, day(content.period.from), day(content.period.to), day(context.today)]],
  );
  await writeSections(workbook, content);
  await workbook.commit();
}
