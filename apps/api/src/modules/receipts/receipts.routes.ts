import {
  idParamsSchema,
  listReceiptsQuerySchema,
  listReceiptsResponseSchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { pdfDownloadResponse } from '../../pdf/billing-pdf';
import { downloadReceiptPdf } from './receipt-pdf';
import { listReceipts } from './receipts.service';

/** Receipts are issued by the server when a payment is validated; staff only list them. */
export const receiptRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/receipts',
    summary: 'A page of receipts with the figures over every matching receipt',
    description:
      'Filtered by paymentMethod, transactionType, dateRange (payment date: today, week = the last 7 days, month, quarter) and clientId; searched over number, client, reference and invoice numbers; paged (20 by default). statistics: total, thisMonth and totalAmount of the matching receipts.',
    tags: ['receipts'],
    access: { permissions: ['invoices.view'] },
    query: listReceiptsQuerySchema,
    response: listReceiptsResponseSchema,
    handler: ({ ctx, query }) => listReceipts(ctx.db, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/receipts/:id/download',
    summary: 'The receipt as a PDF (receipt-{number}.pdf)',
    description:
      "The allocations per invoice (outstanding before and after), the method(s), reference, transaction type and verification code. 404 'Receipt not found'.",
    tags: ['receipts'],
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: pdfDownloadResponse,
    handler: ({ ctx, params, res }) => downloadReceiptPdf(ctx, params.id, res),
  }),
];
