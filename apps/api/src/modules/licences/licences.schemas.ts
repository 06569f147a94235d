import {
  clientSchema,
  pageQueryShape,
  pageSizes,
  paginationSchema,
  successResponse,
} from '@patrol/contracts';
import { z } from 'zod';

// The licences page's list call is not in the spec's call table (the page there reads
// GET /api/clients); its schemas live beside the module until the console reads them, then move
// to libs/contracts.

/** GET /api/licences query: clients (with their licences) a page at a time, optionally searched. */
export const listLicencesQuerySchema = z.object({
  ...pageQueryShape(pageSizes.clients),
  search: z.string().trim().max(200).optional(),
});
export type ListLicencesQuery = z.infer<typeof listLicencesQuerySchema>;

/** GET /api/licences: one entry per client, company name order, each with all its licences. */
export const listLicencesResponseSchema = successResponse({
  clients: z.array(clientSchema),
  pagination: paginationSchema,
});
export type ListLicencesResponse = z.infer<typeof listLicencesResponseSchema>;
