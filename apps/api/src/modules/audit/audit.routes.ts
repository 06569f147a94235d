import { sendCsv } from '../../http/csv';
import { defineRoute } from '../../http/route';
import { auditReadPermissions } from '@patrol/domain';
import {
  exportAuditQuerySchema,
  listAuditQuerySchema,
  listAuditResponseSchema,
} from '@patrol/contracts';
import { exportAuditEntries, listAuditEntries } from './audit.service';

/**
 * The audit trail. Readable with any permission that shows one of its entity types
 * (`auditReadPermissions`); each reader sees the entries of the types their permissions cover.
 */
export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/audit',
    summary: 'Who changed which user, permission or setting, newest first',
    description:
      'Readable with users.view, settings.view, products.view, quotations.view or invoices.view; each entity type needs the permission that shows the entity (payments, receipts and credit and debit notes: invoices.view); asking for an entity type the caller may not see answers 403.',
    tags: ['audit'],
    access: { permissions: auditReadPermissions },
    query: listAuditQuerySchema,
    response: listAuditResponseSchema,
    handler: ({ ctx, user, query }) => listAuditEntries(ctx, user, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/audit/export',
    summary: 'The matching trail as CSV (audit-trail-{date}.csv), one line per changed field',
    description:
      'Same filters and visibility as GET /api/audit (entityType, entityId, actorId, dateFrom and dateTo as business days, both included); streamed newest first.',
    tags: ['audit'],
    access: { permissions: auditReadPermissions },
    query: exportAuditQuerySchema,
    response: { 200: { contentType: 'text/csv', description: 'The trail as CSV' } },
    handler: ({ ctx, user, query, res }) => sendCsv(res, exportAuditEntries(ctx, user, query)),
  }),
];
