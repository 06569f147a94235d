import type { Invoice, InvoiceReminder } from '@patrol/contracts';
import { formatBusinessDateTime, reminderStepLabel } from '@patrol/domain';
import { useInvoiceReminders } from '@/features/billing/api/renewals';
import { WhatsAppButton } from './document-actions';

/** What a reminder did: e-mailed (with the PDF or not), or only its WhatsApp text. */
function reminderSent(reminder: InvoiceReminder): string {
  if (reminder.sends === 'whatsapp') return 'WhatsApp text only (not e-mailed)';
  if (!reminder.sentTo) return 'no e-mail address';
  return reminder.sends === 'email_with_pdf'
    ? `e-mailed to ${reminder.sentTo} with the invoice PDF`
    : `e-mailed to ${reminder.sentTo}`;
}

/** The payment reminders the ladder sent for an invoice, each offered again for WhatsApp. */
export function InvoiceRemindersSection({ invoice }: { invoice: Invoice }) {
  const reminders = useInvoiceReminders(invoice.id);
  const rows = reminders.data?.reminders;
  return (
    <section aria-labelledby={`reminders-${invoice.id}`} className="grid gap-2">
      <h3 id={`reminders-${invoice.id}`} className="text-sm font-semibold">
        Payment reminders
      </h3>
      {reminders.isError ? (
        <p role="alert" className="text-sm text-destructive">
          The reminders could not be loaded.
        </p>
      ) : !rows ? (
        <p className="text-sm text-muted-foreground">Loading reminders...</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No reminder has been sent for this invoice.</p>
      ) : (
        <ul className="grid gap-2">
          {rows.map((reminder) => (
            <li key={reminder.id} className="flex items-start justify-between gap-2 text-sm">
              <div>
                <div className="font-medium">{reminderStepLabel(reminder.stepDays)}</div>
                <div className="text-xs text-muted-foreground">
                  {formatBusinessDateTime(reminder.sentAt)} · {reminderSent(reminder)}
                </div>
              </div>
              <WhatsAppButton
                kind="invoice"
                number={invoice.invoiceNumber}
                clientName={invoice.clientInfo.companyName}
                phone={invoice.clientInfo.phone}
                message={() => reminder.text}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
