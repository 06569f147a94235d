import type { AuditLabel, LabelledEntry } from '../../http/audit-names';

/** Actions as an accountant reads them; an action not listed reads as its words ('user.updated' -> 'User updated'). */
const actionWords: Record<string, string> = {
  'invoice.created': 'Invoice issued',
  'invoice.sent': 'Invoice sent',
  'invoice.reverted': 'Invoice voided (reverted to its quotation)',
  'invoice.payment_processed': 'Payment recorded on the invoice',
  'invoice.payment_validated': "Invoice's payments validated",
  'invoice.payment_rejected': "Invoice's payments rejected",
  'payment.recorded': 'Payment recorded',
  'payment.validated': 'Payment validated',
  'payment.rejected': 'Payment rejected',
  'receipt.issued': 'Receipt issued',
  'invoice.credit_note_issued': 'Credit note issued on the invoice',
  'invoice.debit_note_issued': 'Debit note issued on the invoice',
  'credit_note.issued': 'Credit note issued',
  'debit_note.issued': 'Debit note issued',
  'quotation.created': 'Quotation created',
  'quotation.updated': 'Quotation edited',
  'quotation.deleted': 'Quotation deleted',
  'quotation.status_changed': 'Quotation status changed',
  'quotation.sent': 'Quotation sent',
  'quotation.converted': 'Quotation converted to an invoice',
  'quotation.reverted': 'Quotation accepted again (its invoice voided)',
  'product.created': 'Product added',
  'product.updated': 'Product edited',
  'product.status_changed': 'Product activated or deactivated',
  'product.deleted': 'Product deleted',
  'einvoice.retried': 'E-invoice submitted again',
  'einvoice.cancelled': 'E-invoice cancelled',
  'einvoice.validated': 'E-invoice validated by LHDN',
  'einvoice.invalid': 'E-invoice refused by LHDN',
  'einvoice.rejection_requested': 'E-invoice rejection requested by the buyer',
  'settings.updated': 'Company settings changed',
  'settings.reset': 'Company settings reset to defaults',
  'settings.logo_uploaded': 'Company logo uploaded',
  'settings.logo_deleted': 'Company logo removed',
};

/** The action in words. */
export function actionInWords(action: string): string {
  const known = actionWords[action];
  if (known) return known;
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const textOf = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** A value of the entry's changes, after or else before (a deleted row keeps its last values). */
function changed(entry: LabelledEntry, field: string): string | null {
  const change = entry.changes[field];
  return textOf(change?.after) ?? textOf(change?.before);
}

/** The label of an entry whose row is gone (a deleted quotation or product), from its changes. */
export function labelFromChanges(entry: LabelledEntry): AuditLabel {
  const label =
    // A credit or debit note also names its invoice: its own number comes first.
    changed(entry, 'noteNumber') ??
    changed(entry, 'invoiceNumber') ??
    changed(entry, 'quotationNumber') ??
    changed(entry, 'receiptNumber') ??
    changed(entry, 'name') ??
    changed(entry, 'fullName') ??
    (entry.entityType === 'settings' ? 'Company settings' : null);
  return { label, clientName: changed(entry, 'clientInfo.companyName') };
}
