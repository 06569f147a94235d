import {
  einvoiceCancelWindowMs,
  einvoiceStaleAfterMs,
  type EinvoiceDocument,
  type EinvoicingState,
} from '@patrol/contracts';
import type { MyInvoisSetting } from '../../config-myinvois';
import { dayOf, moneyValue } from '../../db/column-values';
import type { EinvoiceDocumentRow } from '../../db/schema';
import { isPastConsolidationDeadline } from './einvoice-consolidation';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The validation link a valid document's QR code carries: `{portal}/{uuid}/share/{longId}`. */
export function validationLink(portalUrl: string, uuid: string, longId: string): string {
  return `${portalUrl}/${uuid}/share/${longId}`;
}

export function presentEinvoicingState(setting: MyInvoisSetting): EinvoicingState {
  return setting.enabled
    ? {
        enabled: true,
        environment: setting.config.environment,
        missing: [],
        portalUrl: setting.config.portalUrl,
      }
    : {
        enabled: false,
        environment: setting.environment,
        missing: setting.missing,
        portalUrl: null,
      };
}

/** The consolidated e-invoices that carry some of the rows presented, by their row id. */
export type Carriers = ReadonlyMap<string, EinvoiceDocumentRow>;

function linkOf(row: EinvoiceDocumentRow, portalUrl: string | null): string | null {
  return row.status === 'valid' && portalUrl && row.uuid && row.longId
    ? validationLink(portalUrl, row.uuid, row.longId)
    : null;
}

export function presentEinvoice(
  row: EinvoiceDocumentRow,
  portalUrl: string | null,
  now: Date,
  carriers: Carriers = new Map(),
): EinvoiceDocument {
  const carrier = row.consolidatedInto ? carriers.get(row.consolidatedInto) : undefined;
  const valid = row.status === 'valid';
  const awaiting = ['queued', 'submitting', 'submitted'].includes(row.status);
  return {
    id: row.id,
    kind: row.kind,
    documentId: row.documentId,
    number: row.number,
    clientName: row.clientName,
    issueDate: dayOf(row.issueDate),
    totalAmount: moneyValue(row.totalAmount),
    status: row.status,
    uuid: row.uuid,
    submissionUid: row.submissionUid,
    longId: row.longId,
    validationLink: linkOf(row, portalUrl),
    errors: row.errors,
    queuedAt: row.queuedAt.toISOString(),
    submittedAt: iso(row.submittedAt),
    validatedAt: iso(row.validatedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    rejectionRequestedAt: iso(row.rejectionRequestedAt),
    statusReason: row.statusReason,
    cancellableUntil:
      valid && row.validatedAt
        ? new Date(row.validatedAt.getTime() + einvoiceCancelWindowMs).toISOString()
        : null,
    stale: awaiting && now.getTime() - row.queuedAt.getTime() > einvoiceStaleAfterMs,
    pastDeadline: isPastConsolidationDeadline(row, now),
    attempts: row.attempts,
    consolidatedInto: carrier
      ? {
          id: carrier.id,
          number: carrier.number,
          status: carrier.status,
          validationLink: linkOf(carrier, portalUrl),
        }
      : null,
  };
}
