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
  'invoice.refund_note_issued': 'Refund note issued on the invoice',
  'credit_note.issued': 'Credit note issued',
  'debit_note.issued': 'Debit note issued',
  'refund_note.issued': 'Refund note issued',
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
  'einvoice.cancelled_in_portal': 'E-invoice cancelled in the MyInvois portal',
  'einvoice.rejection_requested': 'E-invoice rejection requested by the buyer',
  'settings.updated': 'Company settings changed',
  'settings.reset': 'Company settings reset to defaults',
  'settings.logo_uploaded': 'Company logo uploaded',
  'settings.logo_deleted': 'Company logo removed',
  'session.signed_in': 'Signed in',
  'session.sign_in_failed': 'Sign-in refused',
  'session.signed_out': 'Signed out',
  'session.revoked': 'Session ended by the server',
  'user.two_factor_enabled': 'Two-factor authentication set up',
  'user.two_factor_reset': 'Two-factor authentication reset',
  'user.password_changed': 'Password changed',
  'user.password_reset': 'Password reset with an emailed link',
  'user.password_reset_sent': 'Password reset link sent',
  'user.emergency_recovered': 'Emergency recovery (new password, two-factor off)',
  'user.permissions_updated': 'Permissions changed',
  'client.created': 'Client added',
  'client.updated': 'Client edited',
  'client.status_changed': 'Client activated or deactivated',
  'client.deleted': 'Client deleted',
  'licence.created': 'Licence added',
  'licence.bound': 'Licence bound to a device',
  'licence.activated': 'Licence activated by the patrol app',
  'licence.unbound': 'Licence unbound from its device',
  'licence.extended': 'Licence extended',
  'licence.deleted': 'Licence deleted',
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
    // A client by its name, a licence by its key, a sign-in by the email typed.
    (entry.entityType === 'client' ? changed(entry, 'companyName') : null) ??
    (entry.entityType === 'licence' ? changed(entry, 'key') : null) ??
    (entry.entityType === 'session' ? changed(entry, 'email') : null) ??
    (entry.entityType === 'settings' ? 'Company settings' : null);
  const clientName =
    changed(entry, 'clientInfo.companyName') ??
    (entry.entityType === 'client' ? changed(entry, 'companyName') : null);
  return { label, clientName };
}
