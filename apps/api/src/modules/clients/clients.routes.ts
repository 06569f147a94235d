import {
  clientParamsSchema,
  clientResponseSchema,
  createClientBodySchema,
  deleteClientResponseSchema,
  listBillingClientsQuerySchema,
  listBillingClientsResponseSchema,
  listClientsQuerySchema,
  listClientsResponseSchema,
  updateClientBodySchema,
  updateClientStatusBodySchema,
} from '@patrol/contracts';
import { z } from 'zod';
import { sendCsv } from '../../http/csv';
import { defineRoute } from '../../http/route';
import { clientsCsv } from './clients-export';
import {
  createClient,
  deleteClient,
  getClient,
  listBillingClients,
  listClients,
  setClientStatus,
  updateClient,
} from './clients.service';

const tags = ['clients'];

/** The edit form may echo companyId back; it is accepted only when unchanged. */
const updateClientRequestSchema = updateClientBodySchema.extend({
  companyId: z.string().trim().optional(),
});

/** The status call names the client by row id or by companyId. */
const clientStatusParamsSchema = z.object({ id: z.string().trim().min(1).max(50) });

/** Every route under /api/clients but the dashboard's, which app.ts mounts first. */
export const clientRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/clients',
    summary:
      'The client directory: a page of clients with their licence counts, and the summary cards',
    description:
      'Paged (page, limit: 10 by default), searched (substring over every text field) and sorted (sortBy companyName | createdAt, sortOrder) on the server. With exportCsv=1 the answer is instead a CSV download (clients_export_{YYYY-MM-DD}.csv) of every matching client, streamed.',
    tags,
    access: { permissions: ['clients.view'] },
    query: listClientsQuerySchema,
    response: listClientsResponseSchema,
    handler: async ({ ctx, query, res }) => {
      if (!query.exportCsv) return listClients(ctx, query);
      await sendCsv(res, clientsCsv(ctx.db, query, new Date()));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/business/clients',
    summary: 'The client picker of billing forms: active clients by company name',
    description:
      'Searched on the server (substring over every text field); the first `limit` matches (50 by default, at most 100).',
    tags: ['billing'],
    access: { permissions: ['quotations.view', 'invoices.view'] },
    query: listBillingClientsQuerySchema,
    response: listBillingClientsResponseSchema,
    handler: ({ ctx, query }) => listBillingClients(ctx.db, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/clients',
    summary: 'Add a client',
    description: "A duplicate companyId answers 409 'Company ID already exists'.",
    tags,
    access: { permissions: ['clients.create'] },
    body: createClientBodySchema,
    response: clientResponseSchema,
    status: 201,
    handler: ({ ctx, user, body }) => createClient(ctx, user, body),
  }),
  defineRoute({
    method: 'get',
    path: '/api/clients/:companyId',
    summary: 'One client with its licence counts',
    description:
      'Its licences are listed, paged and filtered, by GET /api/clients/{companyId}/licences.',
    tags,
    access: { permissions: ['clients.view'] },
    params: clientParamsSchema,
    response: clientResponseSchema,
    handler: ({ ctx, params }) => getClient(ctx.db, params.companyId),
  }),
  defineRoute({
    method: 'put',
    path: '/api/clients/:companyId',
    summary: 'Edit a client (companyId cannot change)',
    tags,
    access: { permissions: ['clients.edit'] },
    params: clientParamsSchema,
    body: updateClientRequestSchema,
    response: clientResponseSchema,
    handler: ({ ctx, user, params, body }) => updateClient(ctx, user, params.companyId, body),
  }),
  defineRoute({
    method: 'patch',
    path: '/api/clients/:id/status',
    summary: 'Activate or deactivate a client (by row id or companyId)',
    tags,
    access: { permissions: ['clients.edit'] },
    params: clientStatusParamsSchema,
    body: updateClientStatusBodySchema,
    response: clientResponseSchema,
    handler: ({ ctx, user, params, body }) => setClientStatus(ctx, user, params.id, body.active),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/clients/:companyId',
    summary: 'Delete a client and all its licences',
    tags,
    access: { permissions: ['clients.delete'] },
    params: clientParamsSchema,
    response: deleteClientResponseSchema,
    handler: ({ ctx, user, params }) => deleteClient(ctx, user, params.companyId),
  }),
];
