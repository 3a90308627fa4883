import { describe, expect, it } from 'vitest';
import { OutboxTransport, SmtpTransport } from './mail.js';
import { openTestDb } from '../test-support/harness.js';

describe('mail transports', () => {
  it('keeps mails in the outbox table without SMTP', async () => {
    const { db, drop } = await openTestDb('sqlite');
    try {
      const lines: string[] = [];
      await new OutboxTransport(db.kysely, (line) => lines.push(line)).send({ to: 'a@example.com', subject: 'Hi', text: 'Body' });
      const rows = await db.kysely.selectFrom('mail_outbox').selectAll().execute();
      expect(rows.map((r) => [r.to_address, r.subject, r.body])).toEqual([['a@example.com', 'Hi', 'Body']]);
      expect(lines[0]).toMatch(/a@example.com/);
    } finally {
      await db.close();
      await drop();
    }
  });

  it('hands mails to nodemailer with the configured sender', async () => {
    const smtp = new SmtpTransport({ jsonTransport: true }, 'Stacksmith <no-reply@example.com>');
    const info = await smtp.sendWithInfo({ to: 'b@example.com', subject: 'Reset', text: 'Link' }) as { message: string };
    const message = JSON.parse(info.message) as { from: { address: string }; to: { address: string }[]; subject: string; text: string };
    expect(message.from.address).toBe('no-reply@example.com');
    expect(message.to[0]!.address).toBe('b@example.com');
    expect([message.subject, message.text]).toEqual(['Reset', 'Link']);
  });
});
