import { readFileSync } from 'node:fs';
import { featureNotInPlan, featureNotInPlanError, getRoster, lateSwapEntriesReplySchema, TOO_MANY_BUILDS } from '@stacksmith/domain';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KINDS, signUp, type TestApp } from '../test-support/harness.js';

const SALARIES = readFileSync(new URL('./fixtures/dk-nfl-week1-salaries.csv', import.meta.url), 'utf8');
const ROSTER = getRoster('nfl', 'dk', 'classic');
const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };
// 1 pm games have started at this clock, the 4:25 pm ones have not.
const NOW = Date.parse('2023-09-10T14:00:00-04:00');
const EARLY = new Set(['CIN', 'CLE', 'JAX', 'IND']);

interface Row { ID: string; Position: string; Salary: string; TeamAbbrev: string; 'Game Info': string }
const rows = Papa.parse<Row>(SALARIES, { header: true, skipEmptyLines: true }).data.filter((r) => r['Game Info'] !== 'Postponed');

/** The cheapest legal lineup of the teams given (slot order QB RB RB WR WR WR TE FLEX DST). */
function cheapLineup(teams: (team: string) => boolean): string[] {
  const pool = rows.filter((r) => teams(r.TeamAbbrev)).sort((a, b) => Number(a.Salary) - Number(b.Salary));
  const used = new Set<string>();
  return ROSTER.slots.map((slot) => {
    const pick = pool.find((r) => !used.has(r.ID) && slot.eligible.includes(r.Position))!;
    used.add(pick.ID);
    return pick.ID;
  });
}

function entriesFile(lineups: string[][]): string {
  const header = ['Entry ID', 'Contest Name', 'Contest ID', 'Entry Fee', ...ROSTER.uploadHeader];
  const data = lineups.map((ids, i) => [String(5000 + i), i === 0 ? 'NFL $5 Double Up' : 'NFL $3 Millionaire Maker, 150 max', i === 0 ? '71' : '72', i === 0 ? '$5' : '$3', ...ids]);
  return Papa.unparse([header, ...data]);
}

describe.each(DB_KINDS)('late swap of an entries file on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind, { lateSwapNow: NOW }, false); });
  afterAll(async () => t.close());

  const eliteUser = async () => {
    const user = await signUp(t.app);
    const sub = await t.app.inject({ method: 'POST', url: '/api/plan', headers: user.headers, payload: { planName: 'Elite', card: VISA } });
    expect(sub.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${sub.json().access_token}` };
    const made = await t.app.inject({ method: 'POST', url: '/api/user-slates', headers, payload: { sport: 'nfl', site: 'dk', season: 2023, counter: '1', fileName: 'DKSalaries.csv', csv: SALARIES } });
    const slate = made.json().slate.slate as string;
    const players = (await t.app.inject({ method: 'GET', url: `/api/nfl/players/dk/classic/main/${slate}/2023/1`, headers })).json().players;
    return { headers, message: { sport: 'nfl', site: 'dk', contestType: 'classic', slate, season: 2023, counter: '1', players } };
  };

  it('swaps entry by entry: started players stay, an entry with every game started stays with the reason, entry columns kept', async () => {
    const { headers, message } = await eliteUser();
    const early = cheapLineup((team) => EARLY.has(team));
    const mixed = cheapLineup(() => true);
    const csv = entriesFile([early, mixed]);
    const res = await t.app.inject({ method: 'POST', url: '/api/late-swap-entries', headers, payload: { ...message, fileName: 'DKEntries.csv', csv } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // The reply is the domain's, field for field (the web client's type is this schema's).
    expect(lateSwapEntriesReplySchema.parse(body)).toEqual(body);
    expect(body.results[0]).toMatchObject({ entryId: '5000', status: 'unchanged', reason: "every player's game has started", after: early });
    const second = body.results[1];
    expect(second.entryId).toBe('5001');
    expect(second.status).toBe('swapped');
    // Players of 1 pm games keep their slots.
    const started = new Set(rows.filter((r) => EARLY.has(r.TeamAbbrev)).map((r) => r.ID));
    mixed.forEach((id, s) => { if (started.has(id)) expect(second.after[s]).toBe(id); });
    const back = Papa.parse<string[]>(body.csv, { skipEmptyLines: true }).data;
    expect(back.slice(1).map((r) => r.slice(0, 4))).toEqual([['5000', 'NFL $5 Double Up', '71', '$5'], ['5001', 'NFL $3 Millionaire Maker, 150 max', '72', '$3']]);
    expect(back[2]!.slice(4)).toEqual(second.after);
  });

  it('refuses a file of another slate and a plan without late swap', async () => {
    const { headers, message } = await eliteUser();
    const other = entriesFile([ROSTER.slots.map((_, s) => String(900 + s))]);
    const res = await t.app.inject({ method: 'POST', url: '/api/late-swap-entries', headers, payload: { ...message, fileName: 'DKEntries.csv', csv: other } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^DKEntries\.csv: 9 of the 9 players in the entries are not in the salary file .*another slate/);
    // Through the job thread the error keeps its code: a client tells it apart without reading the text.
    expect(res.json()).toMatchObject({ code: 'entries-other-slate', params: { fileName: 'DKEntries.csv', missing: 9, total: 9 } });
    const free = await signUp(t.app);
    const denied = await t.app.inject({ method: 'POST', url: '/api/late-swap-entries', headers: free.headers, payload: { ...message, fileName: 'DKEntries.csv', csv: other } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: featureNotInPlan('opt.nfl.after_start'), ...featureNotInPlanError('opt.nfl.after_start') });
  });

  it('counts as one of the builds the user runs at once, with the build socket\'s limiter', async () => {
    const { headers, message } = await eliteUser();
    const user = await t.app.users.userForToken(headers.authorization.slice('Bearer '.length));
    const max = t.app.config.maxBuildsPerUser;
    // The user's socket builds hold every slot (the same limiter the build socket takes them from).
    const held = await Promise.all(Array.from({ length: max }, () => t.app.buildLimiter.acquire(`user:${user!.id}`, max)));
    expect(held.every(Boolean)).toBe(true);
    const payload = { ...message, fileName: 'DKEntries.csv', csv: entriesFile([cheapLineup(() => true)]) };
    const refused = await t.app.inject({ method: 'POST', url: '/api/late-swap-entries', headers, payload });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_MANY_BUILDS, code: 'too-many-builds', params: {} });
    held[0]!.release();
    const swapped = await t.app.inject({ method: 'POST', url: '/api/late-swap-entries', headers, payload });
    expect(swapped.statusCode, swapped.body).toBe(200);
    // Its slot is given back when it ends.
    const again = await t.app.buildLimiter.acquire(`user:${user!.id}`, max);
    expect(again).not.toBeNull();
    again!.release();
    for (const lease of held.slice(1)) lease!.release();
  });
});
