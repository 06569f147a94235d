import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema, moneySchema, successResponse } from './fields';
import { licenceTypeSchema } from './licences';
import { pageQueryShape, paginationSchema } from './pagination';

/** Limits of the renewal and overdue settings. */
export const renewalLimits = {
  leadTimeDays: { min: 1, max: 365, default: 30 },
  viewDays: { min: 1, max: 365, default: 30 },
  ladderStepDays: { min: -60, max: 365 },
  ladderSteps: { min: 1, max: 10 },
  graceDays: { min: 0, max: 730 },
} as const;

export const renewalMessages = {
  leadTime: `Renewal lead time must be between ${renewalLimits.leadTimeDays.min} and ${renewalLimits.leadTimeDays.max} days`,
  ladderStep: `Each reminder must be between ${-renewalLimits.ladderStepDays.min} days before and ${renewalLimits.ladderStepDays.max} days after the due date`,
  ladderSteps: `The reminder ladder needs between ${renewalLimits.ladderSteps.min} and ${renewalLimits.ladderSteps.max} steps`,
  ladderDuplicates: 'Each reminder day may appear only once',
  ladderSends: 'Choose what the reminder sends',
  grace: `Grace must be between ${renewalLimits.graceDays.min} and ${renewalLimits.graceDays.max} days`,
  graceOrder: 'Grace to suspended must be longer than grace to restricted',
  days: `Days must be between ${renewalLimits.viewDays.min} and ${renewalLimits.viewDays.max}`,
  clientNotFound: 'Client not found',
  invoiceNotFound: 'Invoice not found',
  autoRenewalOn: (name: string) => `Auto-renewal turned on for ${name}`,
  autoRenewalOff: (name: string) => `Auto-renewal turned off for ${name}`,
} as const;

const dayCount = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

/** What a reminder step sends: the WhatsApp text is offered on the invoice for every step. */
export const reminderSendsSchema = z.enum(['email_with_pdf', 'email', 'whatsapp'], {
  error: renewalMessages.ladderSends,
});
export type ReminderSends = z.infer<typeof reminderSendsSchema>;

/** How the console names each choice. */
export const reminderSendsLabels: Record<ReminderSends, string> = {
  email_with_pdf: 'E-mail with the invoice PDF',
  email: 'E-mail without the PDF',
  whatsapp: 'WhatsApp text only',
};

/** One step of the reminder ladder. */
export const reminderStepSchema = z.object({
  /** Days relative to the due date: -3 is three days before, 0 the due day, 7 a week after. */
  days: dayCount(
    renewalLimits.ladderStepDays.min,
    renewalLimits.ladderStepDays.max,
    renewalMessages.ladderStep,
  ),
  sends: reminderSendsSchema,
});
export type ReminderStep = z.infer<typeof reminderStepSchema>;

/**
 * The licence renewal and overdue settings, a group of the company settings: when renewals are
 * quoted, which reminders an unpaid invoice gets, and when its keys are restricted or suspended.
 */
export const licenceRenewalSettingsSchema = z
  .object({
    /** Keys expiring within this many days are drafted a renewal quotation by the daily run. */
    leadTimeDays: dayCount(
      renewalLimits.leadTimeDays.min,
      renewalLimits.leadTimeDays.max,
      renewalMessages.leadTime,
    ),
    /** The daily run e-mails each renewal quotation it drafts. */
    sendQuotationsAutomatically: z.boolean(),
    /**
     * The reminder ladder: each step's day relative to the due date (-3 is three days before, 7 a
     * week after) and what it sends. Kept sorted by day; each day once.
     */
    reminderLadder: z
      .array(reminderStepSchema)
      .min(renewalLimits.ladderSteps.min, renewalMessages.ladderSteps)
      .max(renewalLimits.ladderSteps.max, renewalMessages.ladderSteps)
      .superRefine((steps, context) => {
        steps.forEach((step, index) => {
          if (steps.findIndex((other) => other.days === step.days) < index) {
            context.addIssue({
              code: 'custom',
              message: renewalMessages.ladderDuplicates,
              path: [index, 'days'],
            });
          }
        });
      })
      .transform((steps) => [...steps].sort((a, b) => a.days - b.days)),
    /** Days after the due date an unpaid invoice's keys become restricted. */
    graceToRestrictedDays: dayCount(
      renewalLimits.graceDays.min,
      renewalLimits.graceDays.max,
      renewalMessages.grace,
    ),
    /** Days after the due date an unpaid invoice's keys become suspended (heartbeats refused). */
    graceToSuspendedDays: dayCount(
      renewalLimits.graceDays.min,
      renewalLimits.graceDays.max,
      renewalMessages.grace,
    ),
    /** On: every key of a client with an overdue invoice; off: only the keys that invoice paid. */
    suspendOnOverdue: z.boolean(),
  })
  .refine((settings) => settings.graceToSuspendedDays > settings.graceToRestrictedDays, {
    message: renewalMessages.graceOrder,
    path: ['graceToSuspendedDays'],
  });
