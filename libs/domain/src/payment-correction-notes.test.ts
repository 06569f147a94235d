import { describe, expect, it } from 'vitest';
import {
  appendPaymentCorrection,
  buildPaymentCorrectionBlock,
  parsePaymentCorrections,
  paymentCorrectionActionRequired,
  type PaymentCorrectionInput,
} from './payment-correction-notes';

const first: PaymentCorrectionInput = {
  rejectionNumber: 1,
  rejectedBy: 'Aisyah Rahman',
  rejectedAt: new Date('2026-11-22T06:05:00Z'),
  reason: 'Amount does not match the bank statement',
  remarks: 'Bank shows RM 1,000.00',
};

describe('buildPaymentCorrectionBlock', () => {
  it('writes the ordinal, who, when, why, remarks, action and end marker', () => {
    expect(buildPaymentCorrectionBlock(first)).toBe(
      [
        '=== PAYMENT CORRECTION REQUIRED (1st rejection) ===',
        'Rejected by: Aisyah Rahman',
        'Date: 22/11/2026, 14:05',
        'Reason: Amount does not match the bank statement',
        'Remarks: Bank shows RM 1,000.00',
        `Action required: ${paymentCorrectionActionRequired}`,
        '=== END PAYMENT CORRECTION ===',
      ].join('\n'),
    );
  });

  it.each([null, undefined, '', '   '])('leaves out remarks %j', (remarks) => {
    expect(buildPaymentCorrectionBlock({ ...first, remarks })).not.toContain('Remarks:');
  });
});

describe('parsePaymentCorrections', () => {
  it.each<[string, PaymentCorrectionInput]>([
    ['with remarks', first],
    ['without remarks', { ...first, rejectionNumber: 2, remarks: null }],
    ['the 3rd rejection', { ...first, rejectionNumber: 3 }],
    ['the 11th rejection', { ...first, rejectionNumber: 11 }],
    ['a multi-line reason', { ...first, reason: 'Wrong reference.\nUse the bank transaction ID.' }],
    ['a reason containing a colon', { ...first, reason: 'Reference: missing' }],
  ])('reads back a block %s', (_name, input) => {
    const { corrections, otherNotes } = parsePaymentCorrections(
      appendPaymentCorrection(null, input),
    );
    expect(otherNotes).toBe('');
    expect(corrections).toEqual([
      {
        rejectionNumber: input.rejectionNumber,
        rejectedBy: input.rejectedBy,
        date: '22/11/2026, 14:05',
        reason: input.reason,
        remarks: input.remarks || null,
        actionRequired: paymentCorrectionActionRequired,
      },
    ]);
  });

  it('keeps free notes apart from successive blocks', () => {
    let notes = appendPaymentCorrection('Deliver before Friday.', first);
    notes = appendPaymentCorrection(notes, { ...first, rejectionNumber: 2, reason: 'Still short' });
    const { corrections, otherNotes } = parsePaymentCorrections(notes);
    expect(otherNotes).toBe('Deliver before Friday.');
    expect(
      corrections.map((correction) => [correction.rejectionNumber, correction.reason]),
    ).toEqual([
      [1, first.reason],
      [2, 'Still short'],
    ]);
  });

  it('leaves a block without its end marker in the free notes', () => {
    const truncated = buildPaymentCorrectionBlock(first).split('\n').slice(0, -1).join('\n');
    expect(parsePaymentCorrections(truncated)).toEqual({ corrections: [], otherNotes: truncated });
  });

  it.each([null, undefined, ''])('reads %j as nothing', (notes) => {
    expect(parsePaymentCorrections(notes)).toEqual({ corrections: [], otherNotes: '' });
  });

  it('reads notes saved with Windows line endings', () => {
    const notes = appendPaymentCorrection('Note', first).replace(/\n/g, '\r\n');
    expect(parsePaymentCorrections(notes).corrections).toHaveLength(1);
  });
});
