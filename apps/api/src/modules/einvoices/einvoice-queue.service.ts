import type { MyInvoisSetting } from '../../config-myinvois';
import type { EinvoiceQueuePort } from '../../http/app-context';
import { einvoicePdfSections } from './einvoice-pdf-block';
import { insertQueuedDocument } from './einvoices.repo';

/**
 * The queue port issuing services call in their transaction (ctx.einvoiceQueue): the document is
 * queued with the invoice or note, or neither is. While e-invoicing is off nothing is queued and
 * the documents read "Not submitted".
 */
export function createEinvoiceQueue(setting: MyInvoisSetting): EinvoiceQueuePort {
  return {
    async enqueue(tx, entry) {
      if (!setting.enabled) return;
      await insertQueuedDocument(tx, {
        kind: entry.kind,
        documentId: entry.documentId,
        number: entry.number,
        clientName: entry.clientName,
        issueDate: entry.issueDate,
        totalAmount: entry.totalAmount,
      });
    },
    pdfSections: (db, documentId) => einvoicePdfSections(setting, db, documentId),
  };
}
