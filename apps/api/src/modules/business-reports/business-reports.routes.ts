import {
  businessStatsResponseSchema,
  exportReportQuerySchema,
  reportsQuerySchema,
  reportsResponseSchema,
  reportTypeSchema,
} from '@patrol/contracts';
import { z } from 'zod';
import { sendDownload } from '../../http/downloads';
import { defineRoute } from '../../http/route';
import { loadBusinessStats } from './business-stats.service';
import { exportReport, xlsxContentType } from './reports-export';
import { loadReport } from './reports.service';

const tags = ['reports'];

export const businessReportRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/dashboard-stats',
    summary: 'Billing figures of the billing dashboard and the main dashboard',
    description:
      'Products, quotations (as they read today: past validity is expired), invoices (past due is overdue), receipts, revenue by issue date (today, last 7 days and the 7 before, month and year to date), the financial overview and the 5 newest documents of each kind. Revenue and the financial overview are null without reports.view; the newest quotations are empty without quotations.view, the newest invoices and receipts without invoices.view. SQL aggregates served from a snapshot that every billing change invalidates.',
    tags,
    access: { permissions: ['invoices.view', 'reports.view', 'dashboard.view'] },
    response: businessStatsResponseSchema,
    handler: ({ ctx, user }) => loadBusinessStats(ctx, user),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/reports',
    summary: 'Every section of the reports tab for a period',
    description:
      'dateRange: week (the last 7 days), month, quarter or year to date, or custom with dateFrom and dateTo. Revenue is invoiced by issue date, collected is paid on those invoices; the previous period has the same length. The aging is as of today (days past due: 0-30, 30-60, 60-90, 90+), with the 100 clients owing most.',
    tags,
    access: { permissions: ['reports.view'] },
    query: reportsQuerySchema,
    response: reportsResponseSchema,
    handler: ({ ctx, query }) => loadReport(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/reports/export/:type',
    summary: 'A report as an xlsx workbook ({type}-report-{date}.xlsx), or JSON with format=json',
    description:
      'One sheet per section with a bold frozen header row, auto-filter, column widths, money as numbers formatted "RM #,##0.00" and dates as dates. The aging export lists every owing client. Streamed.',
    tags,
    access: { permissions: ['reports.export'] },
    params: z.object({ type: reportTypeSchema }),
    query: exportReportQuerySchema,
    response: {
      200: {
        contentType: xlsxContentType,
        description: 'The workbook (or application/json with format=json)',
      },
    },
    handler: async ({ ctx, params, query, res }) =>
      sendDownload(res, await exportReport(ctx, params.type, query)),
  }),
];