export type LicenceRenewalSettings = z.infer<typeof licenceRenewalSettingsSchema>;

export const defaultLicenceRenewalSettings: LicenceRenewalSettings = {
  leadTimeDays: renewalLimits.leadTimeDays.default,
  sendQuotationsAutomatically: false,
  reminderLadder: [-3, 0, 7, 14, 30].map((days) => ({ days, sends: 'email_with_pdf' as const })),
  graceToRestrictedDays: 30,
  graceToSuspendedDays: 60,
  suspendOnOverdue: false,
};

/** GET /api/business/renewals: keys expiring within `days`, grouped by client, expiry day and type. */
export const listRenewalsQuerySchema = z.object({
  ...pageQueryShape(20),
  days: z.coerce
    .number({ error: renewalMessages.days })
    .int(renewalMessages.days)
    .min(renewalLimits.viewDays.min, renewalMessages.days)
    .max(renewalLimits.viewDays.max, renewalMessages.days)
    .default(renewalLimits.viewDays.default),
});
export type ListRenewalsQuery = z.infer<typeof listRenewalsQuerySchema>;

/** The licence product that would renew a group: the active licence product of its type. */
export const renewalProductSchema = z.object({
  id: idSchema,
  name: z.string(),
  unitPrice: moneySchema,
  validityDays: z.number().int().nullable(),
});
export type RenewalProduct = z.infer<typeof renewalProductSchema>;

/** Keys of one client expiring on one day, of one licence type. */
export const renewalGroupSchema = z.object({
  clientId: idSchema,
  companyId: z.string(),
  companyName: z.string(),
  autoRenewal: z.boolean(),
  /** The expiry day (UTC), YYYY-MM-DD. */
  expiryDate: isoDateSchema,
  licenceType: licenceTypeSchema,
  keyCount: z.number().int().min(1),
  /** Up to 10 of the group's keys, soonest first. */
  keys: z.array(z.string()),
  product: renewalProductSchema.nullable(),
  /** keyCount × the product's unit price, before tax; null without a product. */
  renewalAmount: moneySchema.nullable(),
});
export type RenewalGroup = z.infer<typeof renewalGroupSchema>;

export const listRenewalsResponseSchema = successResponse({
  renewals: z.array(renewalGroupSchema),
  pagination: paginationSchema,
  /** Over every group of the window, not only this page. */
  totals: z.object({ keys: z.number().int(), clients: z.number().int() }),
});
export type ListRenewalsResponse = z.infer<typeof listRenewalsResponseSchema>;

export const companyIdParamsSchema = z.object({ companyId: z.string().trim().min(1).max(50) });

/** PUT /api/business/renewals/clients/{companyId}: the client's auto-renewal. */
export const updateAutoRenewalBodySchema = z.strictObject({ autoRenewal: z.boolean() });
export type UpdateAutoRenewalBody = z.infer<typeof updateAutoRenewalBodySchema>;

export const autoRenewalResponseSchema = successResponse({
  message: z.string(),
  companyId: z.string(),
  autoRenewal: z.boolean(),
});
export type AutoRenewalResponse = z.infer<typeof autoRenewalResponseSchema>;

/** One day's renewal run: what it did (POST /api/business/renewals/run answers it). */
export const renewalRunSchema = z.object({
  runDate: isoDateSchema,
  /** False when this call found the day already run (or running) and did nothing. */
  ranNow: z.boolean(),
  finishedAt: isoDateTimeSchema.nullable(),
  quotationsDrafted: z.number().int(),
  invoicesDrafted: z.number().int(),
  remindersSent: z.number().int(),
  transitions: z.number().int(),
});
export type RenewalRun = z.infer<typeof renewalRunSchema>;

export const renewalRunResponseSchema = successResponse({ run: renewalRunSchema });
export type RenewalRunResponse = z.infer<typeof renewalRunResponseSchema>;

/** One payment reminder sent for an invoice. */
export const invoiceReminderSchema = z.object({
  id: idSchema,
  /** Days relative to the due date (-3: three days before). */
  stepDays: z.number().int(),
  /** What the step sent (the text is offered for WhatsApp whatever it sent). */
  sends: reminderSendsSchema,
  /** The address e-mailed; null when nothing was e-mailed (a WhatsApp step, or no address). */
  sentTo: z.string().nullable(),
  subject: z.string(),
  /** The e-mail's text, also offered for WhatsApp. */
  text: z.string(),
  sentAt: isoDateTimeSchema,
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

export const invoiceRemindersResponseSchema = successResponse({
  reminders: z.array(invoiceReminderSchema),
});
export type InvoiceRemindersResponse = z.infer<typeof invoiceRemindersResponseSchema>;
