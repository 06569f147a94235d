import {
  sharedPdfQuerySchema,
  shareLinkResponseSchema,
  convertQuotationBodySchema,
  convertQuotationResponseSchema,
  getInvoiceResponseSchema,
  idParamsSchema,
  invoiceResponseSchema,
  listInvoicesQuerySchema,
  listInvoicesResponseSchema,
  paymentEntryParamsSchema,
  processPaymentBodySchema,
  quotationResponseSchema,
  rejectPaymentBodySchema,
  revertInvoiceResponseSchema,
  validatePaymentBodySchema,
} from '@patrol/contracts';
import { paymentValidatorRoles } from '@patrol/domain';
import { sendDownload } from '../../http/downloads';
import { defineRoute } from '../../http/route';
import { pdfDownloadResponse } from '../../pdf/billing-pdf';
import { downloadInvoicePdf } from './invoice-pdf';
import { sendInvoiceToClient } from './invoice-sending';
import { createInvoiceShareLink, downloadSharedInvoicePdf } from './invoice-sharing';
import { convertQuotationToInvoice, revertInvoice, revertQuotation } from './invoice-conversion';
import { processPayment } from './invoice-payments.service';
import {
  rejectPayment,
  rejectPaymentEntry,
  validatePayment,
  validatePaymentEntry,
} from './payment-review.service';
import { getInvoice, invoiceRuleMessages, listInvoices } from './invoices.service';

const tags = ['invoices'];

const validatorsOnly =
  "Refused with 409 unless the invoice is paid in full and awaiting validation; 403 'A payment must be validated by someone other than the person who recorded it' when the validator recorded one of its payments (unless the company setting allows it).";

const entryRuleText =
  "404 'Payment not found' for an entry not of this invoice; 409 unless the payment awaits validation.";

/** Per-payment validation: invoices.edit, and only the validator roles. */
const entryValidatorAccess = {
  permissions: ['invoices.edit'],
  roles: paymentValidatorRoles,
  rolesMessage: invoiceRuleMessages.validatorsOnly,
} as const;

/** Validation is the roles' (spec 3 section 6), not a permission's. */
const validatorAccess = {
  permissions: ['invoices.view'],
  roles: paymentValidatorRoles,
  rolesMessage: invoiceRuleMessages.validatorsOnly,
} as const;

