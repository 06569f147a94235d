import type { EInvoiceKind, MyInvoisIdType } from '@patrol/contracts';

/**
 * Everything one MyInvois document is built from, gathered by the caller from the invoice or note,
 * the company settings (supplier), the client (buyer) and the products (lines). Pure data: the
 * builder, the signer and the pre-check read nothing else. Money is integer sen, as everywhere
 * in this codebase; the builder writes ringgit with two decimals.
 */
export interface EInvoiceSource {
  kind: EInvoiceKind;
  /** Our document number (INV-…, CN-…), the document's ID; MyInvois rejects a repeat within 72 h. */
  number: string;
  /** UTC issue date YYYY-MM-DD; MyInvois accepts it only within 72 hours before submission. */
  issueDate: string;
  /** UTC issue time HH:MM:SS (written with a trailing Z). */
  issueTime: string;
  /** ISO 4217; only MYR is issued here. */
  currency: 'MYR';
  supplier: EInvoiceSupplier;
  buyer: EInvoiceParty;
  lines: EInvoiceLine[];
  totals: EInvoiceTotals;
  /** Credit, debit and refund notes: the document they adjust (its MyInvois UUID and our number). */
  originalDocument?: EInvoiceOriginalReference;
  /** Optional billing period (InvoicePeriod), e.g. a licence term. */
  period?: { startDate: string; endDate: string; description: string };
  /** Optional payment terms note (PaymentTerms/Note). */
  paymentTerms?: string;
}

export interface EInvoiceAddress {
  /** Up to three address lines; the first is required. */
  lines: string[];
  city: string;
  /** 5-digit Malaysian postcode (free text abroad). */
  postcode: string;
  /** State code 01–17 (17 "Not Applicable" abroad). */
  stateCode: string;
  /** ISO 3166-1 alpha-3, e.g. MYS. */
  countryCode: string;
}

export interface EInvoiceParty {
  /** Registered name (PartyLegalEntity/RegistrationName). */
  name: string;
  tin: string;
  /** The second identification scheme the SDK requires beside the TIN. */
  idType: MyInvoisIdType;
  idValue: string;
  /** SST registration number; null writes "NA" as the SDK asks of the unregistered. */
  sstNumber: string | null;
  address: EInvoiceAddress;
  /** Contact number, e.g. +60123456789; the SDK makes it mandatory ("NA" allowed for buyers). */
  phone: string;
  email?: string | null;
}

export interface EInvoiceSupplier extends EInvoiceParty {
  /** Tourism tax registration number; null writes "NA". */
  tourismTaxNumber: string | null;
  /** 5-digit MSIC 2008 code (IndustryClassificationCode). */
  msicCode: string;
  /** Business activity description (the code's `name` attribute). */
  businessActivityDescription: string;
}

export interface EInvoiceLine {
  /** Line number or our line id (InvoiceLine/ID). */
  id: string;
  description: string;
  /** Classification code 001–045 (listID CLASS). */
  classificationCode: string;
  quantity: number;
  /** Unit type code, e.g. C62 (one), MON (month), ANN (year), E48 (service unit). */
  unitCode: string;
  unitPriceSen: number;
  /** quantity × unit price, before the discount (ItemPriceExtension, "Subtotal"). */
  subtotalSen: number;
  /** Line discount in sen; 0 for none. */
  discountSen: number;
  /** Tax type code 01–06 or E. */
  taxTypeCode: string;
  /** Percent, e.g. 8 for 8%; 0 for 06 and E. */
  taxRatePercent: number;
  taxAmountSen: number;
  /** Required with tax type E: the exemption reason (TaxExemptionReason). */
  taxExemptionReason?: string;
}

export interface EInvoiceTotals {
  /** Sum of the lines' amounts after their discounts (LineExtensionAmount). */
  netSen: number;
  /** Total excluding tax (TaxExclusiveAmount); equals netSen (no document-level charges here). */
  taxExclusiveSen: number;
  /** Total tax (TaxTotal/TaxAmount). */
  taxSen: number;
  /** Total including tax (TaxInclusiveAmount). */
  taxInclusiveSen: number;
  /** Sum of the line discounts, written as AllowanceTotalAmount when above zero. */
  discountSen: number;
  /** Amount payable (PayableAmount). */
  payableSen: number;
}

export interface EInvoiceOriginalReference {
  /** The original document's MyInvois UUID; empty (written "NA") when it was never submitted. */
  uuid: string;
  /** The original document's number, e.g. INV-MP-2026-0001. */
  number: string;
}
