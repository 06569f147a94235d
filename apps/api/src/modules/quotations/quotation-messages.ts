import type { QuotationStatus } from '@patrol/contracts';

/** What the quotation routes answer, in the spec's words. */
export const quotationRuleMessages = {
  notFound: 'Quotation not found',
  clientNotFound: 'Client not found',
  productNotFound: 'Product not found',
  updated: 'Quotation updated successfully',
  deleted: 'Quotation deleted successfully',
  sent: 'Quotation sent successfully',
  notEditable: 'Converted and closed quotations cannot be edited',
  notDeletable: 'Converted and closed quotations cannot be deleted',
  convertThroughConversion: 'A quotation becomes converted only through Convert to Invoice',
} as const;

/** The messages that name a quotation's number or status. */
export const quotationMessagesFor = {
  created: (number: string) => `Quotation ${number} created successfully`,
  statusUpdated: (status: QuotationStatus) => `Quotation status updated to ${status}`,
  illegalTransition: (from: QuotationStatus, to: QuotationStatus) =>
    `This quotation is ${from} and cannot be marked ${to}`,
  notSendable: (status: QuotationStatus) => `This quotation is ${status} and cannot be sent`,
  productDeleted: (name: string | undefined) =>
    `${name ? `The product "${name}"` : 'A product of this quotation'} was deleted while the quotation was being saved. Remove it or pick another product.`,
};
