import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { DbExecutor } from '../../apps/api/src/db/client';
import { einvoiceDocuments, invoices } from '../../apps/api/src/db/schema';

type Status = (typeof einvoiceDocuments.$inferInsert)['status'];

/** The statuses the demo invoices' e-invoices are spread over, oldest invoice first. */
const statusCycle: Status[] = [
  'valid',
  'valid',
  'valid',
  'invalid',
  'submitted',
  'queued',
  'cancelled',
  'consolidated',
];

const lhdnId = (length: number) =>
  randomBytes(length).toString('hex').toUpperCase().slice(0, length);

/**
 * An e-invoice for each demo invoice, as the MyInvois worker would have left it: most Valid (with
 * uuid, longId and validation time; the second with the buyer's rejection request), one Invalid
 * with LHDN's error, some in flight, one cancelled, one set aside for the month's consolidated
 * e-invoice (a buyer without a TIN). Nothing is submitted: the seed never calls MyInvois.
 */
export async function seedDemoEinvoices(tx: DbExecutor, now: Date): Promise<number> {
  const rows = await tx.select().from(invoices).orderBy(asc(invoices.issueDate), asc(invoices.id));
  const values = rows.map((invoice, index) => {
    const status = statusCycle[index % statusCycle.length]!;
    const queuedAt = new Date(Math.min(now.getTime(), invoice.createdAt.getTime() + 1_000));
    const sent = status !== 'queued' && status !== 'consolidated';
    const rejected = index % statusCycle.length === 1;
    const validated = status === 'valid' || status === 'cancelled';
    return {
      kind: 'invoice' as const,
      documentId: invoice.id,
      number: invoice.invoiceNumber,
      clientName: invoice.clientInfo.companyName,
      issueDate: invoice.issueDate,
      totalAmount: invoice.totalAmount,
      status,
      uuid: sent ? lhdnId(26) : null,
      submissionUid: sent ? lhdnId(26) : null,
      longId: validated ? lhdnId(40) : null,
      submittedAt: sent ? new Date(queuedAt.getTime() + 3_000) : null,
      validatedAt: validated || status === 'invalid' ? new Date(queuedAt.getTime() + 9_000) : null,
      cancelledAt: status === 'cancelled' ? new Date(queuedAt.getTime() + 3_600_000) : null,
      cancelReason: status === 'cancelled' ? 'Wrong buyer details' : null,
      rejectionRequestedAt: rejected
        ? new Date(Math.min(now.getTime(), queuedAt.getTime() + 7_200_000))
        : null,
      statusReason: rejected ? 'Wrong invoice details' : null,
      attempts: sent ? 1 : 0,
      queuedAt,
      errors:
        status === 'invalid'
          ? [
              {
                source: 'validation' as const,
                code: 'CV302',
                message: 'Buyer TIN is not valid.',
                target: 'Invoice.AccountingCustomerParty.Party.PartyIdentification.ID',
                at: queuedAt.toISOString(),
              },
            ]
          : [],
    };
  });
  if (values.length > 0) await tx.insert(einvoiceDocuments).values(values);
  return values.length;
}
