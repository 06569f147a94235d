import { z } from 'zod';
import {
  emailField,
  idSchema,
  isoDateTimeSchema,
  messageResponseSchema,
  requiredString,
  successResponse,
} from './fields';
import { pageSizes } from './limits';
import { clientEInvoiceSchema, emptyClientEInvoice } from './myinvois/einvoice-fields';
import { listQuerySchema, paginationSchema } from './pagination';

/** Client form messages (spec 1 section 5). */
export const clientMessages = {
  companyIdRequired: 'Company ID is required',
  companyIdFormat: 'Company ID may contain only letters, numbers, hyphens and underscores',
  companyNameRequired: 'Company name is required',
  contactPersonRequired: 'Contact person is required',
  phoneRequired: 'Phone number is required',
  addressRequired: 'Address is required',
} as const;

/** The client's business key: unique, shown in URLs, never changed after creation. */
export const companyIdSchema = requiredString(clientMessages.companyIdRequired, {
  max: 50,
  label: 'Company ID',
}).regex(/^[A-Za-z0-9_-]+$/, clientMessages.companyIdFormat);

/**
 * A client company (spec 1 section 3). Lists carry its licence counts; the licences themselves
 * are paged by GET /api/clients/{companyId}/licences (a client may hold a thousand).
 */
export const clientSchema = z.object({
  id: idSchema,
  companyId: z.string(),
  companyName: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  active: z.boolean(),
  /** Licences issued to the client. */
  licenceCount: z.number().int().min(0),
  /** Of those, the ones bound to a device. */
  boundLicenceCount: z.number().int().min(0),
  /** Buyer details on MyInvois e-invoices (TIN, ID, SST number, address with codes). */
  eInvoice: clientEInvoiceSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Client = z.infer<typeof clientSchema>;

const clientFormShape = {
  companyName: requiredString(clientMessages.companyNameRequired, {
    max: 200,
    label: 'Company name',
  }),
  contactPerson: requiredString(clientMessages.contactPersonRequired, {
    max: 100,
    label: 'Contact person',
  }),
  email: emailField(),
  phone: requiredString(clientMessages.phoneRequired, { max: 30, label: 'Phone number' }),
  address: requiredString(clientMessages.addressRequired, { max: 500, label: 'Address' }),
};

/** POST /api/clients. */
export const createClientBodySchema = z.object({
  companyId: companyIdSchema,
  ...clientFormShape,
  eInvoice: clientEInvoiceSchema.default(emptyClientEInvoice),
});
export type CreateClientBody = z.infer<typeof createClientBodySchema>;

/** PUT /api/clients/{companyId}: the same form, companyId read-only. */
export const updateClientBodySchema = z.object({
  ...clientFormShape,
  /** Left out, the stored e-invoice details stay as they are. */
  eInvoice: clientEInvoiceSchema.optional(),
});
export type UpdateClientBody = z.infer<typeof updateClientBodySchema>;

/** PATCH /api/clients/{id}/status: Activate or Deactivate. */
export const updateClientStatusBodySchema = z.object({ active: z.boolean() });
export type UpdateClientStatusBody = z.infer<typeof updateClientStatusBodySchema>;

/** Path parameter of the per-client calls. */
export const clientParamsSchema = z.object({ companyId: companyIdSchema });
export type ClientParams = z.infer<typeof clientParamsSchema>;

/** GET /api/clients query; exportCsv=1 answers a CSV file of every matching client instead. */
export const listClientsQuerySchema = listQuerySchema({
  sortFields: ['companyName', 'createdAt'],
  defaultSort: 'createdAt',
  defaultLimit: pageSizes.clients,
}).extend({
  active: z.stringbool().optional(),
  exportCsv: z.stringbool().default(false),
});
export type ListClientsQuery = z.infer<typeof listClientsQuerySchema>;

/** Directory-wide figures of the four summary cards, independent of the page shown. */
export const clientSummarySchema = z.object({
  totalClients: z.number().int(),
  activeClients: z.number().int(),
  totalLicences: z.number().int(),
  /** Clients created in the last 30 days. */
  newThisMonth: z.number().int(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

/** GET /api/clients. */
export const listClientsResponseSchema = successResponse({
  clients: z.array(clientSchema),
  pagination: paginationSchema,
  summary: clientSummarySchema,
});
export type ListClientsResponse = z.infer<typeof listClientsResponseSchema>;

/** GET, POST, PUT /api/clients/... and PATCH .../status. */
export const clientResponseSchema = successResponse({
  message: z.string().optional(),
  client: clientSchema,
});
export type ClientResponse = z.infer<typeof clientResponseSchema>;

/** DELETE /api/clients/{companyId}: the client and its licences are removed. */
export const deleteClientResponseSchema = messageResponseSchema;

/** GET /api/business/clients: the client picker of billing forms (active clients, no licences). */
export const billingClientSchema = clientSchema.pick({
  id: true,
  companyId: true,
  companyName: true,
  contactPerson: true,
  email: true,
  phone: true,
  address: true,
});
export type BillingClient = z.infer<typeof billingClientSchema>;

/** The picker is searched on the server: the first `limit` active clients by name (50 by default). */
export const listBillingClientsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListBillingClientsQuery = z.infer<typeof listBillingClientsQuerySchema>;

export const listBillingClientsResponseSchema = successResponse({
  clients: z.array(billingClientSchema),
});
export type ListBillingClientsResponse = z.infer<typeof listBillingClientsResponseSchema>;

/** The columns of the clients CSV export, in order. */
export const clientCsvColumns = [
  'companyId',
  'companyName',
  'contactPerson',
  'email',
  'phone',
  'address',
  'active',
  'licences',
  'createdAt',
] as const;
