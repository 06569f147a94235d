/**
 * Fragments of the SDK's sample document, copied from the minified final document on
 * https://sdk.myinvois.hasil.gov.my/signature-creation-json/ ("Signing a JSON document",
 * sample JSON-INV12345, invoice v1.1). Kept as the SDK prints them, so a test can compare the
 * exact bytes (element order matters: the signature digests the minified text).
 */
export const sdkSampleHeader =
  '{"ID":[{"_":"JSON-INV12345"}],"IssueDate":[{"_":"2024-07-23"}],"IssueTime":[{"_":"00:30:00Z"}],"InvoiceTypeCode":[{"_":"01","listVersionID":"1.1"}],"DocumentCurrencyCode":[{"_":"MYR"}],"TaxCurrencyCode":[{"_":"MYR"}],"InvoicePeriod":[{"StartDate":[{"_":"2024-01-01"}],"EndDate":[{"_":"2024-07-31"}],"Description":[{"_":"Monthly"}]}]}';

const sdkAddress =
  '[{"CityName":[{"_":"Kuala Lumpur"}],"PostalZone":[{"_":"50480"}],"CountrySubentityCode":[{"_":"10"}],"AddressLine":[{"Line":[{"_":"Lot 66"}]},{"Line":[{"_":"Bangunan Merdeka"}]},{"Line":[{"_":"Persiaran Jaya"}]}],"Country":[{"IdentificationCode":[{"_":"MYS","listID":"ISO3166-1","listAgencyID":"6"}]}]}]';

/** AccountingSupplierParty/Party of the sample. */
export const sdkSampleSupplierParty = `{"IndustryClassificationCode":[{"_":"46510","name":"Wholesale of computer hardware, software and peripherals"}],"PartyIdentification":[{"ID":[{"_":"Supplier's TIN","schemeID":"TIN"}]},{"ID":[{"_":"Supplier's BRN","schemeID":"BRN"}]},{"ID":[{"_":"NA","schemeID":"SST"}]},{"ID":[{"_":"NA","schemeID":"TTX"}]}],"PostalAddress":${sdkAddress},"PartyLegalEntity":[{"RegistrationName":[{"_":"Supplier's Name"}]}],"Contact":[{"Telephone":[{"_":"+60-123456789"}],"ElectronicMail":[{"_":"supplier@email.com"}]}]}`;

/** AccountingCustomerParty/Party of the sample. */
export const sdkSampleBuyerParty = `{"PostalAddress":${sdkAddress},"PartyLegalEntity":[{"RegistrationName":[{"_":"Buyer's Name"}]}],"PartyIdentification":[{"ID":[{"_":"Buyer's TIN","schemeID":"TIN"}]},{"ID":[{"_":"Buyer's BRN","schemeID":"BRN"}]},{"ID":[{"_":"NA","schemeID":"SST"}]},{"ID":[{"_":"NA","schemeID":"TTX"}]}],"Contact":[{"Telephone":[{"_":"+60-123456789"}],"ElectronicMail":[{"_":"buyer@email.com"}]}]}`;

/** InvoiceLine/TaxTotal of the sample's only line (an exempt line, tax type E). */
export const sdkSampleLineTaxTotal =
  '{"TaxAmount":[{"_":1460.5,"currencyID":"MYR"}],"TaxSubtotal":[{"TaxableAmount":[{"_":1460.5,"currencyID":"MYR"}],"TaxAmount":[{"_":1460.5,"currencyID":"MYR"}],"Percent":[{"_":6}],"TaxCategory":[{"ID":[{"_":"E"}],"TaxExemptionReason":[{"_":"Exempt New Means of Transport"}],"TaxScheme":[{"ID":[{"_":"OTH","schemeID":"UN/ECE 5153","schemeAgencyID":"6"}]}]}]}]}';

/** The line's quantity, price and price extension. */
export const sdkSampleLineParts = {
  InvoicedQuantity: '[{"_":1,"unitCode":"C62"}]',
  Price: '[{"PriceAmount":[{"_":17,"currencyID":"MYR"}]}]',
  ItemPriceExtension: '[{"Amount":[{"_":100,"currencyID":"MYR"}]}]',
};

/** The sample's document-level TaxSubtotal/TaxCategory (sales tax, 01). */
export const sdkSampleTaxCategory =
  '[{"ID":[{"_":"01"}],"TaxScheme":[{"ID":[{"_":"OTH","schemeID":"UN/ECE 5153","schemeAgencyID":"6"}]}]}]';

/** The "Signature" section the SDK adds beside UBLExtensions (step 7). */
export const sdkSampleSignatureSection =
  '[{"ID":[{"_":"urn:oasis:names:specification:ubl:signature:Invoice"}],"SignatureMethod":[{"_":"urn:oasis:names:specification:ubl:dsig:enveloped:xades"}]}]';

/** The namespaces that open every SDK JSON sample. */
export const sdkSampleNamespaces =
  '{"_D":"urn:oasis:names:specification:ubl:schema:xsd:Invoice-2","_A":"urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2","_B":"urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"}';
