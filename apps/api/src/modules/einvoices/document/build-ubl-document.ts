import { eInvoiceDocumentVersion, eInvoiceTypeCodes, findMyInvoisCode } from '@patrol/contracts';
import type {
  EInvoiceAddress,
  EInvoiceLine,
  EInvoiceParty,
  EInvoiceSource,
  EInvoiceSupplier,
} from './einvoice-source';
import {
  amount,
  leaf,
  one,
  ublNamespaces,
  type UblDocument,
  type UblElement,
  type UblJson,
} from './ubl-json';

export type { UblDocument } from './ubl-json';

const taxScheme = one({ ID: leaf('OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }) });
const notApplicable = 'NA';

/**
 * Builds the unsigned UBL 2.1 JSON document (v1.1) of an invoice, credit, debit or refund note,
 * element for element in the order of the SDK's samples (invoice-v1-1 and signature-creation-json).
 * Pure: call precheckEInvoiceSource first; this function does not validate.
 */
export function buildUblDocument(source: EInvoiceSource): UblDocument {
  const invoice: UblElement = {
    ID: leaf(source.number),
    IssueDate: leaf(source.issueDate),
    IssueTime: leaf(`${source.issueTime}Z`),
    InvoiceTypeCode: leaf(eInvoiceTypeCodes[source.kind], {
      listVersionID: eInvoiceDocumentVersion,
    }),
    DocumentCurrencyCode: leaf(source.currency),
    TaxCurrencyCode: leaf(source.currency),
  };
  if (source.period) {
    invoice.InvoicePeriod = one({
      StartDate: leaf(source.period.startDate),
      EndDate: leaf(source.period.endDate),
      Description: leaf(source.period.description),
    });
  }
  if (source.originalDocument) {
    invoice.BillingReference = one({
      InvoiceDocumentReference: one({
        ID: leaf(source.originalDocument.number),
        UUID: leaf(source.originalDocument.uuid || notApplicable),
      }),
    });
  }
  invoice.AccountingSupplierParty = one({ Party: one(supplierParty(source.supplier)) });
  invoice.AccountingCustomerParty = one({ Party: one(buyerParty(source.buyer)) });
  if (source.paymentTerms) invoice.PaymentTerms = one({ Note: leaf(source.paymentTerms) });
  invoice.TaxTotal = one({
    TaxAmount: amount(source.totals.taxSen, source.currency),
    TaxSubtotal: taxSubtotals(source),
  });
  invoice.LegalMonetaryTotal = one({
    LineExtensionAmount: amount(source.totals.netSen, source.currency),
    TaxExclusiveAmount: amount(source.totals.taxExclusiveSen, source.currency),
    TaxInclusiveAmount: amount(source.totals.taxInclusiveSen, source.currency),
    PayableAmount: amount(source.totals.payableSen, source.currency),
  });
  invoice.InvoiceLine = source.lines.map((line) => invoiceLine(line, source.currency));
  return {
    _D: ublNamespaces.invoice,
    _A: ublNamespaces.aggregate,
    _B: ublNamespaces.basic,
    Invoice: [invoice],
  };
}

function supplierParty(supplier: EInvoiceSupplier): UblElement {
  return {
    IndustryClassificationCode: leaf(supplier.msicCode, {
      name: supplier.businessActivityDescription,
    }),
    PartyIdentification: [
      ...identifications(supplier),
      { ID: leaf(supplier.tourismTaxNumber || notApplicable, { schemeID: 'TTX' }) },
    ],
    PostalAddress: one(postalAddress(supplier.address)),
    PartyLegalEntity: one({ RegistrationName: leaf(supplier.name) }),
    Contact: one(contact(supplier)),
  };
}

function buyerParty(buyer: EInvoiceParty): UblElement {
  return {
    PostalAddress: one(postalAddress(buyer.address)),
    PartyLegalEntity: one({ RegistrationName: leaf(buyer.name) }),
    PartyIdentification: [
      ...identifications(buyer),
      { ID: leaf(notApplicable, { schemeID: 'TTX' }) },
    ],
    Contact: one(contact(buyer)),
  };
}

function identifications(party: EInvoiceParty): UblJson[] {
  return [
    { ID: leaf(party.tin, { schemeID: 'TIN' }) },
    { ID: leaf(party.idValue, { schemeID: party.idType }) },
    { ID: leaf(party.sstNumber || notApplicable, { schemeID: 'SST' }) },
  ];
}

function postalAddress(address: EInvoiceAddress): UblElement {
  return {
    CityName: leaf(address.city),
    PostalZone: leaf(address.postcode),
    CountrySubentityCode: leaf(address.stateCode),
    AddressLine: address.lines
      .filter((line) => line.trim() !== '')
      .slice(0, 3)
      .map((line) => ({ Line: leaf(line) })),
    Country: one({
      IdentificationCode: leaf(address.countryCode, { listID: 'ISO3166-1', listAgencyID: '6' }),
    }),
  };
}

function contact(party: EInvoiceParty): UblElement {
  const element: UblElement = { Telephone: leaf(party.phone || notApplicable) };
  if (party.email) element.ElectronicMail = leaf(party.email);
  return element;
}

/** One TaxSubtotal per tax type, in the order the types first appear on the lines. */
function taxSubtotals(source: EInvoiceSource): UblJson[] {
  const byType = new Map<string, { taxable: number; tax: number; reason?: string }>();
  for (const line of source.lines) {
    const entry = byType.get(line.taxTypeCode) ?? {
      taxable: 0,
      tax: 0,
      reason: line.taxExemptionReason,
    };
    entry.taxable += line.subtotalSen - line.discountSen;
    entry.tax += line.taxAmountSen;
    byType.set(line.taxTypeCode, entry);
  }
  return [...byType.entries()].map(([code, entry]) => ({
    TaxableAmount: amount(entry.taxable, source.currency),
    TaxAmount: amount(entry.tax, source.currency),
    TaxCategory: one(taxCategory(code, entry.reason)),
  }));
}

function taxCategory(code: string, exemptionReason?: string): UblElement {
  const category: UblElement = { ID: leaf(code) };
  if (code === 'E') {
    category.TaxExemptionReason = leaf(
      exemptionReason ?? findMyInvoisCode('taxType', 'E')!.description,
    );
  }
  category.TaxScheme = taxScheme;
  return category;
}

function invoiceLine(line: EInvoiceLine, currency: string): UblElement {
  const element: UblElement = {
    ID: leaf(line.id),
    InvoicedQuantity: leaf(line.quantity, { unitCode: line.unitCode }),
    LineExtensionAmount: amount(line.subtotalSen - line.discountSen, currency),
  };
  if (line.discountSen > 0) {
    element.AllowanceCharge = one({
      ChargeIndicator: leaf(false),
      AllowanceChargeReason: leaf('Discount'),
      Amount: amount(line.discountSen, currency),
    });
  }
  element.TaxTotal = one({
    TaxAmount: amount(line.taxAmountSen, currency),
    TaxSubtotal: one({
      TaxableAmount: amount(line.subtotalSen - line.discountSen, currency),
      TaxAmount: amount(line.taxAmountSen, currency),
      Percent: leaf(line.taxRatePercent),
      TaxCategory: one(taxCategory(line.taxTypeCode, line.taxExemptionReason)),
    }),
  });
  element.Item = one({
    CommodityClassification: one({
      ItemClassificationCode: leaf(line.classificationCode, { listID: 'CLASS' }),
    }),
    Description: leaf(line.description),
  });
  element.Price = one({ PriceAmount: amount(line.unitPriceSen, currency) });
  element.ItemPriceExtension = one({ Amount: amount(line.subtotalSen, currency) });
  return element;
}
