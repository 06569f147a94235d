import {
  idParamsSchema,
  invoiceLicencesResponseSchema,
  revokeInvoiceLicencesBodySchema,
  revokeInvoiceLicencesResponseSchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { listInvoiceLicences, revokeInvoiceLicences } from './invoice-licences.service';

const tags = ['invoices', 'licences'];

/** The keys an invoice issued or extended, and their revocation (issue 25). */
export const invoiceLicenceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/invoices/:id/licences',
    summary: 'The licence keys the invoice issued or extended',
    description:
      "Each key its licence lines issued or extended when the payment completing it was validated: key, issued or extended, expiry before and after, and who revoked it. revocable is true once the invoice is voided or credited in full. 404 'Invoice not found'.",
    tags,
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: invoiceLicencesResponseSchema,
    handler: ({ ctx, params }) => listInvoiceLicences(ctx.db, params.id),
  }),
  defineRoute({
    method: 'post',
    idempotent: true,
    path: '/api/business/invoices/:id/licences/revoke',
    summary: 'Revoke keys paid by a voided or fully credited invoice',
    description:
      'Revokes the named issuances (issuanceIds), or every one not yet revoked when none is named: an issued key is deleted (its device is refused from then on), an extension is taken back. Audited with who revoked. 409 unless the invoice is voided or credited in full, for a key already revoked, or when nothing is left; 404 for an unknown invoice or an issuance not of this invoice.',
    tags,
    access: { permissions: ['invoices.edit'] },
    params: idParamsSchema,
    body: revokeInvoiceLicencesBodySchema,
    response: revokeInvoiceLicencesResponseSchema,
    handler: ({ ctx, user, params, body }) => revokeInvoiceLicences(ctx, user, params.id, body),
  }),
];
