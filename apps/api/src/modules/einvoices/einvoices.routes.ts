import {
  cancelEinvoiceBodySchema,
  einvoiceActionResponseSchema,
  einvoiceDetailResponseSchema,
  einvoiceDocumentParamsSchema,
  listEinvoicesQuerySchema,
  listEinvoicesResponseSchema,
  validateTaxpayerTinParamsSchema,
  validateTaxpayerTinQuerySchema,
  validateTaxpayerTinResponseSchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import {
  cancelEinvoice,
  getEinvoice,
  listEinvoices,
  retryEinvoice,
  validateTaxpayer,
} from './einvoices.service';

const tags = ['einvoices'];

/** MyInvois e-invoices of the issued invoices and notes (docs/einvoicing.md). */
export const einvoiceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/einvoices',
    summary: 'A page of e-invoices with the counts by status',
    description:
      'Filtered by status, kind (invoice, creditNote, debitNote, refundNote), issue date (from, to) and stale (no LHDN status 15 minutes after queueing); paged. Says whether e-invoicing is on and, if not, which variables are missing.',
    tags,
    access: { permissions: ['invoices.view'] },
    query: listEinvoicesQuerySchema,
    response: listEinvoicesResponseSchema,
    handler: ({ ctx, query }) => listEinvoices(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/einvoices/taxpayers/:tin/validate',
    summary: "Checks a buyer's TIN with MyInvois (Validate Taxpayer's TIN)",
    description:
      'idType (BRN, NRIC, PASSPORT, ARMY) and idValue. Answers valid true or false; 409 while e-invoicing is off; 503 when MyInvois does not answer.',
    tags,
    access: { permissions: ['invoices.view'] },
    params: validateTaxpayerTinParamsSchema,
    query: validateTaxpayerTinQuerySchema,
    response: validateTaxpayerTinResponseSchema,
    handler: ({ ctx, params, query }) => validateTaxpayer(ctx, params.tin, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/einvoices/:documentId',
    summary: 'The e-invoice of an invoice or note',
    description:
      "By the invoice's or note's id: status, LHDN identifiers, every error and the UBL JSON as submitted. 404 'E-invoice not found' when it was never queued (Not submitted).",
    tags,
    access: { permissions: ['invoices.view'] },
    params: einvoiceDocumentParamsSchema,
    response: einvoiceDetailResponseSchema,
    handler: ({ ctx, params }) => getEinvoice(ctx, params.documentId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/business/einvoices/:documentId/retry',
    summary: 'Submits an invalid e-invoice again',
    description:
      'After the invoice, client, product or settings are fixed: built, checked and signed again. 409 unless it is Invalid.',
    tags,
    access: { permissions: ['invoices.edit'] },
    params: einvoiceDocumentParamsSchema,
    response: einvoiceActionResponseSchema,
    handler: ({ ctx, user, params }) => retryEinvoice(ctx, user, params.documentId),
  }),
  defineRoute({
    method: 'post',
    path: '/api/business/einvoices/:documentId/cancel',
    summary: 'Cancels a valid e-invoice with MyInvois',
    description:
      'With a reason (up to 300 characters), within 72 hours of validation; after that 409 says to issue a credit note instead.',
    tags,
    access: { permissions: ['invoices.edit'] },
    params: einvoiceDocumentParamsSchema,
    body: cancelEinvoiceBodySchema,
    response: einvoiceActionResponseSchema,
    handler: ({ ctx, user, params, body }) => cancelEinvoice(ctx, user, params.documentId, body),
  }),
];
