import {
  createInvoiceNoteBodySchema,
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

const names = {
  credit: { tag: 'credit-notes', path: 'credit-notes', label: 'credit note' },
  debit: { tag: 'debit-notes', path: 'debit-notes', label: 'debit note' },
} as const;

/** The issue, list, detail and PDF routes of one kind of note. */
function noteRoutes(kind: InvoiceNoteKind) {
  const { tag, path, label } = names[kind];
  const tags = [tag];
  return [
    defineRoute({
      method: 'post',
      idempotent: true,
      path: `/api/business/invoices/:id/${path}`,
      summary: `Issue a ${label} against an invoice`,
      description:
        kind === 'credit'
          ? "Lines or an amount, and a reason. Lowers what the invoice owes; never more than it owes after earlier notes (400). Validated money above what is then owed is a refund due. 404 'Invoice not found'; 409 for a void invoice."
          : "Lines or an amount, and a reason. Raises what the invoice owes. 404 'Invoice not found'; 409 for a void invoice.",
      tags,
      access: { permissions: ['invoices.edit'] },
      params: idParamsSchema,
      body: createInvoiceNoteBodySchema,
      response: createInvoiceNoteResponseSchema,
      handler: ({ ctx, user, params, body }) => issueInvoiceNote(ctx, user, kind, params.id, body),
    }),
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
      description: "404 'Credit or debit note not found'.",
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
        "Its lines with their tax as issued, the tax per rate, the totals. 404 'Credit or debit note not found'.",
      tags,
      access: { permissions: ['invoices.view'] },
      params: idParamsSchema,
      response: pdfDownloadResponse,
      handler: async ({ ctx, params, res }) =>
        sendDownload(res, await downloadInvoiceNotePdf(ctx, kind, params.id)),
    }),
  ];
}

/** Credit and debit notes: issued once against an invoice, never edited. */
export const creditNoteRoutes = [...noteRoutes('credit'), ...noteRoutes('debit')];
