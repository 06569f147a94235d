import { AppError, conflict } from '../http/app-error';
import type { Mailer } from './mailer';

/** A billing document to e-mail to its client, its PDF rendered as a stream. */
export interface DocumentMail {
  to: string;
  subject: string;
  text: string;
  filename: string;
  pdf: NodeJS.ReadableStream;
}

/** What Send answers for a quotation or an invoice. */
export const documentSendingMessages = {
  emailed: (kind: 'Invoice' | 'Quotation', to: string) => `${kind} sent successfully to ${to}`,
  marked: (kind: 'Invoice' | 'Quotation') =>
    `${kind} marked as sent. No mail server is configured, so nothing was e-mailed.`,
  noEmail: (kind: 'invoice' | 'quotation') =>
    `The client has no e-mail address: add one to the client, then send the ${kind} again`,
} as const;

export const documentMailMessages = {
  failed:
    'The e-mail could not be sent, so the document stays unsent. Check the mail server settings and try again.',
} as const;

/** Collects a rendered PDF into one Buffer, as an attachment needs it. */
export async function pdfBuffer(pdf: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * E-mails the document with its PDF attached. A refusal by the SMTP server is a 502 whose message
 * names no server detail (the URL may carry credentials); the caller records nothing as sent.
 */
export async function emailDocument(
  mailer: Mailer,
  { pdf, filename, ...message }: DocumentMail,
): Promise<void> {
  const content = await pdfBuffer(pdf);
  try {
    await mailer.send({
      ...message,
      attachments: [{ filename, content, contentType: 'application/pdf' }],
    });
  } catch {
    throw new AppError(502, 'SERVICE_UNAVAILABLE', documentMailMessages.failed);
  }
}

/** What a document's e-mail says: the client to greet, the sentence about it, the sender. */
export interface DocumentLetter {
  kind: 'invoice' | 'quotation';
  number: string;
  client: { companyName: string; contactPerson?: string; email?: string };
  companyName: string;
  /** 'Please find attached invoice INV-1 for RM 216.00, due on 27/12/2026.' */
  sentence: string;
  /** Renders the PDF; called only when the mail is really sent. */
  pdf: () => NodeJS.ReadableStream;
}

/**
 * Send, for a quotation or an invoice: with SMTP configured, e-mails the document with its PDF to
 * the client's address and answers the address to record; without, answers that it is only
 * marked sent. 409 when there is no address to send to.
 */
export async function deliverDocument(
  mailer: Mailer,
  letter: DocumentLetter,
): Promise<{ sentTo: string | null; message: string }> {
  const title = letter.kind === 'invoice' ? 'Invoice' : 'Quotation';
  if (!mailer.delivers) return { sentTo: null, message: documentSendingMessages.marked(title) };
  const to = letter.client.email;
  if (!to) throw conflict(documentSendingMessages.noEmail(letter.kind));
  await emailDocument(mailer, {
    to,
    subject: `${title} ${letter.number} from ${letter.companyName}`,
    text: [
      `Dear ${letter.client.contactPerson || letter.client.companyName},`,
      letter.sentence,
      `Regards,\n${letter.companyName}`,
    ].join('\n\n'),
    filename: `${letter.kind}-${letter.number}.pdf`,
    pdf: letter.pdf(),
  });
  return { sentTo: to, message: documentSendingMessages.emailed(title, to) };
}
