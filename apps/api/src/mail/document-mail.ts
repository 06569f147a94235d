import { AppError } from '../http/app-error';
import type { Mailer } from './mailer';

/** A billing document to e-mail to its client, its PDF rendered as a stream. */
export interface DocumentMail {
  to: string;
  subject: string;
  text: string;
  filename: string;
  pdf: NodeJS.ReadableStream;
}

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
