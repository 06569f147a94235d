import {
  convertQuotationMessages,
  type ConvertQuotationBody,
  type ConvertQuotationResponse,
  type QuotationResponse,
  type RevertInvoiceResponse,
} from '@patrol/contracts';
import { businessDay, dueDay, toSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import { dayStart } from '../../db/column-values';
import type { InvoiceRow } from '../../db/schema';
import { conflict, invalid } from '../../http/app-error';
import type { AuthUser } from '../../http/authenticate';
import {
  lockQuotationWithItems,
  quotationAsOf,
  quotationStatusNow,
} from '../quotations/quotations.service';
import {
  markQuotationConverted,
  markQuotationReverted,
} from '../quotations/quotation-status.service';
import { nextDocumentNumber } from '../settings/numbering.service';
import { withLines } from '../audit/audit.service';
import {
  auditInvoice,
  invoiceEvent,
  lockInvoice,
  present,
  type InvoiceDeps,
} from './invoices.service';
import {
  findInvoiceOfQuotationForUpdate,
  insertInvoice,
  insertInvoiceLineItems,
  updateInvoiceRow,
} from './invoices.repo';

export const conversionMessages = {
  converted: (invoiceNumber: string) =>
    `Quotation converted to invoice ${invoiceNumber}. Check the Invoices tab.`,
  notAccepted: (status: string) =>
    `This quotation is ${status}: only an accepted quotation can be converted to an invoice`,
  reverted:
    'Invoice successfully reverted to quotation. The quotation is now available in the Quotations tab.',
  notFromQuotation: 'This invoice was not created from a quotation and cannot be reverted.',
  validated: 'A validated invoice cannot be reverted',
  alreadyReverted: 'This invoice has already been reverted to its quotation',
  hasPayments:
    'This invoice has recorded payments and cannot be reverted; payments awaiting validation can be rejected first',
  noInvoice: 'This quotation has no invoice to revert',
} as const;

/**
 * Converts an accepted quotation into an invoice in one transaction: numbered from the settings,
 * its lines, totals and client copied from the quotation, due by its payment terms; the
 * quotation becomes converted and points at it.
 */
export async function convertQuotationToInvoice(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  quotationId: string,
  dates: ConvertQuotationBody = {},
  now: Date = new Date(),
): Promise<ConvertQuotationResponse> {
  const today = businessDay(now);
  const issueDay = dates.issueDate ?? today;
  if (dates.dueDate && dates.dueDate < issueDay) {
    const message = convertQuotationMessages.dueBeforeIssue;
    throw invalid(message, { dueDate: message });
  }
  const result = await db.transaction(async (tx) => {
    const { row: quotation, items } = await lockQuotationWithItems(tx, quotationId);
    const status = quotationStatusNow(quotation, now);
    if (status !== 'accepted') throw conflict(conversionMessages.notAccepted(status));
    const { number } = await nextDocumentNumber(tx, 'invoice', now);
    const invoiceRow = await insertInvoice(tx, {
      invoiceNumber: number,
      quotationId,
      clientId: quotation.clientId,
      clientInfo: quotation.clientInfo,
      issueDate: dayStart(issueDay),
      dueDate: dayStart(dates.dueDate ?? dueDay(issueDay, quotation.paymentTerms)),
      paymentTerms: quotation.paymentTerms,
      subtotal: quotation.subtotal,
      taxAmount: quotation.taxAmount,
      discountAmount: quotation.discountAmount,
      totalAmount: quotation.totalAmount,
      notes: quotation.notes,
      createdBy: actor.id,
    });
    // Each line keeps the tax type, rate and tax the accepted quotation gave it.
    const lines = items.map((item, position) => ({
      invoiceId: invoiceRow.id,
      position,
      productId: item.productId,
      description: lineDescription(item),
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      taxType: item.taxType,
      taxRate: item.taxRate,
      taxAmount: item.taxAmount,
      lineTotal: item.lineTotal,
      // What a licence line sells (new keys, or a renewal of named keys) goes over unchanged.
      licenceAction: item.licenceAction,
      renewalLicenceIds: item.renewalLicenceIds,
    }));
    await insertInvoiceLineItems(tx, lines);
    const converted = await markQuotationConverted(tx, actor, quotation, invoiceRow);
    await auditInvoice(tx, actor, 'invoice.created', null, withLines(invoiceRow, lines));
    return {
      invoice: await present(tx, invoiceRow, today),
      quotation: quotationAsOf(converted, items, now),
    };
  });
  events.publish('invoiceCreated', invoiceEvent(result.invoice));
  events.publish('billingUpdated', { entity: 'quotation', action: 'converted', id: quotationId });
  events.publish('billingUpdated', {
    entity: 'invoice',
    action: 'created',
    id: result.invoice.id,
  });
  return {
    success: true,
    message: conversionMessages.converted(result.invoice.invoiceNumber),
    ...result,
  };
}

/** POST /api/business/invoices/{id}/revert: voids the invoice, its quotation is accepted again. */
export async function revertInvoice(
  deps: InvoiceDeps,
  actor: AuthUser,
  invoiceId: string,
  now: Date = new Date(),
): Promise<RevertInvoiceResponse> {
  return revert(deps, actor, now, (tx) => lockInvoice(tx, invoiceId));
}

/** PATCH /api/business/quotations/{id}/revert: the same, named by the converted quotation. */
export async function revertQuotation(
  deps: InvoiceDeps,
  actor: AuthUser,
  quotationId: string,
  now: Date = new Date(),
): Promise<QuotationResponse> {
  const { message, quotation } = await revert(deps, actor, now, async (tx) => {
    // The invoice is locked before its quotation on every path, so two reverts cannot deadlock.
    const invoice = await findInvoiceOfQuotationForUpdate(tx, quotationId);
    if (invoice) return invoice;
    await lockQuotationWithItems(tx, quotationId); // 404 for an unknown quotation
    throw conflict(conversionMessages.noInvoice);
  });
  return { success: true, message, quotation };
}

async function revert(
  { db, events }: InvoiceDeps,
  actor: AuthUser,
  now: Date,
  lockTarget: (tx: DbExecutor) => Promise<InvoiceRow>,
): Promise<RevertInvoiceResponse> {
  const today = businessDay(now);
  const result = await db.transaction(async (tx) => {
    const current = await lockTarget(tx);
    if (current.paymentValidationStatus === 'validated') {
      throw conflict(conversionMessages.validated);
    }
    if (current.isVoided) throw conflict(conversionMessages.alreadyReverted);
    if (!current.quotationId) throw conflict(conversionMessages.notFromQuotation);
    if (toSen(current.paidAmount) > 0) throw conflict(conversionMessages.hasPayments);
    const { row: quotation, items } = await lockQuotationWithItems(tx, current.quotationId);
    const voided = await updateInvoiceRow(tx, current.id, { isVoided: true, status: 'voided' });
    await auditInvoice(tx, actor, 'invoice.reverted', current, voided);
    const reverted = await markQuotationReverted(tx, actor, quotation);
    return {
      invoice: await present(tx, voided, today),
      quotation: quotationAsOf(reverted, items, now),
    };
  });
  events.publish('invoiceReverted', invoiceEvent(result.invoice));
  events.publish('billingUpdated', {
    entity: 'invoice',
    action: 'reverted',
    id: result.invoice.id,
  });
  events.publish('billingUpdated', {
    entity: 'quotation',
    action: 'reverted',
    id: result.quotation.id,
  });
  return { success: true, message: conversionMessages.reverted, ...result };
}

/** An invoice line's text: the product, its line discount when there is one, its description. */
function lineDescription(item: { productName: string; description: string; discount: string }) {
  const discount = Number(item.discount);
  return [
    item.productName,
    discount > 0 ? ` (${discount}% discount)` : '',
    item.description ? ` - ${item.description}` : '',
  ].join('');
}
