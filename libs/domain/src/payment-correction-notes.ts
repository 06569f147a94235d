import { businessTimeZone, formatBusinessDateTime } from './dates';
import { ordinal } from './ordinals';

/** What a payment rejection records in the invoice notes. */
export interface PaymentCorrectionInput {
  /** 1 for the first rejection of this invoice, 2 for the second, ... */
  rejectionNumber: number;
  rejectedBy: string;
  rejectedAt: Date;
  reason: string;
  remarks?: string | null;
}

/** A 'PAYMENT CORRECTION REQUIRED' block read back from the notes, for the detail view's cards. */
export interface PaymentCorrection {
  rejectionNumber: number;
  rejectedBy: string;
  /** The date and time as written in the block ('22/11/2026, 14:05'). */
  date: string;
  reason: string;
  remarks: string | null;
  actionRequired: string;
}

/** What every correction block asks the staff to do next. */
export const paymentCorrectionActionRequired =
  'Re-enter the payment and process it again for validation.';

const blockStart = /^=== PAYMENT CORRECTION REQUIRED \((\d+)(?:st|nd|rd|th) rejection\) ===$/;
const blockEnd = '=== END PAYMENT CORRECTION ===';

const fieldLabels = {
  rejectedBy: 'Rejected by',
  date: 'Date',
  reason: 'Reason',
  remarks: 'Remarks',
  actionRequired: 'Action required',
} as const;
type FieldName = keyof typeof fieldLabels;

/** The block appended to an invoice's notes when a payment is rejected (spec 3 section 4). */
export function buildPaymentCorrectionBlock(
  input: PaymentCorrectionInput,
  timeZone: string = businessTimeZone,
): string {
  const remarks = input.remarks?.trim();
  return [
    `=== PAYMENT CORRECTION REQUIRED (${ordinal(input.rejectionNumber)} rejection) ===`,
    `${fieldLabels.rejectedBy}: ${input.rejectedBy}`,
    `${fieldLabels.date}: ${formatBusinessDateTime(input.rejectedAt, timeZone)}`,
    `${fieldLabels.reason}: ${input.reason.trim()}`,
    ...(remarks ? [`${fieldLabels.remarks}: ${remarks}`] : []),
    `${fieldLabels.actionRequired}: ${paymentCorrectionActionRequired}`,
    blockEnd,
  ].join('\n');
}

/** The notes with a correction block appended after a blank line. */
export function appendPaymentCorrection(
  notes: string | null | undefined,
  input: PaymentCorrectionInput,
  timeZone: string = businessTimeZone,
): string {
  const block = buildPaymentCorrectionBlock(input, timeZone);
  const existing = notes?.trimEnd();
  return existing ? `${existing}\n\n${block}` : block;
}

function readField(line: string): { field: FieldName; value: string } | null {
  for (const field of Object.keys(fieldLabels) as FieldName[]) {
    const prefix = `${fieldLabels[field]}:`;
    if (line.startsWith(prefix)) return { field, value: line.slice(prefix.length).trim() };
  }
  return null;
}

/**
 * Splits invoice notes into their correction blocks and the remaining free text. A line inside a
 * block that starts with no label continues the previous field, so multi-line reasons survive.
 * A block without its end marker is left in the free text untouched.
 */
export function parsePaymentCorrections(notes: string | null | undefined): {
  corrections: PaymentCorrection[];
  otherNotes: string;
} {
  const lines = (notes ?? '').split(/\r?\n/);
  const corrections: PaymentCorrection[] = [];
  const otherLines: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const start = blockStart.exec(lines[index].trim());
    const end = start ? lines.indexOf(blockEnd, index + 1) : -1;
    if (!start || end === -1) {
      otherLines.push(lines[index]);
      index += 1;
      continue;
    }
    const fields: Record<FieldName, string[]> = {
      rejectedBy: [],
      date: [],
      reason: [],
      remarks: [],
      actionRequired: [],
    };
    let current: FieldName | null = null;
    for (const line of lines.slice(index + 1, end)) {
      const field = readField(line);
      if (field) {
        current = field.field;
        fields[current].push(field.value);
      } else if (current) {
        fields[current].push(line);
      }
    }
    const text = (field: FieldName) => fields[field].join('\n').trim();
    corrections.push({
      rejectionNumber: Number(start[1]),
      rejectedBy: text('rejectedBy'),
      date: text('date'),
      reason: text('reason'),
      remarks: text('remarks') || null,
      actionRequired: text('actionRequired'),
    });
    index = end + 1;
  }
  return { corrections, otherNotes: otherLines.join('\n').trim() };
}
