import type { MyInvoisIdType } from './document-types';

/**
 * Identifier formats the MyInvois validator enforces, worded for forms. A TIN is a prefix (IG for
 * individuals, C for companies, and the other LHDN file types) followed by digits; the general
 * TINs (EI00000000010 …) fit the same shape.
 */
export const tinPattern = /^(IG|C|CS|D|E|EI|F|FA|PT|TA|TC|TN|TR|TP|J|LE|G)\d{8,12}$/;
/** The new 12-digit SSM registration number: year (4), entity type (2), sequence (6). */
export const brnPattern = /^(19|20)\d{2}(0[1-6])\d{6}$/;
/** MyKad / MyKas number: 12 digits, no hyphens. */
export const nricPattern = /^\d{12}$/;
/** Passport or MyPR number: letters and digits, up to 12. */
export const passportPattern = /^[A-Z0-9]{1,12}$/;
/** MyTentera number: letters and digits, up to 12. */
export const armyPattern = /^[A-Z0-9]{1,12}$/;
/** An SST registration number, or up to two joined by a semicolon, as the SDK allows. */
export const myInvoisSstPattern = /^[A-Z]\d{2}-\d{4}-\d{8}(;[A-Z]\d{2}-\d{4}-\d{8})?$/;
/** Tourism tax registration number (Royal Malaysian Customs): 3, 4 and 8 characters. */
export const tourismTaxPattern = /^[A-Z0-9]{3}-\d{4}-\d{8}$/;
/** Malaysian postcode: 5 digits. */
export const malaysianPostcodePattern = /^\d{5}$/;

export const eInvoiceFieldMessages = {
  tin: 'TIN must be a prefix such as C or IG followed by digits, e.g. C20880050010',
  brn: 'BRN must be the new 12-digit SSM number, e.g. 201901234567',
  nric: 'MyKad number must be 12 digits without hyphens',
  passport: 'Passport number may contain only letters and digits (up to 12)',
  army: 'MyTentera number may contain only letters and digits (up to 12)',
  sst: 'SST registration number must look like W10-1808-31012345 (two may be joined with ;)',
  tourismTax: 'Tourism tax number must look like 141-1800-00000001',
  msic: 'Choose an MSIC code from the list',
  businessActivity: 'Business activity description is required with an MSIC code',
  classification: 'Choose a classification code from the list',
  taxType: 'Choose an e-invoice tax type from the list',
  unit: 'Choose a unit of measure from the list',
  state: 'Choose a state from the list',
  country: 'Choose a country from the list',
  postcode: 'Postcode must be 5 digits',
  idTypeNeedsValue: 'Enter the ID number for the chosen ID type',
  idValueNeedsType: 'Choose the ID type of this number',
} as const;

const idPatterns: Record<MyInvoisIdType, RegExp> = {
  BRN: brnPattern,
  NRIC: nricPattern,
  PASSPORT: passportPattern,
  ARMY: armyPattern,
};
const idMessages: Record<MyInvoisIdType, string> = {
  BRN: eInvoiceFieldMessages.brn,
  NRIC: eInvoiceFieldMessages.nric,
  PASSPORT: eInvoiceFieldMessages.passport,
  ARMY: eInvoiceFieldMessages.army,
};

/** The message for an ID value that does not fit its type, or null when it fits. */
export function idValueProblem(idType: MyInvoisIdType, idValue: string): string | null {
  return idPatterns[idType].test(idValue) ? null : idMessages[idType];
}
