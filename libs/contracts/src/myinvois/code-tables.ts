import classificationRows from './data/classification-codes.json';
import countryRows from './data/country-codes.json';
import msicRows from './data/msic-codes.json';
import stateRows from './data/state-codes.json';
import taxTypeRows from './data/tax-type-codes.json';
import unitRows from './data/unit-codes.json';

/**
 * The MyInvois code tables (sdk.myinvois.hasil.gov.my/codes/). The data files under ./data
 * are the SDK's published tables as mirrored by the MIT-licensed klsheng/myinvois-php-sdk
 * (src/Ubl/Constant, January 2026), converted to [code, description] rows; see
 * docs/einvoicing-documents.md for the departures.
 */
export interface MyInvoisCode {
  code: string;
  description: string;
}

const toCodes = (rows: string[][]): readonly MyInvoisCode[] =>
  rows.map(([code, description]) => ({ code: code ?? '', description: description ?? '' }));

/** Tax types (01 sales tax … 06 not applicable, E exemption). */
export const myInvoisTaxTypes = toCodes(taxTypeRows);
/** Classification codes of a line (001 … 045; 022 Others). */
export const myInvoisClassificationCodes = toCodes(classificationRows);
/** Unit types (UN/ECE recommendation 20, with the packaging codes of recommendation 21). */
export const myInvoisUnitCodes = toCodes(unitRows);
/** ISO 3166-1 alpha-3 country codes. */
export const myInvoisCountryCodes = toCodes(countryRows);
/** Malaysian state codes (01 Johor … 16 Putrajaya, 17 not applicable). */
export const myInvoisStateCodes = toCodes(stateRows);

/** An MSIC 2008 code with its section letter (A … U; empty for 00000 "not applicable"). */
export interface MsicCode extends MyInvoisCode {
  section: string;
}
/** Every MSIC 2008 sub-category code the SDK lists (MSICSubCategoryCodes). */
export const myInvoisMsicCodes: readonly MsicCode[] = msicRows.map(
  ([code, description, section]) => ({
    code: code ?? '',
    description: description ?? '',
    section: section ?? '',
  }),
);

/** The MSIC 2008 sections the sub-category codes belong to. */
export const msicSections: Readonly<Record<string, string>> = {
  A: 'Agriculture, forestry and fishing',
  B: 'Mining and quarrying',
  C: 'Manufacturing',
  D: 'Electricity, gas, steam and air conditioning supply',
  E: 'Water supply; sewerage, waste management and remediation activities',
  F: 'Construction',
  G: 'Wholesale and retail trade; repair of motor vehicles and motorcycles',
  H: 'Transportation and storage',
  I: 'Accommodation and food service activities',
  J: 'Information and communication',
  K: 'Financial and insurance/takaful activities',
  L: 'Real estate activities',
  M: 'Professional, scientific and technical activities',
  N: 'Administrative and support service activities',
  O: 'Public administration and defence; compulsory social security',
  P: 'Education',
  Q: 'Human health and social work activities',
  R: 'Arts, entertainment and recreation',
  S: 'Other service activities',
  T: 'Activities of households as employers',
  U: 'Activities of extraterritorial organisations and bodies',
};

/** The names of the code tables, for messages and lookups. */
export type MyInvoisCodeTable =
  'taxType' | 'classification' | 'unit' | 'country' | 'state' | 'msic';

const tables: Record<MyInvoisCodeTable, readonly MyInvoisCode[]> = {
  taxType: myInvoisTaxTypes,
  classification: myInvoisClassificationCodes,
  unit: myInvoisUnitCodes,
  country: myInvoisCountryCodes,
  state: myInvoisStateCodes,
  msic: myInvoisMsicCodes,
};

const indexes = new Map<MyInvoisCodeTable, Map<string, MyInvoisCode>>();
function indexOf(table: MyInvoisCodeTable): Map<string, MyInvoisCode> {
  let index = indexes.get(table);
  if (!index) {
    index = new Map(tables[table].map((row) => [row.code, row]));
    indexes.set(table, index);
  }
  return index;
}

/** The row of `code` in a table, or undefined when the table has no such code. */
export function findMyInvoisCode(table: MyInvoisCodeTable, code: string): MyInvoisCode | undefined {
  return indexOf(table).get(code);
}

/** True when `code` is in the table (exact match, codes are case-sensitive as the SDK lists them). */
export function isMyInvoisCode(table: MyInvoisCodeTable, code: string): boolean {
  return indexOf(table).has(code);
}

/** The rows of a table, for pickers. */
export function myInvoisCodeRows(table: MyInvoisCodeTable): readonly MyInvoisCode[] {
  return tables[table];
}
