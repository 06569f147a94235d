import type { InvoiceReminder, RenewalRun } from '@patrol/contracts';
import type { InvoiceReminderRow, RenewalRunRow } from '../../db/schema';

/** A reminder row as the invoice detail shows it. */
export function presentReminder(row: InvoiceReminderRow): InvoiceReminder {
  return {
    id: row.id,
    stepDays: row.stepDays,
    sends: row.sends,
    sentTo: row.sentTo,
    subject: row.subject,
    text: row.text,
    sentAt: row.sentAt.toISOString(),
  };
}

/** A run row; `ranNow` says whether this call ran it. */
export function presentRun(row: RenewalRunRow, ranNow: boolean): RenewalRun {
  return {
    runDate: row.runDate,
    ranNow,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    quotationsDrafted: row.quotationsDrafted,
    invoicesDrafted: row.invoicesDrafted,
    remindersSent: row.remindersSent,
    transitions: row.transitions,
  };
}
