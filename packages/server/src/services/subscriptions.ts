// Subscriptions: subscribe, upgrade, cancel, card change, renewals and lapses, through a
// payment provider. Each change adds a subscriptions row (the newest is current), so the
// history stays. Only the provider sees a card number; we keep its brand and last4.
import { type CardInput, coded, priceAfterPromo, type SubscriptionReply, TRIAL_DAYS } from '@stacksmith/domain';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SubscriptionsTable } from '../db/schema.js';
import { badRequest } from '../http-errors.js';
import { PaymentError, type PaymentProvider } from '../payments/provider.js';
import { FREE_PLAN, planById, planByName } from './plans.js';

type Db = Kysely<Database>;
type SubscriptionRow = Selectable<SubscriptionsTable>;

/** The plan answer: the domain's subscription reply (api-replies.ts). */
export type Subscription = SubscriptionReply;

export interface PlanChange {
  planName: string;
  promo?: string | undefined;
  yearly?: boolean | undefined;
  card?: CardInput | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of one billing period from `start` (a month or a year later). */
export function periodEnd(start: Date, yearly: boolean): Date {
  const end = new Date(start);
  if (yearly) end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

const normalizePromo = (code: string | undefined) => (code?.trim() ? code.trim().toUpperCase() : null);

async function promoPercent(db: Db, code: string | null, now: Date): Promise<number | null> {
  if (!code) return null;
  const row = await db.selectFrom('promo_codes').selectAll().where('code', '=', code).executeTakeFirst();
  if (!row || (row.valid_until !== null && Date.parse(row.valid_until) < now.getTime())) return null;
  return row.percent_off;
}

export async function promoIsValid(db: Db, code: string, now = new Date()): Promise<boolean> {
  return (await promoPercent(db, normalizePromo(code), now)) !== null;
}

/** The percentage off of a valid promo code, null when the code is unknown or expired. */
export async function promoPercentOff(db: Db, code: string, now = new Date()): Promise<number | null> {
  return promoPercent(db, normalizePromo(code), now);
}

/** The price of a plan for the period, after a promo's percentage, to the cent. */
export function priceOf(plan: { price: number; yearly_price: number }, yearly: boolean, percentOff: number | null): number {
  return priceAfterPromo(yearly ? plan.yearly_price : plan.price, percentOff);
}

async function latestSubscription(db: Db, userId: number): Promise<SubscriptionRow | undefined> {
  return db.selectFrom('subscriptions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
}

type NewRow = Omit<SubscriptionRow, 'id'>;

async function record(db: Db, userId: number, row: NewRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ plan_id: row.plan_id }).where('id', '=', userId).execute();
    await trx.insertInto('subscriptions').values(row).execute();
  });
}

export class SubscriptionService {
  constructor(private readonly db: Db, private readonly payments: PaymentProvider) {}

  /** The subscription as GET /plan answers it (after settling renewals and lapses). */
  async subscriptionOf(userId: number, now = new Date()): Promise<Subscription> {
    await this.settle(userId, now);
    const user = await this.db.selectFrom('users').select(['plan_id']).where('id', '=', userId).executeTakeFirstOrThrow();
    const plan = await planById(this.db, user.plan_id);
    const sub = await latestSubscription(this.db, userId);
    const current = sub && plan && sub.plan_id === plan.id ? sub : undefined;
    const yearly = current?.yearly === 1;
    const percent = current?.promo_code ? await promoPercent(this.db, current.promo_code, new Date(0)) : null;
    return {
      plan_name: plan?.name ?? null,
      permissions: plan?.permissions ?? {},
      plan_ends: current?.cancel_at ?? null,
      current_period_end: current?.current_period_end ?? null,
      trial_end: current?.trial_end ?? null,
      last4: sub?.card_last4 ?? null,
      brand: sub?.card_brand ?? null,
      yearly,
      price: plan ? priceOf(plan, yearly, percent) : 0,
      error: null,
    };
  }

  /**
   * Subscribes or changes plan (upgrade, downgrade, monthly/yearly). A paid plan needs a card,
   * given now or on file. The first paid subscription starts with a trial of TRIAL_DAYS; later
   * ones are charged at once. Choosing the free plan ends the paid one at once.
   */
  async changePlan(userId: number, input: PlanChange, now = new Date()): Promise<void> {
    const plan = await planByName(this.db, input.planName);
    if (!plan) throw badRequest(coded('unknown-plan', {}));
    const promo = normalizePromo(input.promo);
    const percent = await promoPercent(this.db, promo, now);
    if (promo && percent === null) throw badRequest(coded('invalid-promo-code', {}));
    const yearly = Boolean(input.yearly);
    const previous = await latestSubscription(this.db, userId);
    let card = previous?.card_last4 && previous.card_brand ? { brand: previous.card_brand, last4: previous.card_last4, reference: '' } : null;
    if (input.card) card = await this.saveCard(input.card, now);

    const price = priceOf(plan, yearly, percent);
    if (plan.price <= 0 && plan.yearly_price <= 0) {
      await record(this.db, userId, {
        user_id: userId, plan_id: plan.id, yearly: 0, current_period_end: null, cancel_at: null, trial_end: null,
        card_last4: card?.last4 ?? null, card_brand: card?.brand ?? null, promo_code: null, created_at: now.toISOString(),
      });
      return;
    }
    if (!card) throw badRequest(coded('card-required', {}));
    const hadPaid = await this.db.selectFrom('subscriptions').innerJoin('plans', 'plans.id', 'subscriptions.plan_id')
      .select('subscriptions.id').where('subscriptions.user_id', '=', userId).where('plans.price', '>', 0).executeTakeFirst();
    let trialEnd: string | null = null;
    let periodEndAt: Date;
    const runningTrial = previous?.trial_end && Date.parse(previous.trial_end) > now.getTime() ? previous.trial_end : null;
    if (!hadPaid || runningTrial) {
      // A trial: nothing is charged until it ends; the renewal date is the trial's end.
      trialEnd = runningTrial ?? new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString();
      periodEndAt = new Date(trialEnd);
    } else {
      const charge = await this.payments.charge(card, price, `${plan.name} (${yearly ? 'yearly' : 'monthly'})`);
      if (!charge.ok) throw badRequest(coded('payment-refused', { reason: charge.error }));
      periodEndAt = periodEnd(now, yearly);
    }
    await record(this.db, userId, {
      user_id: userId, plan_id: plan.id, yearly: yearly ? 1 : 0, current_period_end: periodEndAt.toISOString(), cancel_at: null,
      trial_end: trialEnd, card_last4: card.last4, card_brand: card.brand, promo_code: promo, created_at: now.toISOString(),
    });
  }

