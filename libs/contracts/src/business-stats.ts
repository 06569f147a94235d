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

/** Invoiced revenue: a money figure, shown only with reports.view. */
const revenueSchema = z.object({
  /** All-time invoiced amount; the others are invoiced by issue date. */
  total: moneySchema,
  daily: moneySchema,
  /** The last 7 days, today included. */
  weekly: moneySchema,
  /** The 7 days before those. */
  lastWeek: moneySchema,
  /** This calendar month to date. */
  monthly: moneySchema,
  monthlyTarget: moneySchema,
  /** This calendar year to date. */
  yearly: moneySchema,
});

/** The financial overview (invoiced, collected, owed): shown only with reports.view. */
const financialSchema = z.object({
  /** Invoiced, all time, tax included (gross). */
  totalAmount: moneySchema,
  /** The invoiced amount net of tax. */
  netAmount: moneySchema,
  /** The tax on the invoiced amount. */
  taxAmount: moneySchema,
  /** Collected: payments validated (money awaiting validation is not counted). */
  paidAmount: moneySchema,
  /** Awaiting validation: payments recorded and not yet validated or rejected. */
  pendingAmount: moneySchema,
  /** Still owed on invoices waiting for money. */
  outstandingAmount: moneySchema,
  /** Percent of the invoiced amount collected (validated). */
  collectionRate: z.number(),
  overdueInvoices: count,
  monthlyRevenue: moneySchema,
  weeklyRevenue: moneySchema,
});

/**
 * GET /api/business/dashboard-stats: read by the billing dashboard (spec 3 section 3) and by the
 * main dashboard's Business Performance (spec 1 section 3).
 */
export const businessStatsSchema = z.object({
  products: z.object({ total: count, active: count, inactive: count }),
  quotations: z.object({
    total: count,
    /** Drafts and sent quotations still valid: awaiting the client's answer. */
    pending: count,
    /** Accepted. */
    approved: count,
    sent: count,
    draft: count,
    expired: count,
  }),
  invoices: z.object({
    total: count,
    /** Paid in full (or over). */
    paid: count,
    /** Waiting for money and not yet past due. */
    unpaid: count,
    /** Paid and awaiting payment validation. */
    pending: count,
    overdue: count,
    /** Waiting for money, overdue or not. */
    outstanding: count,
  }),
  receipts: z.object({
    total: count,
    /** Dated this calendar month. */
    thisMonth: count,
    /** Invoices awaiting payment validation, whose receipts are issued when validated. */
    pending: count,
    /** Issued: every receipt is issued from a validated payment. */
    processed: count,
  }),
  revenue: revenueSchema,
  financial: financialSchema,
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

/**
 * What GET /api/business/dashboard-stats answers a reader: the figures above, except that the
 * revenue and the financial overview are null without reports.view, and the recent quotations
 * (quotations.view) and invoices and receipts (invoices.view) are empty without their permission.
 */
export const businessStatsAnswerSchema = businessStatsSchema.extend({
  revenue: revenueSchema.nullable(),
  financial: financialSchema.nullable(),
});
export type BusinessStatsAnswer = z.infer<typeof businessStatsAnswerSchema>;

export const businessStatsResponseSchema = successResponse({ stats: businessStatsAnswerSchema });
export type BusinessStatsResponse = z.infer<typeof businessStatsResponseSchema>;
