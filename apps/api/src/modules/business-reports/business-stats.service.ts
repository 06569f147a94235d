import {
  billingInsightLimits,
  type BusinessStats,
  type BusinessStatsResponse,
} from '@patrol/contracts';
import {
  businessDay,
  fromSen,
  hasPermission,
  paymentStatusOn,
  percentOf,
  quotationStatusOn,
  reportTargets,
  toSen,
  type PermissionSubject,
} from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayOf, moneyValue } from '../../db/column-values';
import type { AppContext } from '../../http/app-context';
import {
  invoiceFigures,
  productCounts,
  quotationCounts,
  receiptCounts,
  recentDocuments,
} from './business-stats.repo';

const ringgit = (senText: string) => fromSen(Number(senText));

/** The recent-activity lists: 5 newest of each kind, statuses as they read on `today`. */
async function recentActivity(db: DbExecutor, today: string) {
  const { recentQuotations, recentInvoices, recentReceipts } = await recentDocuments(
    db,
    billingInsightLimits.recentActivity,
  );
  const common = (row: {
    id: string;
    clientInfo: { companyName?: string };
    totalAmount: string;
    createdAt: Date;
  }) => ({
    id: row.id,
    clientName: row.clientInfo.companyName ?? '',
    total: moneyValue(row.totalAmount),
    createdAt: row.createdAt.toISOString(),
  });
  return {
    quotations: recentQuotations.map((row) => ({
      ...common(row),
      quotationNumber: row.quotationNumber,
      status: quotationStatusOn(row.status, dayOf(row.validUntil), today),
    })),
    invoices: recentInvoices.map((row) => ({
      ...common(row),
      invoiceNumber: row.invoiceNumber,
      status: paymentStatusOn({ ...row, dueDay: dayOf(row.dueDate) }, today),
    })),
    receipts: recentReceipts.map((row) => ({
      ...common(row),
      receiptNumber: row.receiptNumber,
      paymentMethod: row.paymentMethod,
    })),
  };
}

/**
 * The billing figures of GET /api/business/dashboard-stats, from SQL aggregates: one pass over
 * each document table and the newest rows by index. Served from a snapshot (`ctx.businessStats`)
 * that every billing change invalidates, so repeated loads do not repeat the aggregates.
 */
export async function computeBusinessStats(
  db: DbExecutor,
  now: Date = new Date(),
): Promise<BusinessStats> {
  const today = businessDay(now);
  const [productFigures, quotationFigures, invoiceSums, receiptFigures, recent] = await Promise.all(
    [
      productCounts(db),
      quotationCounts(db, today),
      invoiceFigures(db, today),
      receiptCounts(db, today),
      recentActivity(db, today),
    ],
  );
  const totalSen = Number(invoiceSums.totalSen);
  const taxSen = Number(invoiceSums.taxSen);
  const validatedSen = Number(invoiceSums.validatedSen);
  return {
    products: {
      total: productFigures.total,
      active: productFigures.active,
      inactive: productFigures.total - productFigures.active,
    },
    quotations: {
      total: quotationFigures.total,
      pending: quotationFigures.draft + quotationFigures.sent,
      approved: quotationFigures.accepted,
      sent: quotationFigures.sent,
      draft: quotationFigures.draft,
      expired: quotationFigures.expired,
    },
    invoices: {
      total: invoiceSums.total,
      paid: invoiceSums.paid,
      unpaid: invoiceSums.awaiting - invoiceSums.overdue,
      pending: invoiceSums.pendingValidation,
      overdue: invoiceSums.overdue,
      outstanding: invoiceSums.awaiting,
    },
    receipts: {
      total: receiptFigures.total,
      thisMonth: receiptFigures.thisMonth,
      pending: invoiceSums.pendingValidation,
      processed: receiptFigures.total,
    },
    revenue: {
      total: fromSen(totalSen),
      daily: ringgit(invoiceSums.dailySen),
      weekly: ringgit(invoiceSums.weeklySen),
      lastWeek: ringgit(invoiceSums.lastWeekSen),
      monthly: ringgit(invoiceSums.monthlySen),
      monthlyTarget: fromSen(toSen(reportTargets.monthlyRevenue)),
      yearly: ringgit(invoiceSums.yearlySen),
    },
    financial: {
      totalAmount: fromSen(totalSen),
      netAmount: fromSen(totalSen - taxSen),
      taxAmount: fromSen(taxSen),
      paidAmount: fromSen(validatedSen),
      pendingAmount: ringgit(invoiceSums.awaitingValidationSen),
      outstandingAmount: ringgit(invoiceSums.outstandingSen),
      collectionRate: percentOf(validatedSen, totalSen),
      overdueInvoices: invoiceSums.overdue,
      monthlyRevenue: ringgit(invoiceSums.monthlySen),
      weeklyRevenue: ringgit(invoiceSums.weeklySen),
    },
    recentActivity: recent,
  };
}

/**
 * GET /api/business/dashboard-stats, as `reader` may see it: revenue and the financial overview
 * (collections) only with reports.view, the newest quotations only with quotations.view and the
 * newest invoices and receipts only with invoices.view (the route also admits dashboard.view).
 */
export async function loadBusinessStats(
  ctx: Pick<AppContext, 'businessStats'>,
  reader: PermissionSubject,
): Promise<BusinessStatsResponse> {
  const stats = await ctx.businessStats.read();
  const showMoney = hasPermission(reader, 'reports.view');
  const showInvoices = hasPermission(reader, 'invoices.view');
  const { recentActivity: recent } = stats;
  return {
    success: true,
    stats: {
      ...stats,
      revenue: showMoney ? stats.revenue : null,
      financial: showMoney ? stats.financial : null,
      recentActivity: {
        quotations: hasPermission(reader, 'quotations.view') ? recent.quotations : [],
        invoices: showInvoices ? recent.invoices : [],
        receipts: showInvoices ? recent.receipts : [],
      },
    },
  };
}
