import { z } from 'zod';
import { clientSchema } from './clients';
import {
  idSchema,
  isoDateTimeSchema,
  messageResponseSchema,
  requiredString,
  successResponse,
} from './fields';
import { pageQueryShape, paginationSchema } from './pagination';
import { licenceCountRange, pageSizes, projectNameMaxLength, validityDaysRange } from './limits';

/** Licence tiers (spec 1 section 2.10); Standard by default. */
export const licenceTypes = ['Trial', 'Standard', 'Premium'] as const;
export const licenceTypeSchema = z.enum(licenceTypes);
export type LicenceType = z.infer<typeof licenceTypeSchema>;

/** The status a licence is displayed with; Expired takes precedence (spec 1 section 4). */
export const licenceDisplayStatuses = ['Expired', 'Bound', 'Available'] as const;
export type LicenceDisplayStatus = (typeof licenceDisplayStatuses)[number];

/** Licence form and bind messages (spec 1 section 5). */
export const licenceMessages = {
  clientRequired: 'Please select a client',
  count: `Licence count must be between ${licenceCountRange.min} and ${licenceCountRange.max}`,
  validity: `Validity period must be between ${validityDaysRange.min} and ${validityDaysRange.max} days (5 years)`,
  extension: `Extension must be between ${validityDaysRange.min} and ${validityDaysRange.max} days (5 years)`,
  bindRequired: 'Device ID and Project Name are required',
  deviceIdFormat: 'Invalid device ID format. Expected: MPDID-{12_character_hash}-{project_name}',
  projectNameCharacters: 'Project name must contain only letters, numbers, and spaces',
  projectNameLength: `Project name must be ${projectNameMaxLength} characters or less`,
  licenceKeyRequired: 'Licence key is required',
} as const;

/** MPDID-{12 uppercase letters or digits}-{project name} (spec 1 section 5). */
export const deviceIdPattern = /^MPDID-[A-Z0-9]{12}-[A-Za-z0-9_ ]{1,25}$/;

/** A device id as the patrol app reports it. */
export const deviceIdSchema = requiredString(licenceMessages.bindRequired).regex(deviceIdPattern, {
  error: licenceMessages.deviceIdFormat,
});

/** The project (site) a device is bound for. */
export const projectNameSchema = requiredString(licenceMessages.bindRequired)
  .regex(/^[A-Za-z0-9 ]+$/, { error: licenceMessages.projectNameCharacters })
  .max(projectNameMaxLength, { error: licenceMessages.projectNameLength });

export const licenceKeySchema = requiredString(licenceMessages.licenceKeyRequired, {
  max: 64,
  label: 'Licence key',
});

/** "Paid by" on a licence: the invoice whose validated payment issued or last extended it. */
export const licencePaidBySchema = z.object({
  invoiceId: idSchema,
  invoiceNumber: z.string(),
});
export type LicencePaidBy = z.infer<typeof licencePaidBySchema>;

/** A licence key issued to a client (spec 1 section 3). */
export const licenceSchema = z.object({
  id: idSchema,
  key: z.string(),
  /** The owning client's row id. */
  clientId: idSchema,
  licenseType: licenceTypeSchema,
  /** Null means no expiry. */
  validUntil: isoDateTimeSchema.nullable(),
  bound: z.boolean(),
  deviceId: z.string().nullable(),
  projectName: z.string().nullable(),
  boundAt: isoDateTimeSchema.nullable(),
  /** Last heartbeat or activation from the bound device. */
  lastDeviceActivity: isoDateTimeSchema.nullable(),
  /** Feature codes; the console shows underscores as spaces. */
  features: z.array(z.string()),
  notes: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  /** Activations by the patrol app itself (first binds and re-activations). */
  activationCount: z.number().int().min(0),
  lastActivatedAt: isoDateTimeSchema.nullable(),
  /** Moves to a new device the app may still make by itself in the current 30-day window. */
  transfersLeft: z.number().int().min(0),
  /** The invoice that paid for the key (issue 25); null for keys added by hand. */
  paidBy: licencePaidBySchema.nullable(),
});
export type Licence = z.infer<typeof licenceSchema>;

