import { z } from 'zod';
import { defaultTagline } from './app-info';
import {
  emailMessages,
  emailPattern,
  messageResponseSchema,
  successResponse,
  trimmedText,
} from './fields';
import {
  logoMaxBytes,
  numberingLimits,
  salesTaxPercentageDefault,
  sstPercentageRange,
} from './limits';
import {
  defaultEInvoiceSupplierSettings,
  eInvoiceSupplierSettingsSchema,
} from './myinvois/einvoice-fields';
import { defaultLicenceRenewalSettings, licenceRenewalSettingsSchema } from './renewals';
import { sstRegistrationNumberPattern, taxTypeSchema } from './tax';
import { defaultTimeSettings, timeSettingsSchema } from './time-zone';

/** The kinds of numbered documents (spec 2 section 3, with credit, debit and refund notes). */
export const documentKinds = [
  'product',
  'quotation',
  'invoice',
  'receipt',
  'creditNote',
  'debitNote',
  'refundNote',
] as const;
export const documentKindSchema = z.enum(documentKinds);
export type DocumentKind = z.infer<typeof documentKindSchema>;

/** Settings input messages; the spec states the rules, these word them. */
export const settingsMessages = {
  prefixRequired: 'Prefix is required',
  prefixTooLong: `Prefix must be ${numberingLimits.prefixMaxLength} characters or less`,
  seriesRequired: 'Series is required',
  seriesTooLong: `Series must be ${numberingLimits.seriesMaxLength} characters or less`,
  lettersAndDigitsOnly: 'Use only letters and digits',
  startNumber: 'Start number must be at least 1',
  padLength: `Pad length must be between ${numberingLimits.padLength.min} and ${numberingLimits.padLength.max}`,
  phone: 'Phone number may contain only digits, +, spaces and hyphens',
  postalCode: 'Postal code may contain only digits and spaces',
  taglineColor: 'Tagline colour must be a hex colour such as #6B7280',
  sstPercentage: 'SST percentage must be between 0 and 100',
  sstPercentageStep: 'SST percentage can have at most one decimal (steps of 0.1)',
  salesTaxPercentage: 'Sales tax percentage must be between 0 and 100',
  salesTaxPercentageStep: 'Sales tax percentage can have at most one decimal (steps of 0.1)',
  sstRegistrationNumber:
    'SST registration number must look like W10-1808-31012345 (a letter and 2 digits, 4 digits, 8 digits)',
  logoType: 'Please select an image file',
  logoSize: 'File size must be less than 5MB',
  logoUnreadable: (detail: string) => `Please select an image file: this one ${detail}.`,
  logoTooManyPixels: (width: number, height: number, maxSide: number) =>
    `The image is ${width} × ${height} pixels; a logo may be at most ${maxSide} pixels a side.`,
} as const;

/** Numbering of one document kind; the preview joins the parts with hyphens. */
export const numberingSettingsSchema = z.object({
  prefix: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, settingsMessages.prefixRequired)
    .max(numberingLimits.prefixMaxLength, settingsMessages.prefixTooLong)
    .regex(/^[A-Z0-9]*$/, settingsMessages.lettersAndDigitsOnly),
  series: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, settingsMessages.seriesRequired)
    .max(numberingLimits.seriesMaxLength, settingsMessages.seriesTooLong)
    .regex(/^[A-Z0-9]*$/, settingsMessages.lettersAndDigitsOnly),
  startNumber: z.number().int().min(numberingLimits.startNumberMin, settingsMessages.startNumber),
  padLength: z
    .number()
    .int()
    .min(numberingLimits.padLength.min, settingsMessages.padLength)
    .max(numberingLimits.padLength.max, settingsMessages.padLength),
  /** Adds the financial year (e.g. 2025/26) after the series. */
  useFinancialYear: z.boolean(),
  /** Adds the current calendar year after the series. */
  useCurrentYear: z.boolean(),
  /** Restarts the sequence at startNumber every year. */
  resetAnnually: z.boolean(),
});
export type NumberingSettings = z.infer<typeof numberingSettingsSchema>;

