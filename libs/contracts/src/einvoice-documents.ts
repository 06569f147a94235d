import { z } from 'zod';
import { idSchema, isoDateSchema, isoDateTimeSchema, moneySchema, successResponse } from './fields';
import { pageQueryShape, paginationSchema } from './pagination';

/**
 * MyInvois submission of the issued billing documents: one queue row per invoice, credit note
 * or debit note, from "queued" to LHDN's answer. "submitting" is the moment between the request
 * and its answer; a row left in it is checked against MyInvois before it is ever sent again.
 */
export const einvoiceStatuses = [
  'queued',
  'submitting',
  'submitted',
  'valid',
  'invalid',
  'cancelled',
  'consolidated',
] as const;
export const einvoiceStatusSchema = z.enum(einvoiceStatuses);
export type EinvoiceStatus = z.infer<typeof einvoiceStatusSchema>;

/** The status as the console names it; "Not submitted" is a document with no queue row. */
export const einvoiceStatusLabels: Record<EinvoiceStatus | 'not_submitted', string> = {
  not_submitted: 'Not submitted',
  queued: 'Queued',
  submitting: 'Submitted',
  submitted: 'Submitted',
  valid: 'Valid',
  invalid: 'Invalid',
  cancelled: 'Cancelled',
  consolidated: 'In a consolidated e-Invoice',
};

/** The flag of a consolidated e-invoice past the guideline's deadline (`pastDeadline`). */
export const einvoicePastDeadlineMessage =
  'Past the deadline: not valid 7 days after its month ended';

/**
 * The billing documents that are submitted (MyInvois types 01, 02, 03 and 04), and the monthly
 * consolidated e-invoice (type 01, buyer "General Public") of the invoices whose buyer gave no TIN.
 */
export const einvoiceDocumentKinds = [
  'invoice',
  'creditNote',
  'debitNote',
  'refundNote',
  'consolidated',
] as const;
export const einvoiceDocumentKindSchema = z.enum(einvoiceDocumentKinds);
export type EinvoiceDocumentKind = z.infer<typeof einvoiceDocumentKindSchema>;

/** Without an LHDN status this long after queueing, a document is flagged on the e-Invoices view. */
export const einvoiceStaleAfterMs = 15 * 60 * 1000;
/**
 * An invoice of a buyer with no TIN up to this total (RM, tax included) waits for the month's
 * consolidated e-invoice; above it, it always gets its own (IRBM e-Invoice Specific Guideline,
 * section 3.7, from 1 January 2026).
 */
export const einvoiceConsolidationLimit = 10_000;
/** The consolidated e-invoice of a month is due within this many days after the month ends. */
export const einvoiceConsolidationDeadlineDays = 7;

/** MyInvois accepts a cancellation this long after validation (SDK "Cancel Document"). */
export const einvoiceCancelWindowMs = 72 * 60 * 60 * 1000;

export const einvoiceMessages = {
  notFound: 'E-invoice not found',
  disabled:
    'E-invoicing is off: set MYINVOIS_CLIENT_ID, MYINVOIS_CLIENT_SECRET, MYINVOIS_SIGNING_KEY and MYINVOIS_SIGNING_CERT and restart the API (docs/einvoicing.md)',
  retryNotAllowed: (status: string) =>
    `Only an invalid e-invoice can be submitted again; this one is ${status}`,
  retried: 'E-invoice queued for submission again',
  cancelNotValid: (status: string) =>
    `Only a valid e-invoice can be cancelled; this one is ${status}`,
  cancelWindowOver:
    'The 72 hours to cancel this e-invoice have passed: issue a credit note to correct it instead',
  cancelled: 'E-invoice cancelled',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be 300 characters or less',
  tinValid: 'MyInvois knows this TIN with this identification',
  tinUnknown: 'MyInvois does not know this TIN with this identification',
  unavailable: 'MyInvois did not answer; try again in a moment',
} as const;

/** Where an error came from: our pre-check, the submission's answer, LHDN's validation, a cancel. */
export const einvoiceErrorSources = ['local', 'submission', 'validation', 'cancel'] as const;

export const einvoiceErrorSchema = z.object({
  source: z.enum(einvoiceErrorSources),
  code: z.string(),
  message: z.string(),
  /** The field or document the error names (MyInvois target / propertyPath), when given. */
  target: z.string().nullable(),
  at: isoDateTimeSchema,
});
export type EinvoiceError = z.infer<typeof einvoiceErrorSchema>;