const daysInRange = (message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(validityDaysRange.min, { error: message })
    .max(validityDaysRange.max, { error: message });

/** POST /api/clients/{companyId}/licences: a batch of new keys. */
export const createLicencesBodySchema = z.object({
  count: z
    .number({ error: licenceMessages.count })
    .int({ error: licenceMessages.count })
    .min(licenceCountRange.min, { error: licenceMessages.count })
    .max(licenceCountRange.max, { error: licenceMessages.count }),
  licenseType: licenceTypeSchema.default('Standard'),
  validityPeriodDays: daysInRange(licenceMessages.validity),
  features: z.array(z.string().trim().min(1).max(50)).max(50).default([]),
  notes: z.string().trim().max(1000).optional(),
});
export type CreateLicencesBody = z.infer<typeof createLicencesBodySchema>;

/** The "Add Licences to Client" dialog: the body plus the chosen client. */
export const createLicencesFormSchema = createLicencesBodySchema.extend({
  companyId: requiredString(licenceMessages.clientRequired),
});
export type CreateLicencesForm = z.infer<typeof createLicencesFormSchema>;

/** POST /api/clients/{companyId}/licences answer. */
export const createLicencesResponseSchema = successResponse({
  message: z.string(),
  licences: z.array(licenceSchema),
});
export type CreateLicencesResponse = z.infer<typeof createLicencesResponseSchema>;

/** Bind and unbind carry companyId 'system' when the console does not name one (spec 1 section 6). */
const companyIdOrSystem = z.string().trim().max(50).default('system');

/** POST /api/licences/bind. */
export const bindLicenceBodySchema = z.object({
  licenceKey: licenceKeySchema,
  deviceId: deviceIdSchema,
  projectName: projectNameSchema,
  companyId: companyIdOrSystem,
});
export type BindLicenceBody = z.infer<typeof bindLicenceBodySchema>;

/** POST /api/licences/unbind. */
export const unbindLicenceBodySchema = z.object({
  licenceKey: licenceKeySchema,
  companyId: companyIdOrSystem,
});
export type UnbindLicenceBody = z.infer<typeof unbindLicenceBodySchema>;

/** POST /api/licences/{key}/extend: new expiry = later of expiry and now, plus these days. */
export const extendLicenceBodySchema = z.object({
  extensionDays: daysInRange(licenceMessages.extension),
});
export type ExtendLicenceBody = z.infer<typeof extendLicenceBodySchema>;

/** Path parameter of the per-licence calls. */
export const licenceKeyParamsSchema = z.object({ key: licenceKeySchema });
export type LicenceKeyParams = z.infer<typeof licenceKeyParamsSchema>;

/** Answer of bind, unbind and extend: the message the console shows and the changed licence. */
export const licenceResponseSchema = successResponse({
  message: z.string(),
  licence: licenceSchema,
});
export type LicenceResponse = z.infer<typeof licenceResponseSchema>;

/** DELETE /api/licences/{key}. */
export const deleteLicenceResponseSchema = messageResponseSchema;

/** GET /api/licences: the licences page's client cards, company-name order, searched. */
export const listLicenceGroupsQuerySchema = z.object({
  ...pageQueryShape(pageSizes.clients),
  search: z.string().trim().max(200).optional(),
});
export type ListLicenceGroupsQuery = z.infer<typeof listLicenceGroupsQuerySchema>;

/** GET /api/licences: one card per client, with its licence counts. */
export const listLicenceGroupsResponseSchema = successResponse({
  clients: z.array(clientSchema),
  pagination: paginationSchema,
});
export type ListLicenceGroupsResponse = z.infer<typeof listLicenceGroupsResponseSchema>;

/** Filter of a client's licences by the status they are displayed with (spec 1 section 4). */
export const licenceStatusFilters = ['available', 'bound', 'expired'] as const;
export const licenceStatusFilterSchema = z.enum(licenceStatusFilters);
export type LicenceStatusFilter = z.infer<typeof licenceStatusFilterSchema>;

/** GET /api/clients/{companyId}/licences: newest first, filtered, a page at a time. */
export const listClientLicencesQuerySchema = z.object({
  ...pageQueryShape(pageSizes.licences),
  status: licenceStatusFilterSchema.optional(),
  licenseType: licenceTypeSchema.optional(),
  /** Matches the key, the device ID or the project name. */
  search: z.string().trim().max(200).optional(),
});
export type ListClientLicencesQuery = z.infer<typeof listClientLicencesQuerySchema>;

/** GET /api/clients/{companyId}/licences. */
export const listClientLicencesResponseSchema = successResponse({
  licences: z.array(licenceSchema),
  pagination: paginationSchema,
});
export type ListClientLicencesResponse = z.infer<typeof listClientLicencesResponseSchema>;
