// Session invalidation: a password change or reset ends every session opened
// before it, and GET /auth never trades such a token for a fresh one.
import { INVALID_TOKEN } from '@stacksmith/domain';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

describe.each(DB_KINDS)('sessions after a password change or reset on %s', (kind) => {
  let t: TestApp;
  // Tokens live a minute and refresh within the hour, so every check would answer a fresh token.
  beforeAll(async () => {
    t = await createTestApp(kind, { tokenTtlSeconds: 60, tokenRefreshWindowSeconds: 3600 }, false);
  });
  afterAll(async () => t.close());

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const accountInfo = (token: string) => t.app.inject({ method: 'GET', url: '/api/account-info', headers: bearer(token) });
  const check = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/main/${token}` });
  const login = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } })).json().access_token as string;

  async function expectRefused(token: string) {
    const info = await accountInfo(token);
    expect(info.statusCode).toBe(401);
    expect(info.json()).toEqual({ error: INVALID_TOKEN, code: 'invalid-token', params: {} });
    const refreshed = await check(token);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual({ error: INVALID_TOKEN, code: 'invalid-token', params: {} });
  }

  it('refuses every token issued before a password change, keeps the changing session on a fresh token', async () => {
    const user = await signUp(t.app, 'change@example.com', 'old-password');
    const otherDevice = await login(user.email, 'old-password');
    // Before the change the refresh trades the token for a fresh one (the near-expiry window).
    const refreshed = (await check(user.token)).json().new_token as string;
    expect(refreshed).not.toBe(user.token);
    expect((await accountInfo(refreshed)).statusCode).toBe(200);

    const changed = await t.app.inject({ method: 'POST', url: '/api/update-password', headers: user.headers, payload: { password: 'old-password', new_password: 'new-password' } });
    expect(changed.statusCode).toBe(200);
    const { success, access_token: fresh } = changed.json() as { success: boolean; access_token: string };
    expect(success).toBe(true);

    for (const old of [user.token, otherDevice, refreshed]) await expectRefused(old);
    expect((await accountInfo(fresh)).json()).toMatchObject({ email: 'change@example.com' });
    expect((await check(fresh)).json()).toMatchObject({ success: true, name: 'Test' });
    expect((await accountInfo(await login(user.email, 'new-password'))).statusCode).toBe(200);
  });

  it('refuses every token issued before a reset, including one refreshed just before it', async () => {
    const user = await signUp(t.app, 'reset@example.com', 'first-password');
    const refreshed = (await check(user.token)).json().new_token as string;
    await t.app.inject({ method: 'POST', url: '/api/send-reset-password', payload: { email: user.email } });
    const mail = await t.db.kysely.selectFrom('mail_outbox').select('body').where('to_address', '=', user.email).executeTakeFirstOrThrow();
    const resetToken = /token=([0-9a-f]+)/.exec(mail.body)![1]!;
    // Asking for a link changes nothing yet.
    expect((await accountInfo(user.token)).statusCode).toBe(200);

    const reset = await t.app.inject({ method: 'POST', url: '/api/reset-password', payload: { token: resetToken, password: 'second-password' } });
    expect(reset.json()).toEqual({ success: true });
    for (const old of [user.token, refreshed]) await expectRefused(old);
    const fresh = await login(user.email, 'second-password');
    expect((await accountInfo(fresh)).statusCode).toBe(200);
  });

  it('accepts a token from before token versions until the first change, then refuses it', async () => {
    const user = await signUp(t.app, 'legacy@example.com', 'legacy-password');
    const id = (await t.app.users.userForToken(user.token))!.id;
    const legacy = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(id)).setIssuedAt()
      .setExpirationTime('1h').sign(new TextEncoder().encode(t.config.jwtSecret!));
    expect((await accountInfo(legacy)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/update-password', headers: user.headers, payload: { password: 'legacy-password', new_password: 'changed-password' } });
    await expectRefused(legacy);
  });
});
