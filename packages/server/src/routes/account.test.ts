import {
  CARD_EXPIRED, CARD_NUMBER_INVALID, CARD_REQUIRED, featureNotInPlan, featureNotInPlanError, INVALID_PROMO_CODE, NO_SUBSCRIPTION_TO_CANCEL, NOT_LOGGED_IN,
  overLineupLimit, planCatalogueReplySchema, subscriptionReplySchema, TRIAL_DAYS, UNKNOWN_PLAN,
} from '@stacksmith/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROMO_CODE } from '../demo/seed.js';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
const MASTERCARD = { number: '5555555555554444', expMonth: 1, expYear: 2041 };
const DAY = 24 * 60 * 60 * 1000;

describe.each(DB_KINDS)('plans, subscriptions and permissions on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app, 'boss@example.com');
    await t.app.users.setAdmin('boss@example.com', true);
  });
  afterAll(async () => t.close());

  const plan = async (headers: Record<string, string>) => (await t.app.inject({ method: 'GET', url: '/api/plan', headers })).json();
  const subscribe = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/plan', headers, payload });

  it('lists the plans with prices, permissions and lineup limits', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans as { name: string; price: number; yearly_price: number; lineup_limit: number; permissions: Record<string, unknown> }[];
    expect(plans.map((p) => [p.name, p.lineup_limit])).toEqual([['Free', 3], ['Pro', 20], ['Elite', 150]]);
    expect(plans[2]!.permissions['analytics.nfl.pre_build']).toBe(true);
    expect(plans[1]!.yearly_price).toBeGreaterThan(0);
    expect(res.json().provider).toBe('local');
    // The catalogue and a subscription are the domain's replies, field for field (the web client's types are these).
    expect(planCatalogueReplySchema.parse(res.json())).toEqual(res.json());
    const free = await plan((await signUp(t.app)).headers);
    expect(subscriptionReplySchema.parse(free)).toEqual(free);
    expect(free).toMatchObject({ plan_name: 'Free', price: 0 });
  });

  it('checks promo codes without a login', async () => {
    // percentOff: the checkout shows the discounted price once the code applies.
    expect((await t.app.inject({ method: 'GET', url: `/api/check-promo/${DEMO_PROMO_CODE}` })).json()).toEqual({ valid: true, percentOff: 20 });
    expect((await t.app.inject({ method: 'GET', url: `/api/check-promo/${DEMO_PROMO_CODE.toLowerCase()}` })).json()).toEqual({ valid: true, percentOff: 20 });
    expect((await t.app.inject({ method: 'GET', url: '/api/check-promo/NOPE' })).json()).toEqual({ valid: false, percentOff: null });
    await t.db.kysely.insertInto('promo_codes').values({ code: 'OLD10', percent_off: 10, valid_until: '2001-01-01T00:00:00Z' }).execute();
    expect((await t.app.inject({ method: 'GET', url: '/api/check-promo/OLD10' })).json()).toEqual({ valid: false, percentOff: null });
  });

  it('subscribes with a card and a promo code: a trial, brand and last4 only, a renewal date', async () => {
    const user = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: '/api/plan' })).json()).toEqual({ error: NOT_LOGGED_IN, code: 'not-logged-in', params: {} });
    expect(await plan(user.headers)).toMatchObject({ plan_name: 'Free', permissions: { 'opt.nfl.lineup_limit': 3 }, price: 0, last4: null });
    expect((await subscribe(user.headers, { planName: 'Gold' })).json()).toEqual({ error: UNKNOWN_PLAN, code: 'unknown-plan', params: {} });
    expect((await subscribe(user.headers, { planName: 'Pro', promo: 'NOPE', card: VISA })).json()).toEqual({ error: INVALID_PROMO_CODE, code: 'invalid-promo-code', params: {} });
    expect((await subscribe(user.headers, { planName: 'Pro' })).json()).toEqual({ error: CARD_REQUIRED, code: 'card-required', params: {} });
    const badNumber = await subscribe(user.headers, { planName: 'Pro', card: { ...VISA, number: '4242424242424241' } });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toEqual({ error: CARD_NUMBER_INVALID, code: 'payment-refused', params: { reason: CARD_NUMBER_INVALID } });
    expect((await subscribe(user.headers, { planName: 'Pro', card: { ...VISA, expYear: 2020 } })).json()).toEqual({ error: CARD_EXPIRED, code: 'payment-refused', params: { reason: CARD_EXPIRED } });
    expect((await plan(user.headers)).plan_name).toBe('Free');

    const before = Date.now();
    const pro = await subscribe(user.headers, { planName: 'Pro', promo: DEMO_PROMO_CODE, yearly: false, card: VISA });
    expect(pro.statusCode).toBe(200);
    const body = pro.json();
    expect(typeof body.access_token).toBe('string');
    expect(body.subscription).toMatchObject({ plan_name: 'Pro', price: 15.99, yearly: false, brand: 'Visa', last4: '4242', plan_ends: null });
    const trialEnd = Date.parse(body.subscription.trial_end);
    expect(trialEnd - before).toBeGreaterThanOrEqual(TRIAL_DAYS * DAY - 1000);
    expect(body.subscription.current_period_end).toBe(body.subscription.trial_end);
    const stored = JSON.stringify(await t.db.kysely.selectFrom('subscriptions').selectAll().execute());
    expect(stored).not.toContain('42424242');
    const info = (await t.app.inject({ method: 'GET', url: '/api/account-info', headers: user.headers })).json();
    expect(info).toMatchObject({ plan_name: 'Pro', first_name: 'Test' });
  });

  it('upgrades to yearly Elite with the card on file, charging at once after the trial', async () => {
    const user = await signUp(t.app);
    await subscribe(user.headers, { planName: 'Pro', card: VISA });
    const userId = (await t.app.users.userForToken(user.token))!.id;
    // End the trial: as if it had started TRIAL_DAYS + 1 days ago.
    await t.db.kysely.updateTable('subscriptions').set({ trial_end: new Date(Date.now() - DAY).toISOString(), current_period_end: new Date(Date.now() - DAY).toISOString() }).where('user_id', '=', userId).execute();
    const elite = (await subscribe(user.headers, { planName: 'Elite', yearly: true })).json().subscription;
    expect(elite).toMatchObject({ plan_name: 'Elite', yearly: true, price: 399, trial_end: null, last4: '4242' });
    const renewal = Date.parse(elite.current_period_end);
    expect(renewal - Date.now()).toBeGreaterThan(360 * DAY);
    expect(elite.permissions['opt.nfl.lineup_limit']).toBe(150);
  });

  it('renews a period that ended and lapses a cancelled plan to Free at its end', async () => {
    const user = await signUp(t.app);
    await subscribe(user.headers, { planName: 'Pro', card: VISA });
    const userId = (await t.app.users.userForToken(user.token))!.id;
    const past = new Date(Date.now() - 2 * DAY).toISOString();
    await t.db.kysely.updateTable('subscriptions').set({ current_period_end: past, trial_end: past }).where('user_id', '=', userId).execute();
    const renewed = await plan(user.headers);
    expect(renewed).toMatchObject({ plan_name: 'Pro', trial_end: null });
    expect(Date.parse(renewed.current_period_end)).toBeGreaterThan(Date.now() + 25 * DAY);

    const cancelled = await t.app.inject({ method: 'POST', url: '/api/plan/cancel', headers: user.headers });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().subscription).toMatchObject({ plan_name: 'Pro', plan_ends: renewed.current_period_end });
    expect((await t.app.inject({ method: 'POST', url: '/api/plan/cancel', headers: user.headers })).json()).toEqual({ error: NO_SUBSCRIPTION_TO_CANCEL, code: 'no-subscription-to-cancel', params: {} });
    // The plan still grants Pro features until the end of the period ...
    const build20 = () => t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/20', headers: user.headers });
    expect((await build20()).statusCode).toBe(200);
    await t.db.kysely.updateTable('subscriptions').set({ cancel_at: past }).where('user_id', '=', userId).where('cancel_at', 'is not', null).execute();
    // ... and falls back to Free after it.
    expect((await build20()).statusCode).toBe(403);
    expect(await plan(user.headers)).toMatchObject({ plan_name: 'Free', price: 0, plan_ends: null, last4: '4242' });
    const free = await signUp(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/plan/cancel', headers: free.headers })).json()).toEqual({ error: NO_SUBSCRIPTION_TO_CANCEL, code: 'no-subscription-to-cancel', params: {} });
  });

  it('changes the card through the provider and keeps each user\'s card to themselves', async () => {
    const user = await signUp(t.app);
    const other = await signUp(t.app);
    await subscribe(user.headers, { planName: 'Pro', card: VISA });
    const changed = await t.app.inject({ method: 'POST', url: '/api/account/update-credit-card', headers: user.headers, payload: { newCard: MASTERCARD } });
    expect(changed.json()).toEqual({ error: null, success: true, brand: 'Mastercard', last4: '4444' });
    expect(await plan(user.headers)).toMatchObject({ brand: 'Mastercard', last4: '4444', plan_name: 'Pro' });
    expect(await plan(other.headers)).toMatchObject({ brand: null, last4: null, plan_name: 'Free' });
    const bad = await t.app.inject({ method: 'POST', url: '/api/account/update-credit-card', headers: user.headers, payload: { newCard: { ...MASTERCARD, number: '5555555555554445' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: CARD_NUMBER_INVALID, code: 'payment-refused', params: { reason: CARD_NUMBER_INVALID } });
    expect(bad.body).not.toContain('5555555555554445');
    const malformed = await t.app.inject({ method: 'POST', url: '/api/account/update-credit-card', headers: user.headers, payload: { newCard: { last4: '4242', brand: 'Visa' } } });
    expect(malformed.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/account/update-credit-card', payload: { newCard: MASTERCARD } })).statusCode).toBe(401);
  });

  describe('gated calls', () => {
    const gated = [
      { key: 'opt.nfl.historical_data', method: 'GET', url: '/api/nfl/classic/dk/presets/26' },
      { key: 'analytics.nfl.pre_build', method: 'GET', url: '/api/nfl/analysis/build-analysis/player-count/26/5' },
      { key: 'analytics.nfl.pre_build', method: 'GET', url: '/api/nfl/analysis/build-analysis/position-ranks/26/20' },
    ] as const;

    it.each(gated)('$url needs $key: 401 for visitors, 403 with the feature named for a plan without it, 200 with it', async ({ key, method, url }) => {
      const visitor = await t.app.inject({ method, url });
      expect(visitor.statusCode).toBe(401);
      const free = await signUp(t.app);
      const refused = await t.app.inject({ method, url, headers: free.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: featureNotInPlan(key), ...featureNotInPlanError(key) });
      const pro = await signUp(t.app);
      await subscribe(pro.headers, { planName: 'Pro', card: VISA });
      expect((await t.app.inject({ method, url, headers: pro.headers })).statusCode).toBe(403);
      const elite = await signUp(t.app);
      await subscribe(elite.headers, { planName: 'Elite', card: VISA });
      expect((await t.app.inject({ method, url, headers: elite.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method, url, headers: admin.headers })).statusCode).toBe(200);
    });

    it('answers the lineup comparison\'s past-contest columns only with analytics.nfl.historical', async () => {
      const players = (await t.app.inject({ method: 'GET', url: '/api/nfl/players/dk/classic/main/Main/2023/1' })).json().players as Record<string, unknown>[];
      const lineup = { rawTable: players.slice(0, 9), lineupHash: 'x' };
      const compare = (headers?: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/nfl/summary-data/2023/1', headers, payload: { lineups: [lineup], slateSize: 13 } });
      const free = await signUp(t.app);
      for (const headers of [undefined, free.headers]) {
        const rows = (await compare(headers)).json().lineup_comparison as Record<string, unknown>[];
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) {
          expect(typeof row.MyPcts).toBe('number');
          expect([row.Finish1to5, row.Finish6to50, row.Cashed, row.Lost]).toEqual([null, null, null, null]);
        }
      }
      const full = (await compare(admin.headers)).json().lineup_comparison as Record<string, unknown>[];
      expect(full.some((r) => typeof r.Lost === 'number' && r.Lost > 0)).toBe(true);
    });

    it('refuses a build over the plan\'s lineup limit with 403 and the limit named', async () => {
      const free = await signUp(t.app);
      const over = await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/4', headers: free.headers });
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({ error: overLineupLimit(4, 3), code: 'over-lineup-limit', params: { requested: 4, limit: 3 } });
      expect((await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/3', headers: free.headers })).statusCode).toBe(200);
      const pro = await signUp(t.app);
      await subscribe(pro.headers, { planName: 'Pro', card: VISA });
      expect((await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/20', headers: pro.headers })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/nfl/built-lineups/main/dk/Main/1/2023/21', headers: pro.headers })).statusCode).toBe(403);
    });
  });
});
