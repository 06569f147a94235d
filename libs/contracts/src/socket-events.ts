import { z } from 'zod';
import { activitySchema } from './activity';
import { clientSchema } from './clients';
import { crashReportTypeSchema, crashSeveritySchema } from './crash-reports';
import { idSchema, isoDateTimeSchema, moneySchema } from './fields';
import { paymentStatusSchema, paymentValidationStatusSchema } from './invoices';
import { otaUpdateEventTypeSchema } from './ota';
import type { Permission } from './permissions';
import { systemAlertSchema, systemMetricsSchema } from './system';

/** The socket handshake: `io(url, { auth: { token } })` with the access token. */
export const socketAuthSchema = z.object({ token: z.string().min(1) });
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** licenceUpdated (spec 1 section 3). Creating and deleting keys is announced as clientUpdated. */
export const licenceUpdatedEventSchema = z.object({
  action: z.enum(['bind', 'unbind', 'extend']),
  licence: z.object({
    key: z.string(),
    bound: z.boolean(),
    deviceId: z.string().nullable(),
    projectName: z.string().nullable(),
  }),
  /** The owning client's row id. */
  clientId: idSchema,
});
export type LicenceUpdatedEvent = z.infer<typeof licenceUpdatedEventSchema>;

/** licenceActivityUpdated: a bound device reported in. */
export const licenceActivityUpdatedEventSchema = z.object({
  licenceKey: z.string(),
  deviceId: z.string(),
  clientId: idSchema,
  lastDeviceActivity: isoDateTimeSchema,
});
export type LicenceActivityUpdatedEvent = z.infer<typeof licenceActivityUpdatedEventSchema>;

/** billingUpdated: something in billing changed; listeners re-fetch the named lists. */
export const billingUpdatedEventSchema = z.object({
  entity: z.enum([
    'product',
    'quotation',
    'invoice',
    'receipt',
    'credit_note',
    'debit_note',
    'refund_note',
    'einvoice',
  ]),
  action: z.enum([
    'created',
    'updated',
    'deleted',
    'status_changed',
    'converted',
    'reverted',
    'sent',
  ]),
  id: idSchema,
});
export type BillingUpdatedEvent = z.infer<typeof billingUpdatedEventSchema>;

/** Shared payload of the payment and invoice events. */
export const invoiceEventSchema = z.object({
  invoiceId: idSchema,
  invoiceNumber: z.string(),
  paymentStatus: paymentStatusSchema,
  paymentValidationStatus: paymentValidationStatusSchema,
  totalAmount: moneySchema,
  paidAmount: moneySchema,
});
export type InvoiceEvent = z.infer<typeof invoiceEventSchema>;

/** paymentProcessed: a payment was recorded against an invoice. */
export const paymentProcessedEventSchema = invoiceEventSchema.extend({ amount: moneySchema });
export type PaymentProcessedEvent = z.infer<typeof paymentProcessedEventSchema>;

/** paymentRejected: the payment was rejected and its entries cleared. */
export const paymentRejectedEventSchema = invoiceEventSchema.extend({
  rejectionReason: z.string(),
});
export type PaymentRejectedEvent = z.infer<typeof paymentRejectedEventSchema>;

/** newCrashReport (spec 2 section 4): a critical one also raises a destructive toast. */
export const newCrashReportEventSchema = z.object({
  id: idSchema,
  title: z.string(),
  severity: crashSeveritySchema,
  reportType: crashReportTypeSchema,
});
export type NewCrashReportEvent = z.infer<typeof newCrashReportEventSchema>;

/** ota_update (spec 2 section 7). */
export const otaUpdateEventSchema = z.object({
  type: otaUpdateEventTypeSchema,
  version: z.string(),
  timestamp: isoDateTimeSchema,
  /** rollout_changed and rollout_halted: what happened, with the rule and its numbers. */
  message: z.string().optional(),
});
export type OtaUpdateEvent = z.infer<typeof otaUpdateEventSchema>;

/**
 * accountChanged: the signed-in user's own role, status or permissions changed; sent to that
 * user's sockets only, so the console re-reads its session (and menu) at once.
 */
export const accountChangedEventSchema = z.object({ userId: idSchema });
export type AccountChangedEvent = z.infer<typeof accountChangedEventSchema>;

/** Every event the server pushes, by name, with its payload schema. */
export const serverToClientEvents = {
  clientAdded: clientSchema,
  clientUpdated: clientSchema,
  clientDeleted: z.object({ companyId: z.string() }),
  licenceUpdated: licenceUpdatedEventSchema,
  licenceActivityUpdated: licenceActivityUpdatedEventSchema,
  activityUpdated: activitySchema,
  billingUpdated: billingUpdatedEventSchema,
  paymentProcessed: paymentProcessedEventSchema,
  paymentValidated: invoiceEventSchema,
  paymentRejected: paymentRejectedEventSchema,
  invoiceCreated: invoiceEventSchema,
  invoiceUpdated: invoiceEventSchema,
  invoiceReverted: invoiceEventSchema,
  newCrashReport: newCrashReportEventSchema,
  ota_update: otaUpdateEventSchema,
  systemMetrics: systemMetricsSchema,
  systemAlert: systemAlertSchema,
  accountChanged: accountChangedEventSchema,
} as const;

export type ServerToClientEventName = keyof typeof serverToClientEvents;

/** The payload type of one server event. */
export type ServerToClientPayload<Name extends ServerToClientEventName> = z.infer<
  (typeof serverToClientEvents)[Name]
>;

/** For `new Server<ClientToServerEvents, ServerToClientEvents>()` and `Socket<ServerToClientEvents>`. */
export type ServerToClientEvents = {
  [Name in ServerToClientEventName]: (payload: ServerToClientPayload<Name>) => void;
};

/** The console only listens; it emits no events of its own. */
export type ClientToServerEvents = Record<string, never>;

/** Events sent to one user's sockets (the user's own room) rather than by permission. */
export const personalEvents = ['accountChanged'] as const;
export type PersonalEventName = (typeof personalEvents)[number];

/**
 * Events each API process sends to its own sockets only, never through the Redis adapter: the
 * figures describe the process the console is connected to, and N processes broadcasting theirs
 * would hand every console N conflicting samples per tick.
 */
export const processLocalEvents = ['systemMetrics'] as const;
export type ProcessLocalEventName = (typeof processLocalEvents)[number];

/** Events that reach only sockets holding the named permission (rooms by permission). */
export const eventPermissions = {
  clientAdded: 'clients.view',
  clientUpdated: 'clients.view',
  clientDeleted: 'clients.view',
  licenceUpdated: 'clients.view',
  licenceActivityUpdated: 'clients.view',
  activityUpdated: 'dashboard.view',
  billingUpdated: 'invoices.view',
  paymentProcessed: 'invoices.view',
  paymentValidated: 'invoices.view',
  paymentRejected: 'invoices.view',
  invoiceCreated: 'invoices.view',
  invoiceUpdated: 'invoices.view',
  invoiceReverted: 'invoices.view',
  newCrashReport: 'crashes.view',
  ota_update: 'ota.view',
  systemMetrics: 'system.view',
  systemAlert: 'system.view',
} as const satisfies Record<Exclude<ServerToClientEventName, PersonalEventName>, Permission>;
