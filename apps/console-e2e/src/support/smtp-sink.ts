import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message as the sink received it, with its quoted-printable body decoded. */
export interface ReceivedMail {
  to: string[];
  /** The whole message with soft line breaks and =XX escapes decoded, for finding links. */
  text: string;
}

/** A local SMTP server that keeps what it receives: the mail inbox of a journey. */
export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, to pass to the server as SMTP_URL. */
  url: string;
  /** Resolves with the first message to `to` received after `since` (an index into the inbox). */
  waitForMail: (to: string, since?: number, timeoutMs?: number) => Promise<ReceivedMail>;
  /** How many messages arrived so far; pass it to waitForMail to skip older ones. */
  count: () => number;
  close: () => Promise<void>;
}

/** Starts a sink on a free port of 127.0.0.1 (no TLS, no authentication). */
export async function startSmtpSink(): Promise<SmtpSink> {
  const inbox: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    count: () => inbox.length,
    async waitForMail(to, since = 0, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = inbox.slice(since).find((message) => message.to.includes(to));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`No mail to ${to} within ${timeoutMs / 1000} s`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
