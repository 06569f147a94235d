import {
  bindLicenceBodySchema,
  clientParamsSchema,
  createLicencesBodySchema,
  createLicencesResponseSchema,
  deleteLicenceResponseSchema,
  extendLicenceBodySchema,
  licenceKeyParamsSchema,
  licenceResponseSchema,
  listClientLicencesQuerySchema,
  listClientLicencesResponseSchema,
  listLicenceGroupsQuerySchema,
  listLicenceGroupsResponseSchema,
  unbindLicenceBodySchema,
} from '@patrol/contracts';
import { defineRoute } from '../../http/route';
import {
  bindLicence,
  createLicences,
  deleteLicence,
  extendLicence,
  listClientLicences,
  listLicenceGroups,
  unbindLicence,
} from './licences.service';

const tags = ['licences'];

/**
 * Licence keys and device bindings. Licences are the provider's software products, so they are
 * governed by the products permissions, as the /licences screen is (products.view): create keys
 * with products.create, bind, unbind and extend with products.edit, delete with products.delete.
 */
export const licenceRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/licences',
    summary: 'The licences page: one card per client (company-name order) with its licence counts',
    description: "Each card's licences come from GET /api/clients/{companyId}/licences.",
    tags,
    access: { permissions: ['products.view'] },
    query: listLicenceGroupsQuerySchema,
    response: listLicenceGroupsResponseSchema,
    handler: ({ ctx, query }) => listLicenceGroups(ctx, query),
  }),
  defineRoute({
    method: 'get',
    path: '/api/clients/:companyId/licences',
    summary: "A client's licences, newest first, filtered by status, type and search, paged",
    description:
      'status is the displayed status (expired wins over bound and available); search matches the key, device ID or project name.',
    tags,
    access: { permissions: ['products.view'] },
    params: clientParamsSchema,
    query: listClientLicencesQuerySchema,
    response: listClientLicencesResponseSchema,
    handler: ({ ctx, params, query }) => listClientLicences(ctx.db, params.companyId, query),
  }),
  defineRoute({
    method: 'post',
    path: '/api/clients/:companyId/licences',
    summary: 'Issue 1 to 100 new licence keys to a client',
    tags,
    access: { permissions: ['products.create'] },
    params: clientParamsSchema,
    body: createLicencesBodySchema,
    response: createLicencesResponseSchema,
    status: 201,
    handler: ({ ctx, user, params, body }) => createLicences(ctx, user, params.companyId, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/licences/bind',
    summary: 'Bind a licence to a device',
    description:
      "companyId 'system' (the default) skips the ownership check. A bound or expired licence answers 409.",
    tags,
    access: { permissions: ['products.edit'] },
    body: bindLicenceBodySchema,
    response: licenceResponseSchema,
    handler: ({ ctx, user, body }) => bindLicence(ctx, user, body),
  }),
  defineRoute({
    method: 'post',
    path: '/api/licences/unbind',
    summary: 'Release a licence from its device',
    tags,
    access: { permissions: ['products.edit'] },
    body: unbindLicenceBodySchema,
    response: licenceResponseSchema,
    handler: ({ ctx, user, body }) => unbindLicence(ctx, user, body),
  }),
  defineRoute({
    method: 'delete',
    path: '/api/licences/:key',
    summary: 'Delete a licence (a bound one is deactivated at once)',
    tags,
    access: { permissions: ['products.delete'] },
    params: licenceKeyParamsSchema,
    response: deleteLicenceResponseSchema,
    handler: ({ ctx, user, params }) => deleteLicence(ctx, user, params.key),
  }),
  defineRoute({
    method: 'post',
    path: '/api/licences/:key/extend',
    summary: 'Extend a licence by 1 to 1825 days',
    description: 'Refused (409) once the licence has been expired for more than 30 days.',
    tags,
    access: { permissions: ['products.edit'] },
    params: licenceKeyParamsSchema,
    body: extendLicenceBodySchema,
    response: licenceResponseSchema,
    handler: ({ ctx, user, params, body }) => extendLicence(ctx, user, params.key, body),
  }),
];
