/**
 * The UBL 2.1 JSON shape MyInvois uses: every element is an array of objects, a leaf carries
 * its text or number in `_` and its attributes beside it (sdk.myinvois.hasil.gov.my/documents/).
 */
export type UblJson = string | number | boolean | UblJson[] | { [key: string]: UblJson };
export type UblElement = { [key: string]: UblJson };

/** A whole document: the namespaces and one Invoice (MyInvois uses Invoice for every type). */
export interface UblDocument {
  _D: string;
  _A: string;
  _B: string;
  Invoice: [UblElement];
}

export const ublNamespaces = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  aggregate: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  basic: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

/** A leaf: `[{ _: value, ...attributes }]`. */
export function leaf(
  value: string | number | boolean,
  attributes: Record<string, string> = {},
): UblJson[] {
  return [{ _: value, ...attributes }];
}

/** An amount in sen written as ringgit with its currency, e.g. 12345 → 123.45 MYR. */
export function amount(sen: number, currency = 'MYR'): UblJson[] {
  return leaf(Math.round(sen) / 100, { currencyID: currency });
}

/** A single aggregate element: `[{ ...children }]`. */
export function one(children: UblElement): UblJson[] {
  return [children];
}
