import { z } from 'zod';
import { isoDateSchema, moneySchema, successResponse } from './fields';
import { paymentMethodSchema } from './invoices';

/** Report tabs (spec 3 section 7). */
export const reportTypes = ['overview', 'financial', 'aging', 'performance'] as const;
export const reportTypeSchema = z.enum(reportTypes);
export type ReportType = z.infer<typeof reportTypeSchema>;

/** Date ranges of the reports tab; custom needs dateFrom and dateTo. */
export const reportDateRanges = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export const reportDateRangeSchema = z.enum(reportDateRanges);
export type ReportDateRange = z.infer<typeof reportDateRangeSchema>;

export const reportExportFormats = ['xlsx', 'json'] as const;

export const reportMessages = {
  customRangeDates: 'Choose a start and end date for a custom range',
  rangeOrder: 'The start date must be on or before the end date',
} as const;

const periodShape = {
  dateRange: reportDateRangeSchema.default('month'),
  dateFrom: isoDateSchema.optional(),
  dateTo: isoDateSchema.optional(),
};

type Period = { dateRange: ReportDateRange; dateFrom?: string; dateTo?: string };

const customRangeIsComplete = (period: Period) =>
  period.dateRange !== 'custom' || (period.dateFrom !== undefined && period.dateTo !== undefined);
const rangeIsOrdered = (period: Period) =>
  !period.dateFrom || !period.dateTo || period.dateFrom <= period.dateTo;

/** GET /api/business/reports query. */
export const reportsQuerySchema = z
  .object({ type: reportTypeSchema.default('overview'), ...periodShape })
  .refine(customRangeIsComplete, { error: reportMessages.customRangeDates, path: ['dateFrom'] })
  .refine(rangeIsOrdered, { error: reportMessages.rangeOrder, path: ['dateTo'] });
export type ReportsQuery = z.infer<typeof reportsQuerySchema>;

/** GET /api/business/reports/export/{type} query; xlsx first, json as the fallback. */
export const exportReportQuerySchema = z
  .object({ format: z.enum(reportExportFormats).default('xlsx'), ...periodShape })
  .refine(customRangeIsComplete, { error: reportMessages.customRangeDates, path: ['dateFrom'] })
  .refine(rangeIsOrdered, { error: reportMessages.rangeOrder, path: ['dateTo'] });
export type ExportReportQuery = z.infer<typeof exportReportQuerySchema>;

/** Overview KPIs and the pipeline of document values for the period. */
export const reportDashboardSectionSchema = z.object({
  /** Invoiced in the period, tax included (gross). */
  totalRevenue: moneySchema,
  /** totalRevenue net of tax, and its tax. */
  netRevenue: moneySchema,
  taxAmount: moneySchema,
  /** Payments on the period's invoices recorded and not yet validated (not collected). */
  awaitingValidation: moneySchema,
  /** Revenue of the preceding period of the same length. */
  previousRevenue: moneySchema,
  totalOutstanding: moneySchema,
  overdueCount: z.number().int(),
  activeClients: z.number().int(),
  newClients: z.number().int(),
  /** Percent of invoiced collected (validated payments only). */
  collectionRate: z.number(),
  quotationValue: moneySchema,
  invoiceValue: moneySchema,
  paymentValue: moneySchema,
  receiptValue: moneySchema,
});
export type ReportDashboardSection = z.infer<typeof reportDashboardSectionSchema>;

/** Revenue breakdown, top clients and performance figures. */
export const reportBusinessSectionSchema = z.object({
  /** invoiced is gross; net and tax beside it; collected is validated money only. */
  revenue: z.object({
    invoiced: moneySchema,
    net: moneySchema,
    tax: moneySchema,
    collected: moneySchema,
    awaitingValidation: moneySchema,
    outstanding: moneySchema,
  }),
  topClients: z.array(
    z.object({ name: z.string(), revenue: moneySchema, invoices: z.number().int() }),
  ),
  /** Percent of quotations converted to invoices. */
  quotationConversionRate: z.number(),
  quotationsConverted: z.number().int(),
  totalQuotations: z.number().int(),
  averageDealSize: moneySchema,
  /** Percent of clients of the previous period who bought again. */
  clientRetentionRate: z.number(),
  /** Percent change of revenue against the previous period. */
  monthlyGrowth: z.number(),
  /** Revenue per month averaged over the period. */
  monthlyRevenue: moneySchema,
  /**
   * Invoiced and collected over the period, by issue day ('YYYY-MM-DD') for periods up to 62
   * days, by month ('YYYY-MM') beyond; every day or month present, zero where nothing was issued.
   */
  revenueTrend: z.array(
    z.object({ period: z.string(), invoiced: moneySchema, collected: moneySchema }),
  ),
});
export type ReportBusinessSection = z.infer<typeof reportBusinessSectionSchema>;

/** Payment method breakdown and collection timing. */
export const reportPaymentsSectionSchema = z.object({
  methodBreakdown: z.array(
    z.object({ method: paymentMethodSchema, amount: moneySchema, percentage: z.number() }),
  ),
  /** Days from issue to sending. */
  averageInvoiceTime: z.number(),
  /**
   * Days from issue to the last validated payment of the invoices paid in full (target 30, lower
   * is better); null when nothing was collected, so no verdict is given.
   */
  averageDaysToPay: z.number().nullable(),
});
export type ReportPaymentsSection = z.infer<typeof reportPaymentsSectionSchema>;

const agingBucketSchema = z.object({ count: z.number().int(), amount: moneySchema });

/** Outstanding amounts by days past due: current (not yet due), 1-30, 31-60, 61+. */
export const agingBucketsSchema = z.object({
  current: agingBucketSchema,
  thirty: agingBucketSchema,
  sixty: agingBucketSchema,
  ninety: agingBucketSchema,
});
export type AgingBuckets = z.infer<typeof agingBucketsSchema>;

export const reportAgingSectionSchema = z.object({
  buckets: agingBucketsSchema,
  details: z.array(
    z.object({ name: z.string(), totalOutstanding: moneySchema, buckets: agingBucketsSchema }),
  ),
});
export type ReportAgingSection = z.infer<typeof reportAgingSectionSchema>;

/** GET /api/business/reports: every section for the period. */
export const reportsResponseSchema = successResponse({
  data: z.object({
    period: z.object({ from: isoDateSchema, to: isoDateSchema }),
    dashboard: reportDashboardSectionSchema,
    business: reportBusinessSectionSchema,
    payments: reportPaymentsSectionSchema,
    aging: reportAgingSectionSchema,
  }),
});
export type ReportsResponse = z.infer<typeof reportsResponseSchema>;
