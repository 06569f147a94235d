import { z } from 'zod';
import { isMyInvoisCode, type MyInvoisCodeTable } from './code-sets';
import { myInvoisIdTypes } from './document-types';
import {
  brnPattern,
  eInvoiceFieldMessages,
  idValueProblem,
  malaysianPostcodePattern,
  myInvoisSstPattern,
  tinPattern,
  tourismTaxPattern,
} from './identifiers';

/**
 * The e-invoice fields of company settings, clients and products. Every field may stay empty
 * until e-invoicing is used (the pre-check then names what is missing); a filled field must have
 * the SDK's format or be a code of the SDK's tables.
 */

/** Trimmed, upper-cased text that is empty or matches `pattern`. */
function optionalFormatted(pattern: RegExp, message: string, max = 30) {
  return z
    .string()
    .trim()
    .toUpperCase()
    .max(max, message)
    .refine((value) => value === '' || pattern.test(value), message)
    .default('');
}

/** Empty, or a code of one of the SDK's tables. */
export function optionalMyInvoisCode(table: MyInvoisCodeTable, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isMyInvoisCode(table, value), message)
    .default('');
}

const tinField = () => optionalFormatted(tinPattern, eInvoiceFieldMessages.tin, 14);

/**
 * The e-invoice address of a party (supplier or buyer), one definition for both: street lines,
 * city, postcode, and the state and country as codes of the SDK's tables. A Malaysian postcode
 * has five digits.
 */
const eInvoiceAddressShape = {
  /** Street lines, one a line (at most three are sent). */
  street: z.string().trim().max(450).default(''),
  city: z.string().trim().max(50).default(''),
  postcode: z.string().trim().max(10).default(''),
  stateCode: optionalMyInvoisCode('state', eInvoiceFieldMessages.state),
  countryCode: optionalMyInvoisCode('country', eInvoiceFieldMessages.country).default('MYS'),
};

/** The postcode rule of an address: five digits in Malaysia. */
function checkAddress(
  value: { postcode?: string; countryCode: string },
  context: z.RefinementCtx,
): void {
  if (
    value.postcode &&
    value.countryCode === 'MYS' &&
    !malaysianPostcodePattern.test(value.postcode)
  ) {
    context.addIssue({
      code: 'custom',
      path: ['postcode'],
      message: eInvoiceFieldMessages.postcode,
    });
  }
}

export const eInvoiceAddressSchema = z.object(eInvoiceAddressShape).superRefine(checkAddress);
export type EInvoiceAddress = z.infer<typeof eInvoiceAddressSchema>;

/**
 * Company settings, group `eInvoiceSupplier`: the supplier's identity on every e-invoice. The SST
 * registration number is the one in `taxSettings`; the address is the company address with the
 * state and country as codes.
 */
export const eInvoiceSupplierSettingsSchema = z
  .object({
    tin: tinField(),
    /** The new 12-digit SSM registration number. */
    brn: optionalFormatted(brnPattern, eInvoiceFieldMessages.brn, 12),
    /** Tourism tax registration number; empty when not registered (written "NA"). */
    tourismTaxNumber: optionalFormatted(tourismTaxPattern, eInvoiceFieldMessages.tourismTax, 17),
    /** 5-digit MSIC 2008 code of the supplier's main activity. */
    msicCode: optionalMyInvoisCode('msic', eInvoiceFieldMessages.msic),
    /** The activity as the MSIC table words it, or the supplier's own words. */
    businessActivityDescription: z.string().trim().max(300).default(''),
    // Street, city and postcode are the company address's; the codes are the address schema's.
    stateCode: eInvoiceAddressShape.stateCode,
    countryCode: eInvoiceAddressShape.countryCode,
  })
  .superRefine((value, context) => {
    if (value.msicCode !== '' && value.businessActivityDescription === '') {
      context.addIssue({
        code: 'custom',
        path: ['businessActivityDescription'],
        message: eInvoiceFieldMessages.businessActivity,
      });
    }
  });
export type EInvoiceSupplierSettings = z.infer<typeof eInvoiceSupplierSettingsSchema>;

