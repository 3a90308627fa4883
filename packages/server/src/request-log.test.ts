// The request log keeps tokens out: a reset token read from the log reset a
// password. The whole reset flow runs with the logger on, the mailed link opened as a browser
// would (the web app is served by the same process), and no log line may hold the token.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggedPath } from './app.js';
import { configFromEnv } from './config.js';
import { DB_KINDS, openTestDb, signUp } from './test-support/harness.js';

describe.each(DB_KINDS)('the request log on %s', (kind) => {
  const lines: string[] = [];
  const logStream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  let webDist: string;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'stacksmith-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Stacksmith</title>');
    const opened = await openTestDb(kind);
    drop = opened.drop;
    closeDb = () => opened.db.close();
    const config = configFromEnv({}, { logger: true, jwtSecret: 'test-secret-0123456789abcdef', seedDemo: false, buildWorkers: 1, webDist, smtpUrl: undefined });
    app = await buildApp(config, { db: opened.db, logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDb();
    await drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('holds no reset token and no access token through a whole reset flow', async () => {
    const user = await signUp(app, 'logged@example.com', 'first-password');
    await app.inject({ method: 'GET', url: `/api/auth/main/${user.token}` });
    await app.inject({ method: 'POST', url: '/api/send-reset-password', payload: { email: user.email } });
    const mail = await app.db.selectFrom('mail_outbox').select('body').where('to_address', '=', user.email).executeTakeFirstOrThrow();
    const link = /(\S+\/reset-password\?token=([0-9a-f]+))/.exec(mail.body)!;
    const [, href, resetToken] = link as unknown as [string, string, string];
    // The browser opens the mailed link: the web app's page, served by this process.
    const page = await app.inject({ method: 'GET', url: href.slice(href.indexOf('/reset-password')) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Stacksmith');
    const wrong = await app.inject({ method: 'POST', url: `/api/reset-password?token=${resetToken}`, payload: { token: 'not-it', password: 'second-password' } });
    expect(wrong.statusCode).toBe(400);
    const reset = await app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: resetToken, password: 'second-password' } });
    expect(reset.json()).toEqual({ success: true });

    const log = lines.join('');
    // The log did record these requests (so the test could fail), by path.
    expect(log).toContain('"url":"/reset-password"');
    expect(log).toContain('"url":"/api/reset-password"');
    expect(log).toContain('"url":"/api/auth/main/[token]"');
    expect(log).not.toContain(resetToken);
    expect(log).not.toContain(user.token);
  });

  it('logs paths only, with path tokens redacted', () => {
    expect(loggedPath('/reset-password?token=abc')).toBe('/reset-password');
    expect(loggedPath('/api/auth/main/eyJ.abc.def?id=3')).toBe('/api/auth/main/[token]');
    expect(loggedPath('/api/login')).toBe('/api/login');
  });
});
