import { sendCsv } from '../../http/csv';
import { defineRoute } from '../../http/route';
import {
  exportAuditQuerySchema,
  listAuditQuerySchema,
  listAuditResponseSchema,
} from '@patrol/contracts';
import { exportAuditEntries, listAuditEntries } from './audit.service';

/**
 * The audit trail. Readable with users.view or settings.view; each reader sees the entries of
 * the entity types those permissions cover (user changes, settings changes).
 */
export const auditRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/audit',
    summary: 'Who changed which user, permission or setting, newest first',
    description:
      'Entries of users need users.view, entries of settings need settings.view; asking for an entity type the caller may not see answers 403.',
    tags: ['audit'],
    access: { permissions: ['users.view', 'settings.view'] },
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
    access: { permissions: ['users.view', 'settings.view'] },
    query: exportAuditQuerySchema,
    response: { 200: { contentType: 'text/csv', description: 'The trail as CSV' } },
    handler: ({ ctx, user, query, res }) => sendCsv(res, exportAuditEntries(ctx, user, query)),
  }),
];