/** Company settings (spec 2 section 3), without the logo, which has its own calls. */
export const companySettingsSchema = z.object({
  companyName: trimmedText('Company name'),
  address: z.object({
    street: trimmedText('Street', 300),
    city: trimmedText('City', 100),
    state: trimmedText('State', 100),
    postalCode: trimmedText('Postal code', 20).regex(/^[\d ]*$/, settingsMessages.postalCode),
    country: trimmedText('Country', 100),
  }),
  phone: trimmedText('Phone', 30).regex(/^[\d+\s-]*$/, settingsMessages.phone),
  /** Empty, or a valid address. */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => value === '' || emailPattern.test(value), emailMessages.invalid),
  website: trimmedText('Website', 200),
  taxNumber: trimmedText('Tax number', 50),
  registrationNumber: trimmedText('Registration number', 50).toUpperCase(),
  /** Footer text; {companyName} and {registrationNumber} are replaced from these settings. */
  tagline: trimmedText('Tagline', 500),
  /** #RRGGBB, or empty for the default colour. */
  taglineColor: z
    .string()
    .trim()
    .regex(/^(#[0-9A-Fa-f]{6})?$/, settingsMessages.taglineColor),
  bankDetails: z.object({
    bankName: trimmedText('Bank name', 100),
    accountNumber: trimmedText('Account number', 50),
    accountName: trimmedText('Account name', 100),
  }),
  taxSettings: z.object({
    /** The SST service tax rate in percent, e.g. 8 for 8%; a service line's rate is this / 100. */
    sstPercentage: z
      .number()
      .min(sstPercentageRange.min, settingsMessages.sstPercentage)
      .max(sstPercentageRange.max, settingsMessages.sstPercentage)
      .multipleOf(sstPercentageRange.step, settingsMessages.sstPercentageStep),
    /** The SST sales tax rate in percent (10 by default); a sales line's rate is this / 100. */
    salesTaxPercentage: z
      .number()
      .min(sstPercentageRange.min, settingsMessages.salesTaxPercentage)
      .max(sstPercentageRange.max, settingsMessages.salesTaxPercentage)
      .multipleOf(sstPercentageRange.step, settingsMessages.salesTaxPercentageStep)
      .default(salesTaxPercentageDefault),
    /** The tax type of a line whose product does not decide it (a typed line). */
    defaultTaxType: taxTypeSchema,
    /** The supplier's SST registration number, printed on documents; empty when not registered. */
    sstRegistrationNumber: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (value) => value === '' || sstRegistrationNumberPattern.test(value),
        settingsMessages.sstRegistrationNumber,
      )
      .default(''),
  }),
  numberingSettings: z.object({
    product: numberingSettingsSchema,
    quotation: numberingSettingsSchema,
    invoice: numberingSettingsSchema,
    receipt: numberingSettingsSchema,
    creditNote: numberingSettingsSchema,
    debitNote: numberingSettingsSchema,
    refundNote: numberingSettingsSchema,
  }),
  paymentSettings: z.object({
    /**
     * The two-person rule: a payment is validated by someone other than its recorder. A
     * one-person business switches it off.
     */
    requireSeparateValidator: z.boolean(),
  }),
  /**
   * MyInvois e-invoicing: the supplier's TIN, BRN, tourism tax number, MSIC code and address codes
   * (issue 24). Optional in a request so bodies written before it still save.
   */
  eInvoiceSupplier: eInvoiceSupplierSettingsSchema.default(defaultEInvoiceSupplierSettings),
  /** The company time zone (IANA); a body without it keeps Asia/Kuala_Lumpur. */
  timeSettings: timeSettingsSchema.default(defaultTimeSettings),
  /** Licence renewals, payment reminders and overdue keys (docs/licence-renewals.md). */
  licenceRenewals: licenceRenewalSettingsSchema.default(defaultLicenceRenewalSettings),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** PUT /api/settings: the whole settings object. */
export const updateCompanySettingsBodySchema = companySettingsSchema;
export type UpdateCompanySettingsBody = z.infer<typeof updateCompanySettingsBodySchema>;

const numbering = (prefix: string): NumberingSettings => ({
  prefix,
  series: 'MP',
  startNumber: numberingLimits.startNumberMin,
  padLength: numberingLimits.padLength.default,
  useFinancialYear: false,
  useCurrentYear: true,
  resetAnnually: true,
});

/** The server defaults, restored by POST /api/settings/reset. */
export const defaultCompanySettings: CompanySettings = {
  companyName: '',
  address: { street: '', city: '', state: '', postalCode: '', country: 'Malaysia' },
  phone: '',
  email: '',
  website: '',
  taxNumber: '',
  registrationNumber: '',
  tagline: defaultTagline,
  taglineColor: '#6B7280',
  bankDetails: { bankName: '', accountNumber: '', accountName: '' },
  taxSettings: {
    sstPercentage: sstPercentageRange.default,
    salesTaxPercentage: salesTaxPercentageDefault,
    defaultTaxType: 'SERVICE_TAX',
    sstRegistrationNumber: '',
  },
  numberingSettings: {
    product: numbering('PRD'),
    quotation: numbering('QUO'),
    invoice: numbering('INV'),
    receipt: numbering('RCP'),
    creditNote: numbering('CN'),
    debitNote: numbering('DN'),
    refundNote: numbering('RN'),
  },
  paymentSettings: { requireSeparateValidator: true },
  eInvoiceSupplier: defaultEInvoiceSupplierSettings,
  timeSettings: defaultTimeSettings,
  licenceRenewals: defaultLicenceRenewalSettings,
};

/** POST /api/settings/numbering/preview: the numbering the settings form is about to save. */
export const numberingPreviewBodySchema = z.object({
  numberingSettings: companySettingsSchema.shape.numberingSettings,
});
export type NumberingPreviewBody = z.infer<typeof numberingPreviewBodySchema>;

/** One kind's next number before and after a numbering change. */
export const numberingPreviewSchema = z.object({
  /** The next number under the saved settings. */
  current: z.string(),
  /** The next number under the proposed settings. */
  next: z.string(),
  /** True when the proposed settings start the visible sequence again (a lower sequence). */
  restarts: z.boolean(),
});
export type NumberingPreview = z.infer<typeof numberingPreviewSchema>;

export const numberingPreviewResponseSchema = successResponse({
  numbers: z.object({
    product: numberingPreviewSchema,
    quotation: numberingPreviewSchema,
    invoice: numberingPreviewSchema,
    receipt: numberingPreviewSchema,
  }),
});
export type NumberingPreviewResponse = z.infer<typeof numberingPreviewResponseSchema>;

/** The logo as the console shows it. */
export const companyLogoSchema = z.object({
  /** Where the browser loads the image from (served by the API). */
  url: z.string(),
});
export type CompanyLogo = z.infer<typeof companyLogoSchema>;

/** Settings as returned, with the logo when one is uploaded. */
export const companySettingsWithLogoSchema = companySettingsSchema.extend({
  logo: companyLogoSchema.nullable(),
});
export type CompanySettingsWithLogo = z.infer<typeof companySettingsWithLogoSchema>;

/** GET /api/settings, PUT /api/settings and POST /api/settings/reset. */
export const companySettingsResponseSchema = successResponse({
  message: z.string().optional(),
  settings: companySettingsWithLogoSchema,
});
export type CompanySettingsResponse = z.infer<typeof companySettingsResponseSchema>;

/** GET /api/settings/logo and POST /api/settings/logo. */
export const logoResponseSchema = successResponse({
  message: z.string().optional(),
  logo: companyLogoSchema.nullable(),
});
export type LogoResponse = z.infer<typeof logoResponseSchema>;

/** DELETE /api/settings/logo. */
export const deleteLogoResponseSchema = messageResponseSchema;

/** Image types accepted as a logo; SVG is left out because it can carry script. */
export const logoMimeTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The uploaded logo file (multipart field `logo`), checked by type and size. */
export const logoFileSchema = z.object({
  mimeType: z.enum(logoMimeTypes, { error: settingsMessages.logoType }),
  size: z
    .number()
    .int()
    .min(1, settingsMessages.logoType)
    .max(logoMaxBytes, settingsMessages.logoSize),
});
export type LogoFile = z.infer<typeof logoFileSchema>;
