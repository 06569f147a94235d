import {
  billingInsightLimits,
  type PaymentMethod,
  type ReportsQuery,
  type ReportsResponse,
} from '@patrol/contracts';
import {
  businessDay,
  fromSen,
  percentChange,
  percentOf,
  periodMonths,
  ratio,
  reportPeriod,
  trendBuckets,
  dailyTrendMaxDays,
  type ReportPeriod,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { AppContext } from '../../http/app-context';
import { clientsAddedOnDays } from '../clients/clients.service';
import { agingOnScreen } from './aging.service';
import {
  clientPeriodCounts,
  invoicePeriodFigures,
  paymentsByMethod,
  quotationPeriodFigures,
  receiptPeriodValueSen,
  revenueByIssuePeriod,
} from './reports.repo';
import { topClients } from './top-clients.repo';

export type ReportData = ReportsResponse['data'];
type Period = Pick<ReportsQuery, 'dateRange' | 'dateFrom' | 'dateTo'>;

const ringgit = (senText: string | number) => fromSen(Number(senText));
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function periodOf(query: Period, now: Date): ReportPeriod {
  return reportPeriod(query.dateRange, businessDay(now), query);
}

/** Invoiced and collected per day or month of the period, zero where nothing was issued. */
async function revenueTrend(db: DbExecutor, period: ReportPeriod) {
  const rows = await revenueByIssuePeriod(
    db,
    period,
    period.days <= dailyTrendMaxDays ? 'day' : 'month',
  );
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return trendBuckets(period).map((key) => ({
    period: key,
    invoiced: ringgit(byPeriod.get(key)?.invoicedSen ?? 0),
    collected: ringgit(byPeriod.get(key)?.collectedSen ?? 0),
  }));
}

/**
 * Every section of GET /api/business/reports for the period, from SQL aggregates. Revenue is what
 * was invoiced (by issue date; gross, with net and tax beside it), collected is what was paid and
 * validated on those invoices (awaiting validation apart), and the aging is as of today whatever
 * the period, as an aging report is.
 */
export async function computeReport(
  db: DbExecutor,
  query: Period,
  now: Date = new Date(),
): Promise<ReportData> {
  const today = businessDay(now);
  const period = periodOf(query, now);
  const [
    invoiceFigures,
    clientCounts,
    quotationFigures,
    methods,
    receiptSen,
    newClients,
    top,
    aging,
    trend,
  ] = await Promise.all([
    invoicePeriodFigures(db, period, today),
    clientPeriodCounts(db, period),
    quotationPeriodFigures(db, period),
    paymentsByMethod(db, period),
    receiptPeriodValueSen(db, period),
    clientsAddedOnDays(db, period.from, period.to),
    topClients(db, period, billingInsightLimits.topClients),
    agingOnScreen(db, today),
    revenueTrend(db, period),
  ]);
  const invoicedSen = Number(invoiceFigures.invoicedSen);
  const taxSen = Number(invoiceFigures.taxSen);
  const collectedSen = Number(invoiceFigures.collectedSen);
  const paymentSen = methods.reduce((sum, row) => sum + Number(row.amountSen), 0);
  const revenueChange = percentChange(invoicedSen, Number(invoiceFigures.previousInvoicedSen));
  return {
    period: { from: period.from, to: period.to },
    dashboard: {
      totalRevenue: fromSen(invoicedSen),
      netRevenue: fromSen(invoicedSen - taxSen),
      taxAmount: fromSen(taxSen),
      awaitingValidation: ringgit(invoiceFigures.awaitingSen),
      previousRevenue: ringgit(invoiceFigures.previousInvoicedSen),
      totalOutstanding: ringgit(invoiceFigures.outstandingSen),
      overdueCount: invoiceFigures.overdue,
      activeClients: clientCounts.active,
      newClients,
      collectionRate: percentOf(collectedSen, invoicedSen),
      quotationValue: ringgit(quotationFigures.valueSen),
      invoiceValue: fromSen(invoicedSen),
      paymentValue: fromSen(paymentSen),
      receiptValue: ringgit(receiptSen),
    },
    business: {
      revenue: {
        invoiced: fromSen(invoicedSen),
        net: fromSen(invoicedSen - taxSen),
        tax: fromSen(taxSen),
        collected: fromSen(collectedSen),
        awaitingValidation: ringgit(invoiceFigures.awaitingSen),
        outstanding: ringgit(invoiceFigures.outstandingSen),
      },
      topClients: top.map((row) => ({
        name: row.name,
        revenue: ringgit(row.revenueSen),
        invoices: row.invoices,
      })),
      quotationConversionRate: percentOf(quotationFigures.converted, quotationFigures.total),
      quotationsConverted: quotationFigures.converted,
      totalQuotations: quotationFigures.total,
      averageDealSize: fromSen(Math.round(ratio(invoicedSen, invoiceFigures.count))),
      clientRetentionRate: percentOf(clientCounts.retained, clientCounts.previous),
      monthlyGrowth: revenueChange?.value ?? 0,
      monthlyRevenue: fromSen(Math.round(invoicedSen / periodMonths(period.days))),
      revenueTrend: trend,
    },
    payments: {
      methodBreakdown: methods.map((row) => ({
        method: row.method as PaymentMethod,
        amount: ringgit(row.amountSen),
        percentage: percentOf(Number(row.amountSen), paymentSen),
      })),
      averageInvoiceTime: oneDecimal(Number(invoiceFigures.daysToSend ?? 0)),
      // Null when no invoice of the period was collected in full: no verdict on nothing.
      averageDaysToPay:
        invoiceFigures.daysToPay === null ? null : oneDecimal(Number(invoiceFigures.daysToPay)),
    },
    aging,
  };
}

/**
 * GET /api/business/reports. The type names the tab asking; every section is answered. A whole
 * report is kept for a few seconds per period (`ctx.reportCache`, cleared by every billing
 * change), so staff opening the same month together share one computation.
 */
export async function loadReport(
  ctx: Pick<AppContext, 'db' | 'reportCache'>,
  query: Period,
  now: Date = new Date(),
): Promise<ReportsResponse> {
  const period = periodOf(query, now);
  const key = `${businessDay(now)}:${period.from}:${period.to}`;
  const report = await ctx.reportCache.get(key, () => computeReport(ctx.db, query, now));
  return { success: true, data: report };
}
