import {
  createInvoiceNoteBodySchema,
  createRefundNoteBodySchema,
  createInvoiceNoteResponseSchema,
  idParamsSchema,
  invoiceNoteResponseSchema,
  listInvoiceNotesQuerySchema,
  listInvoiceNotesResponseSchema,
  type InvoiceNoteKind,
} from '@patrol/contracts';
import { sendDownload } from '../../http/downloads';
import { defineRoute } from '../../http/route';
import { pdfDownloadResponse } from '../../pdf/billing-pdf';
import { downloadInvoiceNotePdf } from './credit-note-pdf';
import { getInvoiceNote, issueInvoiceNote, listInvoiceNotes } from './credit-notes.service';
import { issueRefundNote } from './refund-notes.service';

const names = {
  credit: { tag: 'credit-notes', path: 'credit-notes', label: 'credit note' },
  debit: { tag: 'debit-notes', path: 'debit-notes', label: 'debit note' },
  refund: { tag: 'refund-notes', path: 'refund-notes', label: 'refund note' },
} as const;

/** The issue route of a credit or debit note. */
function issueRoute(kind: 'credit' | 'debit') {
  const { tag, path, label } = names[kind];
  return defineRoute({
    method: 'post',
    idempotent: true,
    path: `/api/business/invoices/:id/${path}`,
    summary: `Issue a ${label} against an invoice`,
    description:
      kind === 'credit'
        ? "Lines or an amount, and a reason. Lowers what the invoice owes; never more than it owes after earlier notes (400). Validated money above what is then owed is a refund due. 404 'Invoice not found'; 409 for a void invoice."
        : "Lines or an amount, and a reason. Raises what the invoice owes. 404 'Invoice not found'; 409 for a void invoice.",
    tags: [tag],
    access: { permissions: ['invoices.edit'] },
    params: idParamsSchema,
    body: createInvoiceNoteBodySchema,
    response: createInvoiceNoteResponseSchema,
    handler: ({ ctx, user, params, body }) => issueInvoiceNote(ctx, user, kind, params.id, body),
  });
}

const refundIssueRoute = defineRoute({
  method: 'post',
  idempotent: true,
  path: '/api/business/invoices/:id/refund-notes',
  summary: 'Issue a refund note against an invoice',
  description:
    "Money paid back to the client: reason, amount, method, refundDate and an optional reference. Never more than the invoice's refund still due (its refund due less earlier refund notes; 400 in errors.amount). Lowers the refund due. 404 'Invoice not found'; 409 for a void invoice.",
  tags: [names.refund.tag],
  access: { permissions: ['invoices.edit'] },
  params: idParamsSchema,
  body: createRefundNoteBodySchema,
  response: createInvoiceNoteResponseSchema,
  handler: ({ ctx, user, params, body }) => issueRefundNote(ctx, user, params.id, body),
});

/** The list, detail and PDF routes of one kind of note. */
function readRoutes(kind: InvoiceNoteKind) {
  const { tag, path, label } = names[kind];
  const tags = [tag];
  const missing = kind === 'refund' ? 'Refund note not found' : 'Credit or debit note not found';
  return [
    defineRoute({
      method: 'get',
      path: `/api/business/${path}`,
      summary: `A page of ${label}s`,
      description:
        'Filtered by clientId, invoiceId and issue date (from, to); searched over the note and invoice numbers and the client; paged (20 by default).',
      tags,
      access: { permissions: ['invoices.view'] },
      query: listInvoiceNotesQuerySchema,
      response: listInvoiceNotesResponseSchema,
      handler: ({ ctx, query }) => listInvoiceNotes(ctx.db, kind, query),
    }),
    defineRoute({
      method: 'get',
      path: `/api/business/${path}/:id`,
      summary: `One ${label}`,
      description: `404 '${missing}'.`,
      tags,
      access: { permissions: ['invoices.view'] },
      params: idParamsSchema,
      response: invoiceNoteResponseSchema,
      handler: ({ ctx, params }) => getInvoiceNote(ctx.db, kind, params.id),
    }),
    defineRoute({
      method: 'get',
      path: `/api/business/${path}/:id/download`,
      summary: `The ${label} as a PDF (${kind}-note-{number}.pdf)`,
      description:
        kind === 'refund'
          ? `The refunded amount, method, date and reference, the invoice it refunds. 404 '${missing}'.`
          : `Its lines with their tax as issued, the tax per rate, the totals. 404 '${missing}'.`,
      tags,
      access: { permissions: ['invoices.view'] },
      params: idParamsSchema,
      response: pdfDownloadResponse,
      handler: async ({ ctx, params, res }) =>
        sendDownload(res, await downloadInvoiceNotePdf(ctx, kind, params.id)),
    }),
  ];
}

/** Credit, debit and refund notes: issued once against an invoice, never edited. */
export const creditNoteRoutes = [
  issueRoute('credit'),
  ...readRoutes('credit'),
  issueRoute('debit'),
  ...readRoutes('debit'),
  refundIssueRoute,
  ...readRoutes('refund'),
];
