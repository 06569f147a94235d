import { z } from 'zod';
import { idSchema, isoDateTimeSchema, successResponse } from './fields';
import { validityDaysRange } from './limits';
import { licenceTypeSchema } from './licences';

// Licences sold through billing (issue 25): what a licence product sells, what a licence line of
// a quotation or invoice does, and the keys an invoice issued or extended once paid.

/** What a line of a licence product does: new keys (quantity = keys) or a renewal of chosen keys. */
export const licenceActions = ['new_keys', 'renewal'] as const;
export const licenceActionSchema = z.enum(licenceActions);
export type LicenceAction = z.infer<typeof licenceActionSchema>;

/** What validating the completing payment did to a key: issued it or extended it. */
export const licenceIssuanceActions = ['issued', 'extended'] as const;
export type LicenceIssuanceAction = (typeof licenceIssuanceActions)[number];

export const licenceBillingMessages = {
  licenceTypeRequired: 'Choose the licence type this licence product sells',
  validityDays: `Validity must be a whole number of days from ${validityDaysRange.min} to ${validityDaysRange.max}`,
  notLicenceProduct: 'Only a product of category licence has a licence type and validity',
  licenceActionRefused: 'New keys and Renewal of apply only to lines of a licence product',
  renewalKeysRequired: 'Choose the keys this line renews',
  renewalKeysNotRenewal: 'Only a Renewal of line names keys',
  renewalQuantity: 'The quantity of a renewal line is the number of keys it names',
  renewalKeysUnknown: "A renewed key is not one of this client's keys",
  renewalKeysDuplicate: 'A key is named twice on this line',
  issuanceNotFound: 'This invoice did not issue or extend that key',
  alreadyRevoked: 'This key was already revoked',
  nothingToRevoke: 'There is nothing left to revoke on this invoice',
  revoked: (count: number) => `${count} ${count === 1 ? 'key' : 'keys'} revoked`,
} as const;

/** "New keys" or "Renewal of", as the forms, documents and PDFs name a licence line. */
export const licenceActionLabels: Record<LicenceAction, string> = {
  new_keys: 'New keys',
  renewal: 'Renewal of',
};

/** A licence product's type and validity, on the product and in its form. */
export const productLicenceShape = {
  licenceType: licenceTypeSchema.nullable(),
  validityDays: z
    .number({ error: licenceBillingMessages.validityDays })
    .int({ error: licenceBillingMessages.validityDays })
    .min(validityDaysRange.min, { error: licenceBillingMessages.validityDays })
    .max(validityDaysRange.max, { error: licenceBillingMessages.validityDays })
    .nullable(),
};

/**
 * Checks a product's licence fields against its category: required for `licence`, refused for the
 * others. Fields left undefined (a partial update) are not judged here; the server judges the merge.
 */
export function licenceProductIssues(body: {
  category?: string;
  licenceType?: string | null;
  validityDays?: number | null;
}): { path: 'licenceType' | 'validityDays'; message: string }[] {
  if (body.category === undefined) return [];
  const issues: { path: 'licenceType' | 'validityDays'; message: string }[] = [];
  if (body.category === 'licence') {
    if (body.licenceType == null) {
      issues.push({ path: 'licenceType', message: licenceBillingMessages.licenceTypeRequired });
    }
    if (body.validityDays == null) {
      issues.push({ path: 'validityDays', message: licenceBillingMessages.validityDays });
    }
    return issues;
  }
  if (body.licenceType != null) {
    issues.push({ path: 'licenceType', message: licenceBillingMessages.notLicenceProduct });
  }
  if (body.validityDays != null) {
    issues.push({ path: 'validityDays', message: licenceBillingMessages.notLicenceProduct });
  }
  return issues;
}

/** The licence fields of a quotation or invoice line (null on lines of other products). */
export const lineLicenceShape = {
  licenceAction: licenceActionSchema.nullable(),
  /** The renewed keys' row ids, on a renewal line; empty otherwise. */
  renewalLicenceIds: z.array(idSchema),
};

/** The licence fields as the quotation form sends them. */
export const lineLicenceInputShape = {
  licenceAction: licenceActionSchema.nullable().optional(),
  renewalLicenceIds: z.array(idSchema).max(1000).optional(),
};

/** The shape rules of a line's licence fields that need no database (the server checks the rest). */
export function lineLicenceIssues(line: {
  quantity: number;
  licenceAction?: LicenceAction | null;
  renewalLicenceIds?: readonly string[];
}): { path: 'renewalLicenceIds' | 'quantity'; message: string }[] {
  const ids = line.renewalLicenceIds ?? [];
  if (line.licenceAction !== 'renewal') {
    return ids.length > 0
      ? [{ path: 'renewalLicenceIds', message: licenceBillingMessages.renewalKeysNotRenewal }]
      : [];
  }
  if (ids.length === 0) {
    return [{ path: 'renewalLicenceIds', message: licenceBillingMessages.renewalKeysRequired }];
  }
  if (new Set(ids).size !== ids.length) {
    return [{ path: 'renewalLicenceIds', message: licenceBillingMessages.renewalKeysDuplicate }];
  }
  if (line.quantity !== ids.length) {
    return [{ path: 'quantity', message: licenceBillingMessages.renewalQuantity }];
  }
  return [];
}

/** A key an invoice issued or extended (GET /api/business/invoices/{id}/licences). */
export const invoiceLicenceSchema = z.object({
  id: idSchema,
  invoiceLineId: idSchema,
  /** Null once the key was deleted. */
  licenceId: idSchema.nullable(),
  licenceKey: z.string(),
  action: z.enum(licenceIssuanceActions),
  validUntilBefore: isoDateTimeSchema.nullable(),
  validUntilAfter: isoDateTimeSchema.nullable(),
  issuedAt: isoDateTimeSchema,
  revokedAt: isoDateTimeSchema.nullable(),
  /** Who revoked it: full name, else username. */
  revokedBy: z.string().nullable(),
});
export type InvoiceLicence = z.infer<typeof invoiceLicenceSchema>;

export const invoiceLicencesResponseSchema = successResponse({
  licences: z.array(invoiceLicenceSchema),
  /** True when the invoice was reverted or credited in full: its keys are listed to revoke. */
  revocable: z.boolean(),
});
export type InvoiceLicencesResponse = z.infer<typeof invoiceLicencesResponseSchema>;

/** POST /api/business/invoices/{id}/licences/revoke: the issuances to revoke; omitted for all. */
export const revokeInvoiceLicencesBodySchema = z.object({
  issuanceIds: z.array(idSchema).min(1).max(1000).optional(),
});
export type RevokeInvoiceLicencesBody = z.infer<typeof revokeInvoiceLicencesBodySchema>;

export const revokeInvoiceLicencesResponseSchema = successResponse({
  message: z.string(),
  licences: z.array(invoiceLicenceSchema),
  revocable: z.boolean(),
});
export type RevokeInvoiceLicencesResponse = z.infer<typeof revokeInvoiceLicencesResponseSchema>;

/** "New keys: 5" or "Renewal of 3 keys": a licence line in words (console and PDFs alike). */
export function licenceLineText(line: {
  licenceAction: LicenceAction | null;
  renewalLicenceIds: readonly string[];
  quantity: number;
}): string {
  if (!line.licenceAction) return '';
  if (line.licenceAction === 'new_keys') {
    return `${licenceActionLabels.new_keys}: ${line.quantity}`;
  }
  const count = line.renewalLicenceIds.length;
  return `${licenceActionLabels.renewal} ${count} ${count === 1 ? 'key' : 'keys'}`;
}
