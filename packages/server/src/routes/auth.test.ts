import { INVALID_CREDENTIALS, EMAIL_ALREADY_REGISTERED, INVALID_TOKEN, NOT_LOGGED_IN, PARTNER_LOGIN_FAILED, RESET_LINK_EXPIRED, TOO_MANY_LOGIN_ATTEMPTS, WRONG_PASSWORD } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactTokenPath } from '../app.js';
import { partnerToken } from '../services/users.js';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

describe.each(DB_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { brands: { main: {}, partner: { partnerSecret: 'partner-secret-0123456789' } } }, false);
  });
  afterAll(async () => t.close());

  it('signs up, logs in and checks the token', async () => {
    const user = await signUp(t.app, 'Alice@Example.com', 'password-1');
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'alice@example.com', password: 'password-1' } });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toMatchObject({ success: true, first_name: 'Test', error: null });
    expect(typeof body.access_token).toBe('string');
    const check = await t.app.inject({ method: 'GET', url: `/api/auth/main/${user.token}`, headers: user.headers });
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ success: true, new_token: user.token, admin: false, name: 'Test' });
  });

  it('stores a salted scrypt hash, never the password', async () => {
    await signUp(t.app, 'salt1@example.com', 'same-password');
    await signUp(t.app, 'salt2@example.com', 'same-password');
    const rows = await t.db.kysely.selectFrom('users').select(['password_hash', 'password_salt']).where('email', 'in', ['salt1@example.com', 'salt2@example.com']).execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.password_salt).not.toBe(rows[1]!.password_salt);
    expect(rows[0]!.password_hash).not.toBe(rows[1]!.password_hash);
    expect(rows.map((r) => r.password_hash).join()).not.toContain('same-password');
  });

  it('refuses a wrong password and a second account with the same email, in the spec shape with their codes', async () => {
    await signUp(t.app, 'bob@example.com', 'password-2');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'bob@example.com', password: 'nope-nope' } });
    expect(wrong.statusCode).toBe(200);
    expect(wrong.json()).toEqual({ success: false, access_token: null, first_name: null, error: INVALID_CREDENTIALS, code: 'invalid-credentials', params: {} });
    const again = await t.app.inject({ method: 'POST', url: '/api/sign-up', payload: { email: 'BOB@example.com', password: 'password-3', first_name: 'B', last_name: 'C' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ success: false, access_token: null, first_name: null, error: EMAIL_ALREADY_REGISTERED, code: 'email-already-registered', params: {} });
  });

  it('answers 400 with {error} for malformed bodies', async () => {
    for (const payload of [{}, { email: 'x' }, { email: 'not-an-email', password: 'longenough', first_name: 'a', last_name: 'b' }, [1, 2]]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/sign-up', payload });
      expect(res.statusCode).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    const badJson = await t.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error).toBeTruthy();
  });

  it('answers 401 for a forged or missing token', async () => {
    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/main/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad' });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: INVALID_TOKEN, code: 'invalid-token', params: {} });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/account-info' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: NOT_LOGGED_IN, code: 'not-logged-in', params: {} });
    const unknownBrand = await t.app.inject({ method: 'GET', url: '/api/auth/nobrand/abc' });
    expect(unknownBrand.statusCode).toBe(404);
  });

  it('refreshes a token near its expiry', async () => {
    const short = await createTestApp(kind, { tokenTtlSeconds: 60, tokenRefreshWindowSeconds: 3600 }, false);
    try {
      const user = await signUp(short.app);
      const check = await short.app.inject({ method: 'GET', url: `/api/auth/main/${user.token}` });
      const body = check.json();
      expect(body.success).toBe(true);
      expect(body.new_token).not.toBe(user.token);
      const again = await short.app.inject({ method: 'GET', url: '/api/account-info', headers: { authorization: `Bearer ${body.new_token}` } });
      expect(again.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('logs a partner user in by HMAC and finds the same account next time', async () => {
    const token = partnerToken('partner-secret-0123456789', 'partner', 'p-42');
    const first = await t.app.inject({ method: 'GET', url: `/api/auth/partner/${token}?id=p-42` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, admin: false, name: 'p-42' });
    await t.app.inject({ method: 'GET', url: `/api/auth/partner/${token}?id=p-42` });
    const rows = await t.db.kysely.selectFrom('users').select('id').where('partner_user_id', '=', 'p-42').execute();
    expect(rows).toHaveLength(1);
    const forged = await t.app.inject({ method: 'GET', url: `/api/auth/partner/${token}?id=p-43` });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ error: PARTNER_LOGIN_FAILED, code: 'partner-login-failed', params: {} });
    const noSecret = await t.app.inject({ method: 'GET', url: `/api/auth/main/${token}?id=p-42` });
    expect(noSecret.statusCode).toBe(401);
  });

  it('changes a password only with the old one', async () => {
    const user = await signUp(t.app, 'carol@example.com', 'old-password');
    const wrong = await t.app.inject({ method: 'POST', url: '/api/update-password', headers: user.headers, payload: { password: 'bad-password', new_password: 'new-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: WRONG_PASSWORD, code: 'wrong-password', params: {} });
    const ok = await t.app.inject({ method: 'POST', url: '/api/update-password', headers: user.headers, payload: { password: 'old-password', new_password: 'new-password' } });
    expect(ok.json()).toMatchObject({ success: true, access_token: expect.any(String) });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'carol@example.com', password: 'new-password' } });
    expect(login.json().success).toBe(true);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/update-password', payload: { password: 'a', new_password: 'new-password' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('mails a single-use reset link that expires', async () => {
    await signUp(t.app, 'dave@example.com', 'first-password');
    const sent = await t.app.inject({ method: 'POST', url: '/api/send-reset-password', payload: { email: 'dave@example.com' } });
    expect(sent.json()).toEqual({ success: true });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/send-reset-password', payload: { email: 'nobody@example.com' } });
    expect(unknown.json()).toEqual({ success: true });
    const mails = await t.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'dave@example.com').execute();
    expect(mails).toHaveLength(1);
    const token = /token=([0-9a-f]+)/.exec(mails[0]!.body)![1]!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password: 'second-password' } });
    expect(reset.json()).toEqual({ success: true });
    const reused = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token, password: 'third-password' } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: RESET_LINK_EXPIRED, code: 'reset-link-expired', params: {} });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'dave@example.com', password: 'second-password' } });
    expect(login.json().success).toBe(true);

    await t.app.inject({ method: 'POST', url: '/api/send-reset-password', payload: { email: 'dave@example.com' } });
    const latest = await t.db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', 'dave@example.com').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const expiring = /token=([0-9a-f]+)/.exec(latest.body)![1]!;
    await t.db.kysely.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('used_at', 'is', null).execute();
    const expired = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: expiring, password: 'fourth-password' } });
    expect(expired.json()).toEqual({ error: RESET_LINK_EXPIRED, code: 'reset-link-expired', params: {} });
  });

  it('keeps tokens out of logged paths', () => {
    expect(redactTokenPath('/api/auth/main/eyJ.abc.def?id=3')).toBe('/api/auth/main/[token]?id=3');
    expect(redactTokenPath('/api/login')).toBe('/api/login');
  });

  it('rate limits logins', async () => {
    const limited = await createTestApp(kind, { loginRateLimit: 3 }, false);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'x@example.com', password: 'whatever' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json()).toEqual({ error: TOO_MANY_LOGIN_ATTEMPTS, code: 'too-many-login-attempts', params: {} });
      }
      expect(codes).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});
