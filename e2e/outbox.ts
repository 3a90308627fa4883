// The mail outbox of the server under test (no SMTP in e2e: mails are kept in the mail_outbox
// table of its SQLite file, whose directory run.ts passes as E2E_DATA_DIR).
import { join } from 'node:path';
import Database from 'better-sqlite3';

/** The newest mail to `to`, waiting for it to arrive. */
export async function latestMail(to: string, timeoutMs = 10_000): Promise<{ subject: string; body: string }> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: run the specs through npm run test:e2e');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const db = new Database(join(dir, 'stacksmith.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const row = db.prepare('select subject, body from mail_outbox where to_address = ? order by id desc limit 1').get(to.toLowerCase()) as { subject: string; body: string } | undefined;
      if (row) return row;
    } finally {
      db.close();
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} in the outbox`);
}

/** The path and query of the first link of a mail to this site. */
export function linkPath(body: string): string {
  const match = /https?:\/\/\S+/.exec(body);
  if (!match) throw new Error(`no link in the mail: ${body}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