export const defaultEInvoiceSupplierSettings: EInvoiceSupplierSettings = {
  tin: '',
  brn: '',
  tourismTaxNumber: '',
  msicCode: '',
  businessActivityDescription: '',
  stateCode: '',
  countryCode: 'MYS',
};

/** A client's buyer details on e-invoices (columns einvoice_* on clients, migration 0026). */
export const clientEInvoiceSchema = z
  .object({
    tin: tinField(),
    /** The second identification the SDK asks beside the TIN; empty when not given. */
    idType: z.union([z.enum(myInvoisIdTypes), z.literal('')]).default(''),
    idValue: z.string().trim().toUpperCase().max(20).default(''),
    sstNumber: optionalFormatted(myInvoisSstPattern, eInvoiceFieldMessages.sst, 35),
    ...eInvoiceAddressShape,
  })
  .superRefine((value, context) => {
    if (value.idType !== '' && value.idValue === '') {
      context.addIssue({
        code: 'custom',
        path: ['idValue'],
        message: eInvoiceFieldMessages.idTypeNeedsValue,
      });
    } else if (value.idType === '' && value.idValue !== '') {
      context.addIssue({
        code: 'custom',
        path: ['idType'],
        message: eInvoiceFieldMessages.idValueNeedsType,
      });
    } else if (value.idType !== '') {
      const problem = idValueProblem(value.idType, value.idValue);
      if (problem) context.addIssue({ code: 'custom', path: ['idValue'], message: problem });
    }
    checkAddress(value, context);
  });
export type ClientEInvoice = z.infer<typeof clientEInvoiceSchema>;

export const emptyClientEInvoice: ClientEInvoice = {
  tin: '',
  idType: '',
  idValue: '',
  sstNumber: '',
  street: '',
  city: '',
  postcode: '',
  stateCode: '',
  countryCode: 'MYS',
};

/** A product's e-invoice codes (columns einvoice_* on products, migration 0026). */
export const productEInvoiceSchema = z.object({
  /** Classification code 001–045; empty reads as 022 "Others". */
  classificationCode: optionalMyInvoisCode('classification', eInvoiceFieldMessages.classification),
  /** Tax type code 01–06 or E; empty follows the product's tax type (see eInvoiceTaxTypeFor). */
  taxTypeCode: optionalMyInvoisCode('taxType', eInvoiceFieldMessages.taxType),
  /** Unit type code (UN/ECE rec. 20); empty follows the product's unit (see eInvoiceUnitFor). */
  unitCode: optionalMyInvoisCode('unit', eInvoiceFieldMessages.unit),
});
export type ProductEInvoice = z.infer<typeof productEInvoiceSchema>;

export const emptyProductEInvoice: ProductEInvoice = {
  classificationCode: '',
  taxTypeCode: '',
  unitCode: '',
};

/** The classification used when a product names none. */
export const defaultClassificationCode = '022';

/** The e-invoice tax type of our three tax types, when a product names none. */
export function eInvoiceTaxTypeFor(taxType: 'SALES_TAX' | 'SERVICE_TAX' | 'EXEMPT'): string {
  return { SALES_TAX: '01', SERVICE_TAX: '02', EXEMPT: 'E' }[taxType];
}

/** The unit type code of our selling units, when a product names none. */
export function eInvoiceUnitFor(unit: string): string {
  const codes: Record<string, string> = {
    piece: 'H87',
    license: 'C62',
    hour: 'HUR',
    month: 'MON',
    year: 'ANN',
    service: 'E48',
  };
  return codes[unit] ?? 'C62';
}

/** Whether a buyer's TIN check makes sense: a TIN, an ID type and a value, all well formed. */
export function canValidateTin(
  eInvoice: Pick<ClientEInvoice, 'tin' | 'idType' | 'idValue'>,
): boolean {
  return (
    tinPattern.test(eInvoice.tin) &&
    eInvoice.idType !== '' &&
    idValueProblem(eInvoice.idType, eInvoice.idValue) === null
  );
}
