import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { AppDb } from '../db/client';
import { mailOutbox } from '../db/schema';

/** One outgoing message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along (a document's PDF); the outbox keeps only the text. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends mail through SMTP when configured, else keeps it in the outbox table. */
export interface Mailer {
  /** True when SMTP_URL is set, i.e. mail leaves the building rather than waiting in the outbox. */
  readonly delivers: boolean;
  /** Delivers or queues the message; rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  /** Closes the SMTP connection pool, if any. */
  close(): void;
}

/** The part of a pino logger the mailer uses. */
export interface MailLogger {
  info(details: object, message: string): void;
}

/**
 * With SMTP_URL, a nodemailer transport; without it, messages go to `mail_outbox` (where an
 * operator, or a test, reads them) and the log says one was queued. The log never carries the body:
 * reset and recovery links are bearer credentials.
 */
export function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>,
  db: AppDb,
  logger: MailLogger,
): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      delivers: true,
      async send(message) {
        await transport.sendMail({ from: config.mailFrom, ...message });
        logger.info({ to: message.to, subject: message.subject }, 'Mail sent');
      },
      close: () => transport.close(),
    };
  }
  return {
    delivers: false,
    async send(message) {
      await db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      logger.info(
        { to: message.to, subject: message.subject },
        'Mail queued in the outbox (no SMTP_URL configured)',
      );
    },
    close: () => {},
  };
}
