import { defineRoute } from '../../http/route';
import { listAuditQuerySchema, listAuditResponseSchema } from './audit.schemas';
import { listAuditEntries } from './audit.service';

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
    handler: ({ ctx, user, query }) => listAuditEntries(ctx.db, user, query),
  }),
];