  /** Cancels at the end of the paid period (or trial): the plan stays until then. */
  async cancel(userId: number, now = new Date()): Promise<void> {
    await this.settle(userId, now);
    const sub = await latestSubscription(this.db, userId);
    const plan = sub ? await planById(this.db, sub.plan_id) : undefined;
    if (!sub || !plan || plan.price <= 0 || sub.cancel_at) throw badRequest(coded('no-subscription-to-cancel', {}));
    await this.db.updateTable('subscriptions').set({ cancel_at: sub.current_period_end ?? now.toISOString() }).where('id', '=', sub.id).execute();
  }

  /** Replaces the card on file (kept as brand and last4 only). */
  async changeCard(userId: number, card: CardInput, now = new Date()): Promise<{ brand: string; last4: string }> {
    const saved = await this.saveCard(card, now);
    const sub = await latestSubscription(this.db, userId);
    if (sub) {
      await this.db.updateTable('subscriptions').set({ card_last4: saved.last4, card_brand: saved.brand }).where('id', '=', sub.id).execute();
    } else {
      const free = await planByName(this.db, FREE_PLAN);
      if (free) {
        await record(this.db, userId, {
          user_id: userId, plan_id: free.id, yearly: 0, current_period_end: null, cancel_at: null, trial_end: null,
          card_last4: saved.last4, card_brand: saved.brand, promo_code: null, created_at: now.toISOString(),
        });
      }
    }
    return { brand: saved.brand, last4: saved.last4 };
  }

  /**
   * Brings one user's subscription up to `now` (true when it changed): a cancelled plan past its end falls back to the
   * free plan; a paid period that ended is renewed (charged) period by period.
   */
  async settle(userId: number, now = new Date()): Promise<boolean> {
    const sub = await latestSubscription(this.db, userId);
    if (!sub?.current_period_end) return false;
    const due = Math.min(Date.parse(sub.current_period_end), sub.cancel_at ? Date.parse(sub.cancel_at) : Infinity);
    if (due > now.getTime()) return false;
    const plan = await planById(this.db, sub.plan_id);
    if (!plan || plan.price <= 0) return false;
    if (sub.cancel_at) {
      if (Date.parse(sub.cancel_at) > now.getTime()) return false;
      const free = await planByName(this.db, FREE_PLAN);
      if (!free) return false;
      await record(this.db, userId, {
        user_id: userId, plan_id: free.id, yearly: 0, current_period_end: null, cancel_at: null, trial_end: null,
        card_last4: sub.card_last4, card_brand: sub.card_brand, promo_code: null, created_at: now.toISOString(),
      });
      return true;
    }
    let end = new Date(sub.current_period_end);
    if (end.getTime() > now.getTime()) return false;
    const yearly = sub.yearly === 1;
    const percent = await promoPercent(this.db, sub.promo_code, new Date(0));
    const card = { brand: sub.card_brand ?? '', last4: sub.card_last4 ?? '', reference: '' };
    while (end.getTime() <= now.getTime()) {
      const charge = await this.payments.charge(card, priceOf(plan, yearly, percent), `${plan.name} renewal`);
      if (!charge.ok) {
        // A failed renewal ends the plan at the period's end, as a cancel would.
        await this.db.updateTable('subscriptions').set({ cancel_at: end.toISOString() }).where('id', '=', sub.id).execute();
        return this.settle(userId, now);
      }
      end = periodEnd(end, yearly);
    }
    await this.db.updateTable('subscriptions').set({ current_period_end: end.toISOString(), trial_end: null }).where('id', '=', sub.id).execute();
    return true;
  }

  /** Settles every user whose period or cancellation is due (run on start and hourly). */
  async settleAll(now = new Date()): Promise<number> {
    const due = await this.db.selectFrom('subscriptions').select('user_id').distinct()
      .where((eb) => eb.or([eb('current_period_end', '<=', now.toISOString()), eb('cancel_at', '<=', now.toISOString())])).execute();
    for (const { user_id } of due) await this.settle(user_id, now);
    return due.length;
  }

  private async saveCard(card: CardInput, now: Date) {
    try {
      return await this.payments.saveCard(card, now);
    } catch (error) {
      if (error instanceof PaymentError) throw badRequest(coded('payment-refused', { reason: error.message }));
      throw error;
    }
  }
}
