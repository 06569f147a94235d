import {
  autoRenewalResponseSchema,
  companyIdParamsSchema,
  idParamsSchema,
  invoiceRemindersResponseSchema,
  listRenewalsQuerySchema,
  listRenewalsResponseSchema,
  renewalRunResponseSchema,
  updateAutoRenewalBodySchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import { updateAutoRenewal } from './auto-renewal.service';
import { listInvoiceReminders } from './invoice-reminders.service';
import { runDailyRenewals } from './renewal-run.service';
import { listRenewals } from './renewals-view.service';

const tags = ['renewals'];

/** Licence renewals, payment reminders and the daily run (docs/licence-renewals.md). */
export const renewalRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/business/renewals',
    summary: 'Keys expiring in the next `days` days, by client, expiry day and licence type',
    description:
      'Soonest first, paged (20 groups by default), with up to 10 keys per group and the active licence product of the same type with the price that would renew the group. `totals` counts every group of the window.',
    tags,
    access: { permissions: ['invoices.view'] },
    query: listRenewalsQuerySchema,
    response: listRenewalsResponseSchema,
    handler: ({ ctx, query }) => listRenewals(ctx, query),
  }),
  defineRoute({
    method: 'put',
    path: '/api/business/renewals/clients/:companyId',
    summary: "Turn a client's auto-renewal on or off",
    description:
      'With auto-renewal on, the daily run invoices the renewal of the keys expiring within the lead time directly instead of quoting it. Audited.',
    tags,
    access: { permissions: ['clients.edit'] },
    params: companyIdParamsSchema,
    body: updateAutoRenewalBodySchema,
    response: autoRenewalResponseSchema,
    handler: ({ ctx, user, params, body }) =>
      updateAutoRenewal(ctx, user, params.companyId, body.autoRenewal),
  }),
  defineRoute({
    method: 'post',
    path: '/api/business/renewals/run',
    summary: "Run today's renewal run now, unless it already ran",
    description:
      "The run sends the payment reminders due, records overdue transitions and drafts renewal quotations (invoices for auto-renewal clients). Once per business day across every process: a second call answers the day's run with ranNow false.",
    tags,
    access: { permissions: ['settings.edit'] },
    response: renewalRunResponseSchema,
    handler: ({ ctx, user }) => runDailyRenewals(ctx, { actor: user }),
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/invoices/:id/reminders',
    summary: 'The payment reminders sent for an invoice',
    description:
      'Each reminder of the ladder that was e-mailed (with the invoice PDF), oldest first; its text is the one offered for WhatsApp.',
    tags,
    access: { permissions: ['invoices.view'] },
    params: idParamsSchema,
    response: invoiceRemindersResponseSchema,
    handler: ({ ctx, params }) => listInvoiceReminders(ctx.db, params.id),
  }),
];
