import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createMailer, type MailLogger } from './mailer';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';

let database: Database;
let sink: SmtpSink;
beforeAll(async () => {
  [database, sink] = await Promise.all([createTestDatabase(), startSmtpSink()]);
});
afterAll(async () => {
  await Promise.all([database.close(), sink.close()]);
});

function recordingLogger() {
  const lines: { details: object; message: string }[] = [];
  const logger: MailLogger = { info: (details, message) => lines.push({ details, message }) };
  return { logger, lines };
}

const message = {
  to: 'staff@example.test',
  subject: 'Reset your password',
  text: 'Open http://console.test/recovery?token=secret-token-value to choose a new password.',
};
const mailFrom = 'Patrol Management Console <no-reply@example.test>';

describe('mailer', () => {
  it('queues the message in the outbox without SMTP, logging that it was queued but not the body', async () => {
    const { logger, lines } = recordingLogger();
    await createMailer({ mailFrom }, database.db, logger).send(message);
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ ...message, sentAt: null });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.message).toMatch(/queued/);
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });

  it('sends through the SMTP server when one is configured', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer({ smtpUrl: sink.url, mailFrom }, database.db, logger);
    await mailer.send({ ...message, to: 'smtp@example.test' });
    mailer.close();
    const received = await sink.waitForMail('smtp@example.test');
    expect(received.from).toBe('no-reply@example.test');
    expect(received.decoded).toContain('Subject: Reset your password');
    expect(received.decoded).toContain('http://console.test/recovery?token=secret-token-value');
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
