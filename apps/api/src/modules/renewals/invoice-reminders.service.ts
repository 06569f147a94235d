import type { InvoiceRemindersResponse, ReminderSends, ReminderStep } from '@patrol/contracts';
import {
  addDays,
  businessDay,
  formatBusinessDate,
  formatMoney,
  reminderCatchUpDays,
  reminderStepDue,
  reminderStepLabel,
} from '@patrol/domain';
import type { AppContext } from '../../http/app-context';
import { notFound } from '../../http/app-error';
import { recordAudit } from '../audit/audit.service';
import {
  findUnpaidCandidate,
  invoiceWithPdf,
  unpaidInvoicesDueBetween,
  type UnpaidInvoice,
} from '../invoices/invoice-dues.service';
import { readRenewalSettings } from './overdue-standing.service';
import { presentReminder } from './renewals.presenter';
import { findRemindersOf, insertReminder } from './renewals.repo';
import { renewalMessages } from '@patrol/contracts';

type ReminderDeps = Pick<AppContext, 'db' | 'uploads' | 'mailer' | 'logger'>;

/**
 * The reminder's words: the same text is e-mailed and offered for WhatsApp. It mentions the
 * attachment only when the PDF is attached.
 */
export function reminderLetter(
  invoice: { invoiceNumber: string; dueDay: string; outstanding: number },
  client: { companyName: string; contactPerson?: string },
  companyName: string,
  stepDays: number,
  attached: boolean,
): { subject: string; text: string } {
  const amount = formatMoney(invoice.outstanding);
  const due = formatBusinessDate(invoice.dueDay);
  const sentence =
    stepDays < 0
      ? `Invoice ${invoice.invoiceNumber} for ${amount} is due on ${due}.`
      : stepDays === 0
        ? `Invoice ${invoice.invoiceNumber} for ${amount} is due today, ${due}.`
        : `Invoice ${invoice.invoiceNumber} for ${amount} was due on ${due} and is ${stepDays} days overdue.`;
  const text = [
    `Dear ${client.contactPerson || client.companyName},`,
    `${sentence}${attached ? ' Please find the invoice attached.' : ''} If you have already paid, thank you, and please ignore this reminder.`,
    `Regards,\n${companyName}`,
  ].join('\n\n');
  return {
    subject: `Payment reminder (${reminderStepLabel(stepDays)}): invoice ${invoice.invoiceNumber}`,
    text,
  };
}

/**
 * The day's reminders: every unpaid invoice whose ladder step falls today (or within the catch-up
 * window) gets what the step sends (e-mail with its PDF, e-mail alone, or only the WhatsApp text
 * offered on the invoice), recorded on the invoice. The step is recorded before the
 * mail leaves (the unique step row is the claim, so two runs never both send it); a mail server
 * refusing it is logged and the step is not sent again. Paid and validated, voided or credited
 * invoices are not unpaid, so their ladder stops at once. Answers how many were sent.
 */
export async function sendDueReminders(ctx: ReminderDeps, now: Date): Promise<number> {
  const settings = await readRenewalSettings(ctx.db);
  const steps = settings.reminderLadder;
  const ladder = steps.map((step) => step.days);
  const today = businessDay(now);
  const earliest = Math.min(...ladder);
  const latest = Math.max(...ladder);
  const invoices = await unpaidInvoicesDueBetween(
    ctx.db,
    addDays(today, -(latest + reminderCatchUpDays - 1)),
    addDays(today, -earliest),
  );
  const sent = await findRemindersOf(
    ctx.db,
    invoices.map((invoice) => invoice.id),
  );
  let count = 0;
  for (const invoice of invoices) {
    const done = sent.filter((row) => row.invoiceId === invoice.id).map((row) => row.stepDays);
    const due = reminderStepDue(invoice.dueDay, today, ladder, done);
    const step = steps.find((candidate) => candidate.days === due);
    if (!step) continue;
    if (await sendReminder(ctx, invoice, step, now)) count += 1;
  }
  return count;
}

/** Who the step e-mails: nobody for a WhatsApp step or a client without an address. */
function recipientOf(sends: ReminderSends, email: string | undefined): string | null {
  return sends === 'whatsapp' ? null : email || null;
}

async function sendReminder(
  ctx: ReminderDeps,
  unpaid: UnpaidInvoice,
  step: ReminderStep,
  now: Date,
): Promise<boolean> {
  const stepDays = step.days;
  const to = recipientOf(step.sends, unpaid.clientInfo.email);
  const attached = to !== null && step.sends === 'email_with_pdf';
  const { invoice, companyName, pdf } = await invoiceWithPdf(ctx, unpaid.id, now, attached);
  const letter = reminderLetter(
    {
      invoiceNumber: invoice.invoiceNumber,
      dueDay: unpaid.dueDay,
      outstanding: invoice.outstandingAmount,
    },
    invoice.clientInfo,
    companyName,
    stepDays,
    attached,
  );
  const recorded = await ctx.db.transaction(async (tx) => {
    const row = await insertReminder(tx, {
      invoiceId: unpaid.id,
      stepDays,
      sends: step.sends,
      sentTo: to,
      ...letter,
      sentAt: now,
    });
    if (!row) return false;
    await recordAudit(tx, {
      actorId: null,
      action: 'invoice.reminder_sent',
      entityType: 'invoice',
      entityId: unpaid.id,
      before: null,
      after: {
        invoiceNumber: unpaid.invoiceNumber,
        reminderStepDays: stepDays,
        sends: step.sends,
        sentTo: to,
      },
    });
    return true;
  });
  if (!recorded || !to) return recorded;
  try {
    await ctx.mailer.send({
      to,
      ...letter,
      attachments: pdf
        ? [
            {
              filename: `invoice-${invoice.invoiceNumber}.pdf`,
              content: pdf,
              contentType: 'application/pdf',
            },
          ]
        : [],
    });
  } catch (error) {
    ctx.logger.warn({ err: error, invoiceId: unpaid.id, stepDays }, 'payment reminder not sent');
    return false;
  }
  return true;
}

/** GET /api/business/invoices/{id}/reminders: the reminders sent for the invoice, oldest first. */
export async function listInvoiceReminders(
  db: AppContext['db'],
  invoiceId: string,
): Promise<InvoiceRemindersResponse> {
  const invoice = await findUnpaidCandidate(db, invoiceId);
  if (!invoice) throw notFound(renewalMessages.invoiceNotFound);
  const rows = await findRemindersOf(db, [invoiceId]);
  return { success: true, reminders: rows.map(presentReminder) };
}
