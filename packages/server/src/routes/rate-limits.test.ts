// Rate limits (docs/server.md "Limits"): sign-ups per address, wrong current passwords per account,
// writes without login per address; each refusal is 429 {error} with a Retry-After.
import { TOO_MANY_PASSWORD_ATTEMPTS, TOO_MANY_REQUESTS, TOO_MANY_SIGN_UPS, WRONG_PASSWORD } from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

describe.each(DB_KINDS)('rate limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { signUpRateLimit: 3, passwordAttemptLimit: 2, visitorWriteRateLimit: 2, loginRateLimit: 2 }, false);
  });
  afterAll(async () => t.close());

  const signUpFrom = (remoteAddress: string, email: string) => t.app.inject({
    method: 'POST', url: '/api/sign-up', remoteAddress, payload: { email, password: 'long-enough', first_name: 'A', last_name: 'B' },
  });

  it('limits sign-ups per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signUpFrom('10.0.0.1', `many${i}@example.com`)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
    const refused = await signUpFrom('10.0.0.1', 'late@example.com');
    expect(refused.json()).toEqual({ error: TOO_MANY_SIGN_UPS, code: 'too-many-sign-ups', params: {} });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const rows = await t.db.kysely.selectFrom('users').select('email').where('email', 'like', 'many%').execute();
    expect(rows).toHaveLength(3);
    // Another address is counted apart.
    expect((await signUpFrom('10.0.0.2', 'elsewhere@example.com')).json()).toMatchObject({ success: true });
  });

  it('limits wrong current passwords per account; right ones do not count', async () => {
    const mallory = await signUp(t.app, 'target@example.com', 'the-password');
    const update = (headers: Record<string, string>, password: string, newPassword = 'next-password') =>
      t.app.inject({ method: 'POST', url: '/api/update-password', headers, payload: { password, new_password: newPassword } });
    for (let i = 0; i < 2; i++) {
      const wrong = await update(mallory.headers, `guess-${i}-guess`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({ error: WRONG_PASSWORD, code: 'wrong-password', params: {} });
    }
    // The right password is refused too once the limit is reached: guessing stops here.
    const blocked = await update(mallory.headers, 'the-password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: TOO_MANY_PASSWORD_ATTEMPTS, code: 'too-many-password-attempts', params: {} });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'target@example.com', password: 'the-password' } });
    expect(login.json().success).toBe(true);

    // Another account from the same address is not affected, and changing one's password again and again is fine.
    let headers = (await signUp(t.app, 'other@example.com', 'password-0')).headers;
    for (let i = 0; i < 4; i++) {
      const ok = await update(headers, `password-${i}`, `password-${i + 1}`);
      expect(ok.statusCode).toBe(200);
      headers = { authorization: `Bearer ${ok.json().access_token}` };
    }
  });

  it("limits visitors' built-lineups records per address, not logged-in users'", async () => {
    const url = '/api/nfl/built-lineups/main/dk/Main/1/2023/3';
    const visitor = [];
    for (let i = 0; i < 3; i++) visitor.push(await t.app.inject({ method: 'POST', url, remoteAddress: '10.0.1.1' }));
    expect(visitor.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    expect(visitor[2]!.json()).toEqual({ error: TOO_MANY_REQUESTS, code: 'too-many-requests', params: {} });
    const user = await signUp(t.app);
    for (let i = 0; i < 4; i++) {
      expect((await t.app.inject({ method: 'POST', url, remoteAddress: '10.0.1.1', headers: user.headers })).statusCode).toBe(200);
    }
    const rows = await t.db.kysely.selectFrom('built_lineups').select('user_id').execute();
    expect(rows.filter((r) => r.user_id === null)).toHaveLength(2);
  });

  it('limits reset-link requests and reset attempts per address', async () => {
    const send = [];
    for (let i = 0; i < 3; i++) send.push(await t.app.inject({ method: 'POST', url: '/api/send-reset-password', remoteAddress: '10.0.2.1', payload: { email: 'x@example.com' } }));
    expect(send.map((r) => r.statusCode)).toEqual([200, 200, 429]);
    expect(send[2]!.json()).toEqual({ error: TOO_MANY_REQUESTS, code: 'too-many-requests', params: {} });
    const reset = [];
    for (let i = 0; i < 3; i++) reset.push(await t.app.inject({ method: 'POST', url: '/api/reset-password', remoteAddress: '10.0.2.1', payload: { token: `guess${i}`, password: 'long-enough' } }));
    expect(reset.map((r) => r.statusCode)).toEqual([400, 400, 429]);
  });
});
