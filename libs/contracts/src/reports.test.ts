import { describe, expect, it } from 'vitest';
import { businessStatsResponseSchema } from './business-stats';
import { exportReportQuerySchema, reportsQuerySchema, reportsResponseSchema } from './reports';
import { exampleId, exampleTime, messagesAt } from './test-support';

const bucket = { count: 1, amount: 100 };
const buckets = { current: bucket, thirty: bucket, sixty: bucket, ninety: bucket };

const reports = {
  success: true,
  data: {
    period: { from: '2025-06-01', to: '2025-06-30' },
    dashboard: {
      totalRevenue: 10000,
      netRevenue: 9259.26,
      taxAmount: 740.74,
      awaitingValidation: 0,
      previousRevenue: 8000,
      totalOutstanding: 500,
      overdueCount: 1,
      activeClients: 5,
      newClients: 1,
      collectionRate: 95,
      quotationValue: 12000,
      invoiceValue: 10000,
      paymentValue: 9500,
      receiptValue: 9500,
    },
    business: {
      revenue: {
        invoiced: 10000,
        net: 9259.26,
        tax: 740.74,
        collected: 9500,
        awaitingValidation: 0,
        outstanding: 500,
      },
      topClients: [{ name: 'Acme Security Sdn Bhd', revenue: 6000, invoices: 3 }],
      quotationConversionRate: 40,
      quotationsConverted: 4,
      totalQuotations: 10,
      averageDealSize: 2500,
      clientRetentionRate: 80,
      monthlyGrowth: 25,
      monthlyRevenue: 10000,
      revenueTrend: [{ period: '2026-11', invoiced: 10000, collected: 9500 }],
    },
    payments: {
      methodBreakdown: [{ method: 'bank_transfer', amount: 9500, percentage: 100 }],
      averageInvoiceTime: 1,
      averageDaysToPay: 12,
    },
    aging: {
      buckets,
      details: [{ name: 'Acme Security Sdn Bhd', totalOutstanding: 400, buckets }],
    },
  },
};

const recent = { id: exampleId, clientName: 'Acme', total: 100, createdAt: exampleTime };
const stats = {
  products: { total: 3, active: 2, inactive: 1 },
  quotations: { total: 5, pending: 1, approved: 1, sent: 1, draft: 1, expired: 1 },
  invoices: { total: 4, paid: 1, unpaid: 1, pending: 1, overdue: 1, outstanding: 3 },
  receipts: { total: 1, thisMonth: 1, pending: 0, processed: 1 },
  revenue: {
    total: 1000,
    daily: 10,
    weekly: 70,
    lastWeek: 60,
    monthly: 300,
    monthlyTarget: 100000,
    yearly: 1000,
  },
  financial: {
    totalAmount: 1000,
    netAmount: 925.93,
    taxAmount: 74.07,
    paidAmount: 400,
    pendingAmount: 100,
    outstandingAmount: 600,
    collectionRate: 40,
    overdueInvoices: 1,
    monthlyRevenue: 300,
    weeklyRevenue: 70,
  },
  recentActivity: {
    quotations: [{ ...recent, quotationNumber: 'QUO-1', status: 'sent' }],
    invoices: [{ ...recent, invoiceNumber: 'INV-1', status: 'partial' }],
    receipts: [{ ...recent, receiptNumber: 'RCP-1', paymentMethod: 'cash' }],
  },
};

describe('report and business statistics contracts', () => {
  it('parses the reports answer and the dashboard statistics', () => {
    expect(reportsResponseSchema.safeParse(reports).success).toBe(true);
    expect(businessStatsResponseSchema.safeParse({ success: true, stats }).success).toBe(true);
  });

  it('defaults to the overview of this month and exports xlsx first', () => {
    expect(reportsQuerySchema.parse({})).toEqual({ type: 'overview', dateRange: 'month' });
    expect(exportReportQuerySchema.parse({ dateRange: 'year' }).format).toBe('xlsx');
  });

  it.each([
    [
      { dateRange: 'custom', dateTo: '2025-06-30' },
      'dateFrom',
      'Choose a start and end date for a custom range',
    ],
    [
      { dateRange: 'custom', dateFrom: '2025-07-01', dateTo: '2025-06-30' },
      'dateTo',
      'The start date must be on or before the end date',
    ],
  ])('custom range %j: %s says "%s"', (query, path, message) => {
    expect(messagesAt(reportsQuerySchema, query, path)).toEqual([message]);
  });

  it('refuses unknown report types and ranges', () => {
    expect(reportsQuerySchema.safeParse({ type: 'sales' }).success).toBe(false);
    expect(reportsQuerySchema.safeParse({ dateRange: 'decade' }).success).toBe(false);
  });
});
