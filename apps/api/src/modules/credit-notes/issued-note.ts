import type { CreateInvoiceNoteResponse, InvoiceNote, InvoiceNoteLine } from '@patrol/contracts';
import { fromSen } from '@patrol/domain';
import type { DbExecutor } from '../../db/client';
import type { InvoiceNoteRow } from '../../db/schema';
import type { AppContext } from '../../http/app-context';
import type { AuthUser } from '../../http/authenticate';
import { recordRowChange } from '../audit/audit.service';
import { presentInvoiceNote } from './credit-notes.presenter';

/** A note's one line of `amountSen` with no tax of its own, named by its reason. */
export function untaxedNoteLine(description: string, amountSen: number): InvoiceNoteLine {
  const amount = fromSen(amountSen);
  return {
    description,
    quantity: 1,
    unitPrice: amount,
    taxType: 'EXEMPT',
    taxRate: 0,
    taxAmount: 0,
    lineTotal: amount,
  };
}

/**
 * What every issued note (credit, debit or refund) leaves in its transaction: its audit entry and
 * its place in the MyInvois queue. Answers the note as the API shows it.
 */
export async function recordIssuedNote(
  tx: DbExecutor,
  einvoiceQueue: AppContext['einvoiceQueue'] | undefined,
  actor: AuthUser,
  row: InvoiceNoteRow,
): Promise<InvoiceNote> {
  await recordRowChange(tx, {
    actorId: actor.id,
    requestId: actor.requestId,
    action: `${row.kind}_note.issued`,
    entityType: `${row.kind}_note`,
    before: null,
    after: row,
  });
  await einvoiceQueue?.enqueue(tx, {
    kind: `${row.kind}Note`,
    documentId: row.id,
    number: row.noteNumber,
    clientName: row.clientInfo.companyName,
    issueDate: row.issueDate,
    totalAmount: row.totalAmount,
  });
  return presentInvoiceNote(row);
}

/** After the commit: the note and its invoice changed, for every console that shows them. */
export function announceIssuedNote(
  events: AppContext['events'],
  note: InvoiceNote,
  invoiceId: string,
  message: string,
): CreateInvoiceNoteResponse {
  events.publish('billingUpdated', { entity: `${note.kind}_note`, action: 'created', id: note.id });
  events.publish('billingUpdated', { entity: 'invoice', action: 'updated', id: invoiceId });
  return { success: true, message, note };
}