/** Invoices, payments and their validation, and the quotation <-> invoice moves (spec 3 section 7). */
export const invoiceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/invoices',
    summary: 'A page of invoices: their figures and states, without lines, payments or rejections',
    description:
      'Filtered by paymentStatus (an unpaid or partly paid invoice past its due date reads as overdue), paymentValidationStatus, dateRange (issue date), dueStatus (due_today, overdue, due_soon = within 7 days) and clientId; searched over number and client; paged (20 by default).',
    tags,
    access: { permissions: ['invoices.view'] },
    query: listInvoicesQuerySchema,
    response: listInvoicesResponseSchema,
    handler: ({ ctx, query }) => listInvoices(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/invoices/:id',
    summary: 'One invoice with its lines, tax summary, payments and rejections',
    description: "What the invoice's details show. 404 'Invoice not found'.",
    tags,
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: getInvoiceResponseSchema,
    handler: ({ ctx, params }) => getInvoice(ctx, params.id),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/business/quotations/:id/convert-to-invoice',
    summary: 'Convert an accepted quotation into an invoice',
    description:
      "One transaction: the invoice is numbered, takes the quotation's lines, totals and client, and the quotation becomes converted. The optional issueDate (default today) and dueDate (default the issue date plus the payment terms) date it; a due date before the invoice date answers 400. Any status but accepted answers 409.",
    tags: ['quotations', 'invoices'],
    access: { permissions: ['quotations.edit', 'invoices.create'], mode: 'all' },
    params: idParamsSchema,
    body: convertQuotationBodySchema,
    response: convertQuotationResponseSchema,
    handler: ({ ctx, user, params, body }) => convertQuotationToInvoice(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'patch',
    idempotent: true,
    path: '/api/business/quotations/:id/revert',
    summary: 'Revert the invoice of a converted quotation; the quotation is accepted again',
    description:
      'Voids the invoice (its number stays used). Refused with 409 once the payment is validated, while payments are recorded, or when the quotation has no invoice.',
    tags: ['quotations', 'invoices'],
    access: { permissions: ['invoices.edit'] },
    params: idParamsSchema,
    response: quotationResponseSchema,
    handler: ({ ctx, user, params }) => revertQuotation(ctx, user, params.id),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/invoices/:id/revert',
    summary: "Revert an invoice to its quotation (the invoice tab's action)",
    description:
      "Voids the invoice and returns its quotation to accepted. 409 'This invoice was not created from a quotation and cannot be reverted.' when it has none; 409 once validated or while payments are recorded.",
    tags,
    access: { permissions: ['invoices.edit'] },
    params: idParamsSchema,
    response: revertInvoiceResponseSchema,
    handler: ({ ctx, user, params }) => revertInvoice(ctx, user, params.id),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/business/invoices/:id/process-payment',
    summary: 'Record a payment against an invoice',
    description:
      "Amount above 0 and at most the outstanding amount, method from the dialog's list, reference not blank, date not in the future. Paid in full, the invoice awaits validation.",
    tags,
    access: { permissions: ['invoices.edit'] },
    params: idParamsSchema,
    body: processPaymentBodySchema,
    response: invoiceResponseSchema,
    handler: ({ ctx, user, params, body }) => processPayment(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/invoices/:id/send',
    summary: "E-mail the invoice's PDF to the client (with SMTP), or mark it sent (without)",
    description:
      "With SMTP_URL the PDF goes to the client's e-mail address and sentAt/sentTo are recorded; without, the invoice is only marked sent and the message says so. 409 for a void invoice or a client with no e-mail address; 502 when the mail server refuses (the invoice stays unsent).",
    tags,
    access: { permissions: ['invoices.edit', 'invoices.create'] },
    params: idParamsSchema,
    response: invoiceResponseSchema,
    handler: ({ ctx, user, params }) => sendInvoiceToClient(ctx, user, params.id),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/invoices/:id/validate-payment',
    summary: 'Validate every pending payment of an invoice, a receipt for each',
    description: validatorsOnly,
    tags,
    access: validatorAccess,
    params: idParamsSchema,
    body: validatePaymentBodySchema,
    response: invoiceResponseSchema,
    handler: ({ ctx, user, params, body }) => validatePayment(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'put',
    idempotent: true,
    path: '/api/invoices/:id/reject-payment',
    summary: "Reject an invoice's pending payments: kept as rejected, a correction block added",
    description: validatorsOnly,
    tags,
    access: validatorAccess,
    params: idParamsSchema,
    body: rejectPaymentBodySchema,
    response: invoiceResponseSchema,
    handler: ({ ctx, user, params, body }) => rejectPayment(ctx, user, params.id, body),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/invoices/:id/payments/:paymentId/validate',
    summary: 'Validate one payment (partial ones too) and issue its receipt',
    description: `The receipt's allocation shows the outstanding amount before and after this payment; its type is partial_payment, full_payment or advance_payment. 403 when the validator recorded the payment (unless the company setting allows it). ${entryRuleText}`,
    tags,
    access: entryValidatorAccess,
    params: paymentEntryParamsSchema,
    body: validatePaymentBodySchema,
    response: invoiceResponseSchema,
    handler: ({ ctx, user, params, body }) => validatePaymentEntry(ctx, user, params, body),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/invoices/:id/payments/:paymentId/reject',
    summary: 'Reject one payment: kept as rejected (who, when, why), a correction block added',
    description: `Payments validated earlier stay validated. ${entryRuleText}`,
    tags,
    access: entryValidatorAccess,
    params: paymentEntryParamsSchema,
    body: rejectPaymentBodySchema,
    response: invoiceResponseSchema,
    handler: ({ ctx, user, params, body }) => rejectPaymentEntry(ctx, user, params, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/invoices/:id/download',
    summary: 'The invoice as a PDF (invoice-{number}.pdf)',
    description:
      "Company details and logo, the client, the lines with their SST, subtotal, SST, paid, outstanding and total in RM as stored, the payments, bank details and the notes. 404 'Invoice not found'.",
    tags: ['invoices'],
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: pdfDownloadResponse,
    handler: async ({ ctx, params, res }) =>
      sendDownload(res, await downloadInvoicePdf(ctx, params.id)),
  }),
  defineRoute({
    method: 'post',
    path: '/api/business/invoices/:id/share-link',
    summary: "A signed link to the invoice's PDF for WhatsApp, valid for 7 days",
    description:
      "Answers the link and the client's Malaysian mobile number in WhatsApp's form (null for a landline or none). 409 'This invoice is void: ...' for a void invoice; 404 'Invoice not found'.",
    tags,
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: shareLinkResponseSchema,
    handler: ({ ctx, params }) => createInvoiceShareLink(ctx, params.id),
  }),
  defineRoute({
    method: 'get',
    path: '/api/public/invoices/:id/pdf',
    summary: 'The invoice PDF behind a shared link (no account: the signature is the key)',
    description:
      "403 'This link is not valid...' when the signature does not match the invoice and expiry; 410 'This link has expired...' after it expires.",
    tags,
    access: 'public',
    params: idParamsSchema,
    query: sharedPdfQuerySchema,
    response: pdfDownloadResponse,
    handler: async ({ ctx, params, query, res }) =>
      sendDownload(res, await downloadSharedInvoicePdf(ctx, params.id, query)),
  }),
];
