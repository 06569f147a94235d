import { describe, expect, it } from 'vitest';
import {
  canRevertQuotation,
  canTransitionQuotation,
  quotationStatusOn,
  isQuotationDeletable,
  isQuotationEditable,
  quotationStatuses,
  quotationWorkflow,
} from './quotation-workflow';

describe('canTransitionQuotation', () => {
  const allowed = new Set([
    'draft>sent',
    'draft>accepted',
    'draft>rejected',
    'sent>accepted',
    'sent>rejected',
    'accepted>converted',
    'rejected>draft',
    'rejected>closed',
  ]);
  const pairs = quotationStatuses.flatMap((from) => quotationStatuses.map((to) => [from, to]));

  it.each(pairs)('%s -> %s', (from, to) => {
    expect(canTransitionQuotation(from, to)).toBe(allowed.has(`${from}>${to}`));
  });

  it('refuses unknown statuses', () => {
    expect(canTransitionQuotation('pending', 'accepted')).toBe(false);
    expect(canTransitionQuotation('draft', 'approved')).toBe(false);
  });
});

describe('quotationWorkflow', () => {
  it.each<[string, string[], string | null]>([
    ['draft', ['Mark Accepted', 'Mark Rejected'], null],
    ['sent', ['Mark Accepted', 'Mark Rejected'], null],
    ['accepted', ['Convert to Invoice'], null],
    ['rejected', ['Back to Draft', 'Close Quotation'], null],
    ['converted', [], 'Invoice Created'],
    ['closed', [], 'Permanently Closed'],
    ['expired', [], 'Expired'],
    ['pending', [], null],
  ])('%s offers %j with note %j', (status, labels, note) => {
    const workflow = quotationWorkflow(status);
    expect(workflow.actions.map((action) => action.label)).toEqual(labels);
    expect(workflow.note).toBe(note);
  });

  it('only offers actions that are allowed transitions', () => {
    for (const status of quotationStatuses) {
      for (const action of quotationWorkflow(status).actions) {
        expect(canTransitionQuotation(status, action.targetStatus)).toBe(true);
      }
    }
  });
});

describe('editing, deleting and reverting', () => {
  it.each([
    ['draft', true, true, false],
    ['sent', true, true, false],
    ['accepted', false, false, false],
    ['rejected', true, true, false],
    ['expired', true, true, false],
    ['converted', false, false, true],
    ['closed', false, false, false],
  ])('%s: editable %s, deletable %s, revertible %s', (status, editable, deletable, revertible) => {
    expect(isQuotationEditable(status)).toBe(editable);
    expect(isQuotationDeletable(status)).toBe(deletable);
    expect(canRevertQuotation(status)).toBe(revertible);
  });
});

describe('quotationStatusOn', () => {
  it('reads a draft or sent quotation past its validity as expired, and nothing else', () => {
    expect(quotationStatusOn('draft', '2026-11-23', '2026-11-24')).toBe('expired');
    expect(quotationStatusOn('sent', '2026-11-23', '2026-11-24')).toBe('expired');
    expect(quotationStatusOn('sent', '2026-11-24', '2026-11-24')).toBe('sent');
    expect(quotationStatusOn('accepted', '2026-01-01', '2026-11-24')).toBe('accepted');
    expect(quotationStatusOn('converted', '2026-01-01', '2026-11-24')).toBe('converted');
  });
});
