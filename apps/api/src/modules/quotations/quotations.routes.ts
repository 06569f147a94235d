import {
  createQuotationBodySchema,
  deleteQuotationResponseSchema,
  getQuotationResponseSchema,
  idParamsSchema,
  listQuotationsQuerySchema,
  listQuotationsResponseSchema,
  quotationResponseSchema,
  sharedPdfQuerySchema,
  shareLinkResponseSchema,
  updateQuotationBodySchema,
  updateQuotationStatusBodySchema,
} from '@patrol/contracts';
import { sendDownload } from '../../http/downloads';
import { defineRoute } from '../../http/route';
import { pdfDownloadResponse } from '../../pdf/billing-pdf';
import { downloadQuotationPdf } from './quotation-pdf';
import {
  createQuotation,
  deleteQuotation,
  getQuotation,
  listQuotations,
  updateQuotation,
} from './quotations.service';
import { sendQuotationToClient } from './quotation-sending';
import { setQuotationStatus } from './quotation-status.service';
import { createQuotationShareLink, downloadSharedQuotationPdf } from './quotation-sharing';

const tags = ['quotations'];

/** Quotations (spec 3 section 7); conversion and revert are the invoices module's. */
export const quotationRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/quotations',
    summary: 'A page of quotations: their figures and states, without their lines',
    description:
      'Filtered by status (a draft or sent quotation past its validity reads as expired) and clientId, searched over number, client and invoice number, sorted and paged (20 by default) on the server.',
    tags,
    access: { permissions: ['quotations.view'] },
    query: listQuotationsQuerySchema,
    response: listQuotationsResponseSchema,
    handler: ({ ctx, query }) => listQuotations(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/quotations/:id',
    summary: 'One quotation with its lines and tax summary',
    description: "What the quotation's details and edit form show. 404 'Quotation not found'.",
    tags,
    access: { permissions: ['quotations.view'] },
    params: idParamsSchema,
    response: getQuotationResponseSchema,
    handler: ({ ctx, params }) => getQuotation(ctx, params.id),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/quotations',
    summary: 'Create a draft quotation; number and every total are computed by the server',
    description:
      'Line totals, subtotal, discount, tax (at taxRate, 0.08 by default) and total are computed in exact integer sen; figures sent by the client are ignored. validUntil = quotationDate + validityDays.',
    tags,
    access: { permissions: ['quotations.create'] },
    body: createQuotationBodySchema,
    response: quotationResponseSchema,
    status: 201,
    handler: ({ ctx, user, body }) => createQuotation(ctx, user, body),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/business/quotations/:id',
    summary: 'Edit a quotation (the changed fields); converted and closed ones answer 409',
    tags,
    access: { permissions: ['quotations.edit'] },
    params: idParamsSchema,
    body: updateQuotationBodySchema,
    response: quotationResponseSchema,
    handler: ({ ctx, user, params, body }) => updateQuotation(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/business/quotations/:id/status',
    summary: 'Move a quotation along its workflow',
    description:
      'draft or sent -> accepted or rejected; draft -> sent; rejected -> draft or closed (closed is permanent). Anything else, and converted (reached only by convert-to-invoice), answers 409 naming the current status.',
    tags,
    access: { permissions: ['quotations.edit'] },
    params: idParamsSchema,
    body: updateQuotationStatusBodySchema,
    response: quotationResponseSchema,
    handler: ({ ctx, user, params, body }) => setQuotationStatus(ctx, user, params.id, body.status),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/quotations/:id/send',
    summary: "E-mail a draft (or sent) quotation's PDF to the client (with SMTP); it becomes sent",
    description:
      "With SMTP_URL the PDF goes to the client's e-mail address and sentAt/sentTo are recorded; without, the quotation is only marked sent and the message says so. 409 for another status or a client with no e-mail address; 502 when the mail server refuses (nothing changes).",
    tags,
    access: { permissions: ['quotations.edit'] },
    params: idParamsSchema,
    response: quotationResponseSchema,
    handler: ({ ctx, user, params }) => sendQuotationToClient(ctx, user, params.id),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/business/quotations/:id',
    summary: 'Delete a quotation; converted and closed ones answer 409',
    tags,
    access: { permissions: ['quotations.delete'] },
    params: idParamsSchema,
    response: deleteQuotationResponseSchema,
    handler: ({ ctx, user, params }) => deleteQuotation(ctx, user, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/quotations/:id/download',
    summary: 'The quotation as a PDF (quotation-{number}.pdf)',
    description:
      'Company details and logo from the settings, the client, every line over as many pages as it takes (header row repeated, "Page n of m"), the stored totals in RM, bank details and notes. 404 \'Quotation not found\'.',
    tags,
    access: { permissions: ['quotations.view'] },
    params: idParamsSchema,
    response: pdfDownloadResponse,
    handler: async ({ ctx, params, res }) =>
      sendDownload(res, await downloadQuotationPdf(ctx, params.id)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/business/quotations/:id/share-link',
    summary: "A signed link to the quotation's PDF for WhatsApp, valid for 7 days",
    description:
      "Answers the link and the client's Malaysian mobile number in WhatsApp's form (null for a landline or none). 404 'Quotation not found'.",
    tags,
    access: { permissions: ['quotations.view'] },
    params: idParamsSchema,
    response: shareLinkResponseSchema,
    handler: ({ ctx, params }) => createQuotationShareLink(ctx, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/public/quotations/:id/pdf',
    summary: 'The quotation PDF behind a shared link (no account: the signature is the key)',
    description:
      "403 'This link is not valid...' when the signature does not match the quotation and expiry; 410 'This link has expired...' after it expires.",
    tags,
    access: 'public',
    params: idParamsSchema,
    query: sharedPdfQuerySchema,
    response: pdfDownloadResponse,
    handler: async ({ ctx, params, query, res }) =>
      sendDownload(res, await downloadSharedQuotationPdf(ctx, params.id, query)),
  }),
];
