import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as received by the sink, with its quoted-printable body decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The whole message with soft line breaks and =XX escapes decoded, for finding links. */
  decoded: string;
}

/** A local SMTP server that keeps what it receives: the mail sink of tests and browser journeys. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, to pass as SMTP_URL. */
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `to` received from now or already received. */
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1 (no TLS, no authentication). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        };
        messages.push(mail);
        for (const waiter of waiters.filter((candidate) => mail.to.includes(candidate.to))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitForMail(to, timeoutMs = 5_000) {
      const received = messages.find((mail) => mail.to.includes(to));
      if (received) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No mail to ${to}`)), timeoutMs);
        waiters.push({
          to,
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
