// Writes the demo data set. On first start (no nfl slates yet) the whole nfl season goes in;
// on every start the date-based slates around today are added when missing.
import { todayDate } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toJson } from '../services/json.js';
import { hashPassword } from '../services/passwords.js';
import { planByName } from '../services/plans.js';
import { DATE_SPORTS, dateSlates, datesAround } from './dates.js';
import { nflDemo, type NflDemoOptions } from './nfl.js';
import { nbaGameLogs } from './nba.js';
import type { DemoData, DemoGameLog, DemoSlate } from './types.js';

const BATCH = 400;

async function inBatches<T>(rows: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await write(rows.slice(i, i + BATCH));
}

export async function writeSlates(db: Kysely<Database>, slates: readonly DemoSlate[]): Promise<void> {
  for (const slate of slates) {
    const { id } = await db.insertInto('slates').values({
      sport: slate.sport, site: slate.site, contest_type: slate.contestType, season: slate.season, counter: slate.counter,
      name: slate.name, updated_at: slate.updatedAt, max_salary: slate.maxSalary,
    }).returning('id').executeTakeFirstOrThrow();
    await inBatches(slate.players, (batch) => db.insertInto('slate_players').values(batch.map((p) => ({
      slate_id: id, player_id: p.Id, roster_position: p.RosterPosition ?? null, data: toJson(p),
    }))).execute());
  }
}

async function writeGameLogs(db: Kysely<Database>, logs: readonly DemoGameLog[]): Promise<void> {
  await inBatches(logs, (batch) => db.insertInto('game_logs').values(batch.map((g) => ({
    sport: g.sport, season: g.season, week: g.week, player_name: g.playerName, position: g.position, team: g.team, data: toJson(g.data),
  }))).execute());
}

export async function writeDemoData(db: Kysely<Database>, data: DemoData): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeSlates(trx, data.slates);
    await writeGameLogs(trx, data.gameLogs);
    await inBatches(data.props, (batch) => trx.insertInto('props').values(batch.map((p) => ({
      sport: p.sport, season: p.season, week: p.week, market: p.market, name: p.name, team: p.team, position: p.position,
      odds_american: p.oddsAmerican,
    }))).execute());
    await inBatches(data.contestResults, (batch) => trx.insertInto('contest_results').values(batch.map((c) => ({
      sport: c.sport, site: c.site, contest_type: c.contestType, season: c.season, counter: c.counter, slate: c.slate,
      contest_name: c.contestName, field_size: c.fieldSize, cash_line: c.cashLine, rank: c.rank, entry_name: c.entryName,
      points: c.points, lineup: toJson(c.lineup),
    }))).execute());
  });
}

/** The demo account: a subscriber of the top plan, so that a fresh install can build at once. */
export const DEMO_USER = { email: 'demo@stacksmith.local', password: 'stacksmith-demo', firstName: 'Demo', lastName: 'User' };

/** A promo code of the demo data set (20 % off). */
export const DEMO_PROMO_CODE = 'WELCOME20';

export interface SeedOptions {
  nfl?: NflDemoOptions;
  /** The day the date slates centre on (default: today by the spec's 'today' helper). */
  today?: string;
  /** Days before and after today with date slates. */
  datesBefore?: number;
  datesAfter?: number;
  /** Sports with date slates (default all). */
  dateSports?: readonly (typeof DATE_SPORTS)[number][];
}

export interface SeedReport {
  nflSeeded: boolean;
  nbaGameLogsSeeded: boolean;
  dateSlatesAdded: number;
}

