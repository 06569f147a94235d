import {
  licenceBillingMessages,
  type InvoiceLicencesResponse,
  type RevokeInvoiceLicencesBody,
  type RevokeInvoiceLicencesResponse,
} from '@patrol/contracts';
import { toSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { InvoiceRow } from '../../db/schema';
import { conflict, notFound } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import {
  announcePaidLicences,
  invoiceLicences,
  issuePaidLicences,
  type PaidLicenceLine,
  type PaidLicencesResult,
} from '../licences/licence-billing.service';
import { announceRevocation, revokeIssuances } from '../licences/licence-revocation.service';
import { productsByIds } from '../products/products.service';
import { findInvoiceById, findInvoiceParts } from './invoices.repo';
import { invoiceRuleMessages, lockInvoice, type InvoiceDeps } from './invoices.service';

// The licence side of an invoice: the keys its lines sell are issued or extended when the payment
// completing it is validated, listed on it, and revocable once it is voided or credited in full.

/** Paid in full and every payment validated: the moment its keys are issued. */
export function isPaidAndValidated(invoice: InvoiceRow): boolean {
  return (
    !invoice.isVoided &&
    invoice.paymentStatus === 'paid' &&
    invoice.paymentValidationStatus === 'validated'
  );
}

/**
 * In the validating transaction (the invoice row locked): when the invoice is now paid and
 * validated, issues and extends the keys of its licence lines. Lines whose product was deleted,
 * or has no licence type or validity, issue nothing.
 */
export async function issueInvoiceLicences(
  tx: DbExecutor,
  actor: AuthUser,
  invoice: InvoiceRow,
  now: Date,
): Promise<PaidLicencesResult | undefined> {
  if (!isPaidAndValidated(invoice)) return undefined;
  const licenceLines = (await findInvoiceParts(tx, [invoice.id])).lineItems.filter(
    (line) => line.licenceAction !== null,
  );
  if (licenceLines.length === 0) return undefined;
  const products = new Map(
    (
      await productsByIds(
        tx,
        licenceLines.flatMap((line) => (line.productId ? [line.productId] : [])),
      )
    ).map((product) => [product.id, product]),
  );
  const lines: PaidLicenceLine[] = licenceLines.flatMap((line) => {
    const product = line.productId ? products.get(line.productId) : undefined;
    if (!product?.licenceType || !product.validityDays || !line.licenceAction) return [];
    return [
      {
        lineId: line.id,
        action: line.licenceAction,
        quantity: line.quantity,
        renewalLicenceIds: line.renewalLicenceIds ?? [],
        licenceType: product.licenceType,
        validityDays: product.validityDays,
      },
    ];
  });
  return issuePaidLicences(tx, actor, invoice, lines, now);
}

/** After commit: licenceUpdated, clientUpdated and the activities of the keys issued. */
export async function announceInvoiceLicences(
  { db, events }: InvoiceDeps,
  result: PaidLicencesResult | undefined,
): Promise<void> {
  if (result) await announcePaidLicences(db, events, result);
}

/** Voided (reverted), or credited in full: what it paid for is listed to revoke. */
function isRevocable(invoice: InvoiceRow): boolean {
  const owed = toSen(invoice.totalAmount) + toSen(invoice.debitedAmount);
  return invoice.isVoided || toSen(invoice.creditedAmount) >= owed;
}

/** GET /api/business/invoices/{id}/licences; 404 'Invoice not found'. */
export async function listInvoiceLicences(
  db: DbExecutor,
  id: string,
): Promise<InvoiceLicencesResponse> {
  const invoice = await findInvoiceById(db, id);
  if (!invoice) throw notFound(invoiceRuleMessages.notFound);
  return {
    success: true,
    licences: await invoiceLicences(db, id),
    revocable: isRevocable(invoice),
  };
}

/**
 * POST /api/business/invoices/{id}/licences/revoke: revokes the named keys (all left when none
 * is named). 409 unless the invoice is voided or credited in full.
 */
export async function revokeInvoiceLicences(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  id: string,
  body: RevokeInvoiceLicencesBody,
  now: Date = new Date(),
): Promise<RevokeInvoiceLicencesResponse> {
  const result = await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, id);
    if (!isRevocable(invoice)) throw conflict(invoiceLicenceMessages.notRevocable);
    return revokeIssuances(tx, actor, invoice, body.issuanceIds, now);
  });
  await announceRevocation(db, events, result);
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id });
  return {
    success: true,
    message: licenceBillingMessages.revoked(result.revoked),
    licences: result.licences,
    revocable: true,
  };
}

export const invoiceLicenceMessages = {
  notRevocable:
    'Keys can be revoked only once the invoice is voided or credited in full; they stay with the client otherwise',
} as const;
