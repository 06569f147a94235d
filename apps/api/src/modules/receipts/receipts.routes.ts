import {
  idParamsSchema,
  listReceiptsQuerySchema,
  listReceiptsResponseSchema,
  receiptResponseSchema,
  sharedPdfQuerySchema,
  shareLinkResponseSchema,
} from '@patrol/contracts';
import { sendDownload } from '../../http/downloads';
import { defineRoute } from '../../http/route';
import { pdfDownloadResponse } from '../../pdf/billing-pdf';
import { downloadReceiptPdf } from './receipt-pdf';
import { createReceiptShareLink, downloadSharedReceiptPdf } from './receipt-sharing';
import { getReceipt, listReceipts } from './receipts.service';

/**
 * Receipts are issued by the server when a payment is validated; staff list them, download them
 * and share a signed link to one.
 */
export const receiptRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/receipts',
    summary:
      'A page of receipts (without allocations, lines or history) with the figures over every matching receipt',
    description:
      'Filtered by paymentMethod, transactionType, dateRange (payment date: today, week = the last 7 days, month, quarter) and clientId; searched over number, client, reference and invoice numbers; paged (20 by default). statistics: total, thisMonth and totalAmount of the matching receipts.',
    tags: ['receipts'],
    access: { permissions: ['invoices.view'] },
    query: listReceiptsQuerySchema,
    response: listReceiptsResponseSchema,
    handler: ({ ctx, query }) => listReceipts(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/receipts/:id',
    summary: 'One receipt with its allocations per invoice, lines and history',
    description: "What the receipt's details show. 404 'Receipt not found'.",
    tags: ['receipts'],
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: receiptResponseSchema,
    handler: ({ ctx, params }) => getReceipt(ctx.db, params.id),
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
    handler: async ({ ctx, params, res }) =>
      sendDownload(res, await downloadReceiptPdf(ctx, params.id)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/business/receipts/:id/share-link',
    summary: "A signed link to the receipt's PDF for WhatsApp, valid for 7 days",
    description:
      "Answers the link and the client's Malaysian mobile number in WhatsApp's form (null for a landline or none). 404 'Receipt not found'.",
    tags: ['receipts'],
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: shareLinkResponseSchema,
    handler: ({ ctx, params }) => createReceiptShareLink(ctx, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/public/receipts/:id/pdf',
    summary: 'The receipt PDF behind a shared link (no account: the signature is the key)',
    description:
      "403 'This link is not valid...' when the signature does not match the receipt and expiry; 410 'This link has expired...' after it expires.",
    tags: ['receipts'],
    access: 'public',
    params: idParamsSchema,
    query: sharedPdfQuerySchema,
    response: pdfDownloadResponse,
    handler: async ({ ctx, params, query, res }) =>
      sendDownload(res, await downloadSharedReceiptPdf(ctx, params.id, query)),
  }),
];
