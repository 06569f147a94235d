/** Quotation statuses (spec 3 section 4). */
export const quotationStatuses = [
  'draft',
  'sent',
  'accepted',
  'rejected',
  'closed',
  'expired',
  'converted',
] as const;
export type QuotationStatus = (typeof quotationStatuses)[number];

/**
 * Status changes a user may make (spec 3 section 4). draft -> sent is the Send action; accepted ->
 * converted happens only through conversion; closed is permanent. Reverting an invoice moves a
 * converted quotation back to accepted, which is not a user status change (see canRevertQuotation).
 */
export const quotationTransitions: Record<QuotationStatus, readonly QuotationStatus[]> = {
  draft: ['sent', 'accepted', 'rejected'],
  sent: ['accepted', 'rejected'],
  accepted: ['converted'],
  rejected: ['draft', 'closed'],
  closed: [],
  expired: [],
  converted: [],
};

function isQuotationStatus(status: string): status is QuotationStatus {
  return (quotationStatuses as readonly string[]).includes(status);
}

/** Whether a quotation may move from one status to another. */
export function canTransitionQuotation(from: string, to: string): boolean {
  return (
    isQuotationStatus(from) && isQuotationStatus(to) && quotationTransitions[from].includes(to)
  );
}

/**
 * A quotation may be edited only before it is accepted: what the client accepted stays as they
 * accepted it (and an accepted quotation becomes the invoice). Converted and closed ones, too.
 */
export function isQuotationEditable(status: string): boolean {
  return status !== 'accepted' && status !== 'converted' && status !== 'closed';
}

/**
 * Accepted, converted and closed quotations cannot be deleted: an accepted one may be the
 * quotation a voided invoice came from, and that invoice keeps pointing at it.
 */
export function isQuotationDeletable(status: string): boolean {
  return isQuotationEditable(status);
}

/** Reverting its invoice returns a converted quotation to accepted. */
export function canRevertQuotation(status: string): boolean {
  return status === 'converted';
}

export type QuotationWorkflowActionName = 'accept' | 'reject' | 'convert' | 'backToDraft' | 'close';

export interface QuotationWorkflowAction {
  action: QuotationWorkflowActionName;
  label: string;
  targetStatus: QuotationStatus;
}

export interface QuotationWorkflow {
  actions: QuotationWorkflowAction[];
  /** The text shown instead of buttons ('Invoice Created', 'Permanently Closed', 'Expired'). */
  note: string | null;
}

const accept: QuotationWorkflowAction = {
  action: 'accept',
  label: 'Mark Accepted',
  targetStatus: 'accepted',
};
const reject: QuotationWorkflowAction = {
  action: 'reject',
  label: 'Mark Rejected',
  targetStatus: 'rejected',
};

/** The workflow buttons (or the note) of the quotations table for a status. */
export function quotationWorkflow(status: string): QuotationWorkflow {
  switch (status) {
    case 'draft':
    case 'sent':
      return { actions: [accept, reject], note: null };
    case 'accepted':
      return {
        actions: [{ action: 'convert', label: 'Convert to Invoice', targetStatus: 'converted' }],
        note: null,
      };
    case 'rejected':
      return {
        actions: [
          { action: 'backToDraft', label: 'Back to Draft', targetStatus: 'draft' },
          { action: 'close', label: 'Close Quotation', targetStatus: 'closed' },
        ],
        note: null,
      };
    case 'converted':
      return { actions: [], note: 'Invoice Created' };
    case 'closed':
      return { actions: [], note: 'Permanently Closed' };
    case 'expired':
      return { actions: [], note: 'Expired' };
    default:
      return { actions: [], note: null };
  }
}

/**
 * The status a quotation reads as on `today`: a draft or sent quotation past its validity is
 * expired (spec 3 section 4); every other status is as stored. Days compare as 'YYYY-MM-DD'.
 */
export function quotationStatusOn(
  status: QuotationStatus,
  validUntil: string,
  today: string,
): QuotationStatus {
  return (status === 'draft' || status === 'sent') && validUntil < today ? 'expired' : status;
}