export const einvoiceDocumentSchema = z.object({
  id: idSchema,
  kind: einvoiceDocumentKindSchema,
  /** The invoice or note this e-invoice is of. */
  documentId: idSchema,
  number: z.string(),
  clientName: z.string(),
  issueDate: isoDateSchema,
  totalAmount: moneySchema,
  status: einvoiceStatusSchema,
  uuid: z.string().nullable(),
  submissionUid: z.string().nullable(),
  longId: z.string().nullable(),
  /** `{portal}/{uuid}/share/{longId}` once valid: the link the PDF's QR code carries. */
  validationLink: z.string().nullable(),
  errors: z.array(einvoiceErrorSchema),
  queuedAt: isoDateTimeSchema,
  submittedAt: isoDateTimeSchema.nullable(),
  validatedAt: isoDateTimeSchema.nullable(),
  cancelledAt: isoDateTimeSchema.nullable(),
  cancelReason: z.string().nullable(),
  /** The buyer's rejection request and its reason, when MyInvois reports one. */
  rejectionRequestedAt: isoDateTimeSchema.nullable(),
  statusReason: z.string().nullable(),
  /** Until when it may be cancelled (72 h after validation); null unless valid. */
  cancellableUntil: isoDateTimeSchema.nullable(),
  /** No LHDN status more than 15 minutes after it was queued. */
  stale: z.boolean(),
  /**
   * A consolidated e-invoice not valid 7 days after its month ended: the guideline's deadline for
   * submitting it has passed (false for every other document).
   */
  pastDeadline: z.boolean(),
  attempts: z.number().int().min(0),
  /**
   * Status "consolidated": the month's consolidated e-invoice that carries it, once built (null
   * until the month ends), with its own status and validation link.
   */
  consolidatedInto: z
    .object({
      id: idSchema,
      number: z.string(),
      status: einvoiceStatusSchema,
      validationLink: z.string().nullable(),
    })
    .nullable(),
});
export type EinvoiceDocument = z.infer<typeof einvoiceDocumentSchema>;

/** Whether e-invoicing is on; when off, the variables still missing. */
export const einvoicingStateSchema = z.object({
  enabled: z.boolean(),
  environment: z.enum(['sandbox', 'production']),
  missing: z.array(z.string()),
  portalUrl: z.string().nullable(),
});
export type EinvoicingState = z.infer<typeof einvoicingStateSchema>;

/** GET /api/business/einvoices. */
export const listEinvoicesQuerySchema = z.object({
  ...pageQueryShape(20),
  status: einvoiceStatusSchema.optional(),
  kind: einvoiceDocumentKindSchema.optional(),
  /** Issue dates from and to (both included). */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** Only documents with no LHDN status 15 minutes after queueing. */
  stale: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type ListEinvoicesQuery = z.infer<typeof listEinvoicesQuerySchema>;

export const einvoiceCountsSchema = z.object({
  ...(Object.fromEntries(einvoiceStatuses.map((s) => [s, z.number().int()])) as Record<
    EinvoiceStatus,
    z.ZodNumber
  >),
  stale: z.number().int(),
});
export type EinvoiceCounts = z.infer<typeof einvoiceCountsSchema>;

export const listEinvoicesResponseSchema = successResponse({
  einvoicing: einvoicingStateSchema,
  counts: einvoiceCountsSchema,
  documents: z.array(einvoiceDocumentSchema),
  pagination: paginationSchema,
});
export type ListEinvoicesResponse = z.infer<typeof listEinvoicesResponseSchema>;

export const einvoiceDocumentParamsSchema = z.object({ documentId: idSchema });

/** GET /api/business/einvoices/{documentId}: the status, errors and the UBL JSON as submitted. */
export const einvoiceDetailResponseSchema = successResponse({
  einvoicing: einvoicingStateSchema,
  document: einvoiceDocumentSchema,
  /** The signed UBL 2.1 JSON document exactly as submitted; null before it is built. */
  submittedJson: z.string().nullable(),
});
export type EinvoiceDetailResponse = z.infer<typeof einvoiceDetailResponseSchema>;

export const einvoiceActionResponseSchema = successResponse({
  message: z.string(),
  document: einvoiceDocumentSchema,
});
export type EinvoiceActionResponse = z.infer<typeof einvoiceActionResponseSchema>;

/** POST /api/business/einvoices/{documentId}/cancel (SDK: reason up to 300 characters). */
export const cancelEinvoiceBodySchema = z.object({
  reason: z
    .string({ error: einvoiceMessages.reasonRequired })
    .trim()
    .min(1, einvoiceMessages.reasonRequired)
    .max(300, einvoiceMessages.reasonTooLong),
});
export type CancelEinvoiceBody = z.infer<typeof cancelEinvoiceBodySchema>;
