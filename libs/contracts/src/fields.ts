import { z } from 'zod';

/**
 * Building blocks shared by the domain schemas. Every required text field trims first, so a
 * missing, empty or whitespace-only value gives the same "required" message.
 */

/** A required, trimmed string: missing, empty and blank input all give `message`. */
export function requiredString(message: string, maxLength?: { max: number; label: string }) {
  const base = z.string({ error: message }).trim().min(1, { error: message, abort: true });
  return maxLength
    ? base.max(maxLength.max, `${maxLength.label} must be ${maxLength.max} characters or less`)
    : base;
}

/** A trimmed free-text field that may be empty, with a length limit. */
export function trimmedText(label: string, max = 200) {
  return z.string().trim().max(max, `${label} must be ${max} characters or less`);
}

/** The "simple pattern" email check of spec 2 section 5 (something@something.something). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailMessages = {
  required: 'Email is required',
  invalid: 'Please enter a valid email address',
} as const;

/** A required email address, trimmed and lowercased. */
export function emailField(requiredMessage: string = emailMessages.required) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage, abort: true })
    .toLowerCase()
    .max(254, 'Email must be 254 characters or less')
    .regex(emailPattern, { error: emailMessages.invalid });
}

/** Row ids are UUID strings. */
export const idSchema = z.uuid();

/** A required reference to another row (a picked client, product...): `message` when missing or malformed. */
export function requiredId(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .pipe(z.uuid({ error: message }));
}

/** Timestamps travel as ISO 8601 strings. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Calendar dates (no time of day), e.g. a payment date from a date input: YYYY-MM-DD. */
export const isoDateSchema = z.iso.date();

/** Money is a JSON number with at most 2 decimals (numeric(14,2) in the database). */
export const moneySchema = z.number().multipleOf(0.01);

/** The largest amount a money column (numeric(14,2)) holds. */
export const moneyMaximum = 999_999_999_999.99;
const moneyMaximumText = '999,999,999,999.99';

/**
 * A money amount a request sends (a price, a payment, a credit): at most what the column holds
 * and at most 2 decimals, each refusal naming the field (`label`, e.g. 'Unit price'). `error` is the
 * message for a missing or non-numeric value. Chain `.min()`/`.positive()` for the field's own floor.
 */
export function moneyInputSchema(label: string, options: { error?: string } = {}) {
  return (
    z
      .number(options.error === undefined ? undefined : { error: options.error })
      // First, so the message names the maximum for an amount too large to have exact cents.
      .max(moneyMaximum, `${label} must be at most ${moneyMaximumText}`)
      .multipleOf(0.01, `${label} can have at most 2 decimals`)
  );
}

/** Sort direction shared by every sortable list. */
export const sortOrders = ['asc', 'desc'] as const;
export const sortOrderSchema = z.enum(sortOrders);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** Wraps the fields of a success response: `{ success: true, ...fields }`. */
export function successResponse<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ success: z.literal(true), ...shape });
}

/** A success answer that carries only a human message (delete, logout, reset...). */
export const messageResponseSchema = successResponse({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Path parameters of a call on one row by its id: /api/.../{id}. */
export const idParamsSchema = z.object({ id: idSchema });