export async function seedDemo(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedReport> {
  const report: SeedReport = { nflSeeded: false, nbaGameLogsSeeded: false, dateSlatesAdded: 0 };
  const anyNfl = await db.selectFrom('slates').select('id').where('sport', '=', 'nfl').limit(1).executeTakeFirst();
  if (!anyNfl) {
    await writeDemoData(db, nflDemo(options.nfl));
    report.nflSeeded = true;
    await seedDemoUser(db);
    await db.insertInto('promo_codes').values({ code: DEMO_PROMO_CODE, percent_off: 20, valid_until: null })
      .onConflict((oc) => oc.column('code').doNothing()).execute();
  }
  if ((options.dateSports ?? DATE_SPORTS).includes('nba')) report.nbaGameLogsSeeded = await seedNbaGameLogs(db);
  report.dateSlatesAdded = await seedDemoDates(db, options);
  return report;
}

/** The date slates around today (options.today, else the clock's day), written when missing. */
async function seedDemoDates(db: Kysely<Database>, options: SeedOptions): Promise<number> {
  const dates = datesAround(options.today ?? todayDate(Date.now()), options.datesBefore ?? 3, options.datesAfter ?? 3);
  let added = 0;
  for (const sport of options.dateSports ?? DATE_SPORTS) {
    for (const date of dates) added += await seedDemoDate(db, sport, date);
  }
  return added;
}

/** How often a running server looks whether the days around today have their demo slates. */
export const DEMO_DATES_CHECK_MS = 60 * 60 * 1000;

/**
 * Keeps the demo's date slates around today as the days pass on a server that runs for weeks:
 * every DEMO_DATES_CHECK_MS the missing days are written, by the server itself and never by a
 * request (so a GET never writes). Answers the function that stops it.
 */
export function keepDemoDatesCurrent(db: Kysely<Database>, options: SeedOptions, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => void seedDemoDates(db, options).catch(onError), DEMO_DATES_CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The nba game logs of the demo rosters, written when there are no nba game logs yet (an older demo database gets them too). */
async function seedNbaGameLogs(db: Kysely<Database>): Promise<boolean> {
  const any = await db.selectFrom('game_logs').select('id').where('sport', '=', 'nba').limit(1).executeTakeFirst();
  if (any) return false;
  await db.transaction().execute((trx) => writeGameLogs(trx, nbaGameLogs()));
  return true;
}

/** The demo slates of one date-sport day, written when missing (answers how many were added). */
export async function seedDemoDate(db: Kysely<Database>, sport: string, date: string): Promise<number> {
  if (!(DATE_SPORTS as readonly string[]).includes(sport) || !/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return 0;
  const exists = await db.selectFrom('slates').select('id').where('sport', '=', sport).where('counter', '=', date).limit(1).executeTakeFirst();
  if (exists) return 0;
  const slates = dateSlates(sport as (typeof DATE_SPORTS)[number], date);
  try {
    await db.transaction().execute((trx) => writeSlates(trx, slates));
  } catch (error) {
    // Two requests for the same new day: the other one wrote it (unique slate key).
    const written = await db.selectFrom('slates').select('id').where('sport', '=', sport).where('counter', '=', date).limit(1).executeTakeFirst();
    if (written) return 0;
    throw error;
  }
  return slates.length;
}

async function seedDemoUser(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', DEMO_USER.email).executeTakeFirst();
  if (existing) return;
  const plan = await planByName(db, 'Elite');
  const { hash, salt } = await hashPassword(DEMO_USER.password);
  const now = new Date();
  const user = await db.insertInto('users').values({
    email: DEMO_USER.email, password_hash: hash, password_salt: salt, first_name: DEMO_USER.firstName, last_name: DEMO_USER.lastName,
    admin: 0, plan_id: plan?.id ?? null, partner_brand: null, partner_user_id: null, created_at: now.toISOString(),
  }).returning('id').executeTakeFirstOrThrow();
  // The demo Elite account is a yearly subscriber with a card on file, so the account page shows
  // what a subscriber sees: the renewal date and the card (a test card number, never charged).
  if (plan) {
    const renewal = new Date(now);
    renewal.setUTCFullYear(renewal.getUTCFullYear() + 1);
    await db.insertInto('subscriptions').values({
      user_id: user.id, plan_id: plan.id, yearly: 1, current_period_end: renewal.toISOString(), cancel_at: null, trial_end: null,
      card_last4: DEMO_CARD.last4, card_brand: DEMO_CARD.brand, promo_code: null, created_at: now.toISOString(),
    }).execute();
  }
}

/** The demo subscriber's card on file (Visa's public test number ends 4242). */
export const DEMO_CARD = { brand: 'Visa', last4: '4242' } as const;
