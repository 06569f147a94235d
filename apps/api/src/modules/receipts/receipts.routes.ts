import { listReceiptsQuerySchema, listReceiptsResponseSchema } from '@patrol/contracts';
import { defineRoute } from '../../http/route';
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
];
