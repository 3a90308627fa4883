// Outgoing mail behind one interface: SMTP through nodemailer when SMTP_URL is set,
// otherwise the mail_outbox table (read by tests and the dev console).
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Database } from '../db/schema.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

export class OutboxTransport implements MailTransport {
  constructor(private readonly db: Kysely<Database>, private readonly log?: (line: string) => void) {}
  async send(mail: Mail): Promise<void> {
    await this.db.insertInto('mail_outbox').values({
      to_address: mail.to, subject: mail.subject, body: mail.text, created_at: new Date().toISOString(),
    }).execute();
    this.log?.(`mail to ${mail.to} kept in the outbox: ${mail.subject}`);
  }
}

export class SmtpTransport implements MailTransport {
  private readonly transporter;
  /** `transport` is an SMTP URL (smtp://user:pass@host:587) or nodemailer transport options. */
  constructor(transport: string | Parameters<typeof nodemailer.createTransport>[0], private readonly from: string) {
    this.transporter = nodemailer.createTransport(transport);
  }
  /** Sends the mail; answers what the transport reports (the message for test transports). */
  async send(mail: Mail): Promise<void> {
    await this.sendWithInfo(mail);
  }
  async sendWithInfo(mail: Mail): Promise<unknown> {
    return this.transporter.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}
