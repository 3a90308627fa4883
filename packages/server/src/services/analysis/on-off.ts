// The NBA on/off model (docs/on-off.md): when players are off, their minutes go to teammates
// who play at least minMinutes, in proportion to those teammates' minutes (capped at 48, the
// overflow passed on), and the team's possessions they used go to the players on the floor,
// raising each one's usage and so their fantasy points per minute.
import { roundTo } from '@stacksmith/domain';

/** A row of the posted player table (the builder's player row plus ProjMins and optional Usage). */
export type OnOffRow = Record<string, unknown> & { Id?: unknown; Name?: unknown; TeamAbbrev?: unknown };

/** Per-player rates measured from game logs: fantasy points per minute and usage percent. */
export interface PlayerRates {
  pointsPerMinute: number;
  usage: number;
}

export const GAME_MINUTES = 48;
/** Usage when neither the game log nor the row gives one: a fifth of the possessions. */
export const DEFAULT_USAGE = 20;

const num = (value: unknown) => (Number.isFinite(Number(value)) ? Number(value) : 0);
export const minutesOf = (r: OnOffRow) => num(r.ProjMins ?? r.Min ?? r.Minutes);
const keyOf = (r: OnOffRow) => String(r.Id ?? r.Name);
const teamOf = (r: OnOffRow) => String(r.TeamAbbrev ?? '').toUpperCase();

/** Players with 0 projected minutes: the default off list. */
export function offList(playerTable: readonly OnOffRow[]): string[] {
  return playerTable.filter((r) => minutesOf(r) <= 0).map(keyOf);
}

/** Rates from game-log rows ({Min, DKPts|FDPts, Usg}); null when the logs have no minutes. */
export function ratesFromGameLogs(logs: readonly Record<string, unknown>[], site: string): PlayerRates | null {
  const pointsKey = site === 'fd' ? 'FDPts' : 'DKPts';
  const minutes = logs.reduce((a, g) => a + num(g.Min), 0);
  if (minutes <= 0) return null;
  const points = logs.reduce((a, g) => a + num(g[pointsKey]), 0);
  const usageMinutes = logs.reduce((a, g) => a + num(g.Usg ?? DEFAULT_USAGE) * num(g.Min), 0);
  return { pointsPerMinute: points / minutes, usage: usageMinutes / minutes };
}

/**
 * Shares `freed` minutes among players in proportion to their minutes, none above 48; what a
 * capped player cannot take goes to the others (water filling). Answers the added minutes.
 */
export function shareMinutes(minutes: readonly number[], freed: number): number[] {
  const added = minutes.map(() => 0);
  let left = freed;
  let open = minutes.map((m, i) => (m > 0 && m < GAME_MINUTES ? i : -1)).filter((i) => i >= 0);
  while (left > 1e-9 && open.length > 0) {
    const weight = open.reduce((a, i) => a + minutes[i]!, 0);
    let given = 0;
    const stillOpen: number[] = [];
    for (const i of open) {
      const want = (left * minutes[i]!) / weight;
      const room = GAME_MINUTES - minutes[i]! - added[i]!;
      const take = Math.min(want, room);
      added[i]! += take;
      given += take;
      if (take < want - 1e-9) continue;
      stillOpen.push(i);
    }
    left -= given;
    if (stillOpen.length === open.length) break;
    open = stillOpen;
  }
  return added;
}

export interface OnOffValues {
  OnOffMins: number;
  OnOffUsage: number;
  OnOffPts: number;
  OnOffDiff: number;
  OnOffValueDiff: number;
  Value: number;
}

/**
 * The report: each on player's new minutes, usage, projection and value; `values` lists those who
 * gain, most first; `players` every on player with at least minMinutes. Value is points per 1000
 * salary (per 10 for Yahoo, whose salaries run in tens of dollars, not thousands).
 */
export function onOffValues<R extends OnOffRow>(
  playerTable: readonly R[], off: readonly string[], minMinutes: number,
  options: { site?: string; rates?: ReadonlyMap<string, PlayerRates> } = {},
) {
  const offSet = new Set(off.map(String));
  const isOff = (r: OnOffRow) => offSet.has(String(r.Id)) || offSet.has(String(r.Name));
  const valuePer = options.site === 'ya' ? 10 : 1000;
  const ratesOf = (r: OnOffRow): PlayerRates => {
    const logged = options.rates?.get(String(r.Name));
    const mins = minutesOf(r);
    return {
      pointsPerMinute: logged?.pointsPerMinute ?? (mins > 0 ? num(r.ProjPts) / mins : 0),
      usage: logged?.usage ?? (r.Usage !== undefined ? num(r.Usage) : DEFAULT_USAGE),
    };
  };
  const teams = new Map<string, R[]>();
  for (const r of playerTable) teams.set(teamOf(r), [...(teams.get(teamOf(r)) ?? []), r]);

  const players: (R & OnOffValues)[] = [];
  for (const rows of teams.values()) {
    const on = rows.filter((r) => !isOff(r));
    const offRows = rows.filter(isOff);
    const freed = offRows.reduce((a, r) => a + minutesOf(r), 0);
    const receives = on.map((r) => minutesOf(r) >= minMinutes && minutesOf(r) > 0);
    const added = shareMinutes(on.map((r, i) => (receives[i] ? minutesOf(r) : 0)), freed);
    const newMinutes = on.map((r, i) => minutesOf(r) + added[i]!);
    // The team's usage-minutes stay the same: what the off players used is spread over the
    // players on the floor in proportion to their own usage-minutes.
    const usageMinutes = (r: OnOffRow, m: number) => ratesOf(r).usage * m;
    const before = rows.reduce((a, r) => a + usageMinutes(r, minutesOf(r)), 0);
    const after = on.reduce((a, r, i) => a + usageMinutes(r, newMinutes[i]!), 0);
    const usageFactor = after > 0 && before > after ? before / after : 1;
    on.forEach((r, i) => {
      const rates = ratesOf(r);
      const pts = num(r.ProjPts);
      const mins = newMinutes[i]!;
      const newPts = minutesOf(r) > 0 ? rates.pointsPerMinute * usageFactor * mins - rates.pointsPerMinute * minutesOf(r) + pts : pts;
      const salary = num(r.Salary);
      const value = (p: number) => (salary > 0 ? (p / salary) * valuePer : 0);
      players.push({
        ...r,
        OnOffMins: roundTo(mins, 2),
        OnOffUsage: roundTo(rates.usage * usageFactor, 2),
        OnOffPts: roundTo(newPts, 2),
        OnOffDiff: roundTo(newPts - pts, 2),
        Value: roundTo(value(newPts), 2),
        OnOffValueDiff: roundTo(value(newPts) - value(pts), 2),
      });
    });
  }
  const shown = players.filter((p) => p.OnOffMins >= minMinutes);
  // Who the player is, in the client's own values (the row's spread widens their types).
  const values = shown.filter((p) => p.OnOffDiff > 0).sort((a, b) => b.OnOffDiff - a.OnOffDiff)
    .map((p: R & OnOffValues) => ({ Id: p.Id as R['Id'], Name: p.Name as R['Name'], TeamAbbrev: p.TeamAbbrev as R['TeamAbbrev'], Salary: num(p.Salary), ProjMins: minutesOf(p), ProjPts: num(p.ProjPts), OnOffMins: p.OnOffMins, OnOffUsage: p.OnOffUsage, OnOffPts: p.OnOffPts, OnOffDiff: p.OnOffDiff, Value: p.Value, OnOffValueDiff: p.OnOffValueDiff }));
  return { values, players: shown, off_list: [...offSet] };
}
