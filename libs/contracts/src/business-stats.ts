// Used from issue 13 (billing documents and insight): dashboard statistics; reviewed against the spec when that issue builds on it.
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, moneySchema, successResponse } from './fields';
import { paymentMethodSchema, paymentStatusSchema } from './invoices';
import { quotationStatusSchema } from './quotations';

const count = z.number().int();

/** A document in the billing dashboard's Recent Activity (5 per kind). */
const recentDocumentShape = {
  id: idSchema,
  clientName: z.string(),
  total: moneySchema,
  createdAt: isoDateTimeSchema,
};

/**
 * GET /api/business/dashboard-stats: read by the billing dashboard (spec 3 section 3) and by the
 * main dashboard's Business Performance (spec 1 section 3).
 */
export const businessStatsSchema = z.object({
  products: z.object({ total: count, active: count, inactive: count }),
  quotations: z.object({
    total: count,
    /** Sent and awaiting an answer. */
    pending: count,
    /** Accepted. */
    approved: count,
    sent: count,
    draft: count,
    expired: count,
  }),
  invoices: z.object({
    total: count,
    paid: count,
    unpaid: count,
    /** Awaiting payment validation. */
    pending: count,
    overdue: count,
    /** Not fully paid. */
    outstanding: count,
  }),
  receipts: z.object({ total: count, thisMonth: count, pending: count, processed: count }),
  revenue: z.object({
    /** All-time invoiced amount. */
    total: moneySchema,
    daily: moneySchema,
    weekly: moneySchema,
    lastWeek: moneySchema,
    monthly: moneySchema,
    monthlyTarget: moneySchema,
    yearly: moneySchema,
  }),
  financial: z.object({
    totalAmount: moneySchema,
    paidAmount: moneySchema,
    pendingAmount: moneySchema,
    outstandingAmount: moneySchema,
    /** Percent of the invoiced amount collected. */
    collectionRate: z.number(),
    overdueInvoices: count,
    monthlyRevenue: moneySchema,
    weeklyRevenue: moneySchema,
  }),
  recentActivity: z.object({
    quotations: z.array(
      z.object({
        ...recentDocumentShape,
        quotationNumber: z.string(),
        status: quotationStatusSchema,
      }),
    ),
    invoices: z.array(
      z.object({ ...recentDocumentShape, invoiceNumber: z.string(), status: paymentStatusSchema }),
    ),
    receipts: z.array(
      z.object({
        ...recentDocumentShape,
        receiptNumber: z.string(),
        paymentMethod: paymentMethodSchema,
      }),
    ),
  }),
});
export type BusinessStats = z.infer<typeof businessStatsSchema>;

export const businessStatsResponseSchema = successResponse({ stats: businessStatsSchema });
export type BusinessStatsResponse = z.infer<typeof businessStatsResponseSchema>;
