// From the optimizer's player rows and lineups to the simulation's slate: one option per
// candidate of the pool (a showdown player is a captain option and a flex option of one real
// player), each real player's mean the points the build uses before randomness.
import { coded, findRoster, resolveSettings, UnknownRosterError, type CodedMessage } from '@stacksmith/domain';
import type { SelectionLimit, SimOption, SimPlayer, SimSlate } from '@stacksmith/sim';
import { basePoints, buildPool, type Pool } from './pool.js';
import { InputError, type BuildRequest, type Lineup } from './types.js';

export interface SimulationSlate {
  slate: SimSlate;
  pool: Pool;
  /** Option index of each (unit, slot group): unitGroupOption[unit][group], −1 if none. */
  unitGroupOption: number[][];
  /** Slot group of each roster slot. */
  slotGroup: number[];
  idToUnit: Map<string, number>;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The most points a simulation accepts for one player's mean or ceiling: far above any real
 * score (an nba 100-point night, a golfer's 150), far below where sums of points lose their
 * precision. ProjPts 1e308 would otherwise make every lineup holding him win every simulation.
 */
export const MAX_SIMULATED_POINTS = 1000;

/** The first value of a row a simulation cannot use, as an error message; null when all are usable. */
function absurdValue(row: Pool['units'][number], mean: number): CodedMessage | null {
  const name = row.Name || row.Id;
  const points = `at most ${MAX_SIMULATED_POINTS} points`;
  if (!Number.isFinite(mean) || Math.abs(mean) > MAX_SIMULATED_POINTS) return coded('simulation-absurd-value', { player: name, field: 'projected points', value: String(mean), limit: points });
  const ceiling: unknown = row.Ceiling;
  if (typeof ceiling === 'number' && (!Number.isFinite(ceiling) || Math.abs(ceiling) > MAX_SIMULATED_POINTS)) return coded('simulation-absurd-value', { player: name, field: 'Ceiling', value: String(ceiling), limit: points });
  for (const key of ['ProjOwn', 'UserOwn'] as const) {
    const value: unknown = row[key];
    if (typeof value === 'number' && (!Number.isFinite(value) || value < 0 || value > 100)) return coded('simulation-absurd-value', { player: name, field: key, value: String(value), limit: 'a percentage from 0 to 100' });
  }
  return null;
}

export function simulationSlate(request: Pick<BuildRequest, 'sport' | 'site' | 'contestType' | 'players' | 'settings'>): SimulationSlate {
  const roster = findRoster(request.sport, request.site, request.contestType);
  if (!roster) throw new InputError(new UnknownRosterError(request.sport, request.site, request.contestType).coded);
  // Everyone in the pool may be in an opponent's lineup: no minutes filter here.
  const settings = { ...resolveSettings(request.sport, request.site, request.contestType, request.settings ?? {}), minMinutes: 0 };
  const pool = buildPool(roster, request.players, settings);
  const slotGroup = roster.slots.map((_, s) => pool.groups.findIndex((g) => g.slots.includes(s)));
  const captainMultiplier = pool.groups.find((g) => g.captain)?.pointsMultiplier ?? 1;

  // A real player's mean and ceiling: from a flex row when there is one, else the captain row ÷ its multiplier.
  const players: SimPlayer[] = pool.playerCandidates.map((cands) => {
    const flex = cands.find((c) => !pool.groups[pool.candidates[c]!.group]!.captain);
    const cand = pool.candidates[flex ?? cands[0]!]!;
    const row = pool.units[cand.unit]!;
    const scale = flex === undefined && row.RosterPosition ? captainMultiplier : 1;
    const player: SimPlayer = {
      name: row.Name, team: row.TeamAbbrev, opp: row.Opp ?? '', position: cand.primary, mean: basePoints(row, 0) / scale,
    };
    if (finite(row.Ceiling)) player.ceiling = row.Ceiling / scale;
    const absurd = absurdValue(row, player.mean * scale);
    if (absurd) throw new InputError(absurd);
    return player;
  });
  // mma: a fighter and the opponent his Opp names (by name) never share a lineup, in the field either.
  if (roster.oneSideOfMatchup) {
    const byName = new Map<string, number[]>();
    players.forEach((p, i) => byName.set(p.name.trim().toLowerCase(), [...(byName.get(p.name.trim().toLowerCase()) ?? []), i]));
    players.forEach((p, i) => {
      const others = (byName.get(p.opp.trim().toLowerCase()) ?? []).filter((o) => o !== i);
      for (const o of others) {
        (p.apart ??= []).push(o);
        (players[o]!.apart ??= []).push(i);
      }
    });
    for (const p of players) if (p.apart) p.apart = [...new Set(p.apart)];
  }
  // Without points every outcome is 0 and the field has nothing to follow: bad input, said plainly.
  if (!players.some((p) => p.mean > 0) || players.some((p) => !Number.isFinite(p.mean))) throw new InputError(coded('simulation-needs-points', {}));
  const unitGroupOption = pool.units.map(() => pool.groups.map(() => -1));
  const options: SimOption[] = pool.candidates.map((cand, index) => {
    const group = pool.groups[cand.group]!;
    unitGroupOption[cand.unit]![cand.group] = index;
    return {
      id: pool.units[cand.unit]!.Id,
      player: cand.player,
      slots: group.slots.filter((s) => roster.slots[s]!.eligible.some((p) => cand.positions.includes(p))),
      positions: cand.positions,
      salary: cand.salary,
      multiplier: group.captain ? captainMultiplier : 1,
      ownership: cand.own,
      captain: group.captain,
    };
  });
  const idToUnit = new Map(pool.units.map((u, i) => [u.Id, i]));
  return {
    slate: { sport: roster.sport, salaryCap: roster.salaryCap, slotCount: roster.slots.length, players, options },
    pool, unitGroupOption, slotGroup, idToUnit,
  };
}

/**
 * A lineup given as player Ids in slot order, as options. The roster's own checks: its size,
 * each player in a slot he may fill, no player twice (a showdown captain is his flex too), the
 * salary cap, and one side of a matchup where the roster says so. An error names the lineup.
 */
export function lineupOptions(sim: SimulationSlate, ids: readonly (string | null | undefined)[], label = 'lineup'): number[] {
  if (ids.length !== sim.slotGroup.length) throw new InputError(coded('simulation-lineup-size', { label, players: ids.length, slots: sim.slotGroup.length }));
  const options = ids.map((id, s) => {
    const unit = id ? sim.idToUnit.get(String(id)) : undefined;
    if (unit === undefined) throw new InputError(coded('simulation-player-not-in-pool', { label, id: String(id ?? '(empty)') }));
    const option = sim.unitGroupOption[unit]![sim.slotGroup[s]!]!;
    if (option < 0 || !sim.slate.options[option]!.slots.includes(s)) {
      throw new InputError(coded('simulation-cannot-fill-slot', { label, name: sim.pool.units[unit]!.Name, slot: s + 1 }));
    }
    return option;
  });
  const { players, options: slateOptions, salaryCap } = sim.slate;
  const seen = new Set<number>();
  for (const o of options) {
    const player = slateOptions[o]!.player;
    if (seen.has(player)) throw new InputError(coded('simulation-player-twice', { label, name: players[player]!.name }));
    seen.add(player);
  }
  for (const o of options) {
    const player = players[slateOptions[o]!.player]!;
    const rival = player.apart?.find((p) => seen.has(p));
    if (rival !== undefined) throw new InputError(coded('simulation-opponents', { label, name: player.name, rival: players[rival]!.name }));
  }
  const salary = options.reduce((sum, o) => sum + slateOptions[o]!.salary, 0);
  if (!(salary <= salaryCap)) throw new InputError(coded('simulation-over-cap', { label, salary, cap: salaryCap }));
  return options;
}

/** A built lineup as options. */
export function builtLineupOptions(sim: SimulationSlate, lineup: Lineup): number[] {
  return lineupOptions(sim, lineup.slots.map((slot) => slot.player.Id));
}

/** The players' MinExp/MaxExp as selection limits for a portfolio of `count` lineups. */
export function exposureLimits(sim: SimulationSlate, count: number): SelectionLimit[] {
  const limits: SelectionLimit[] = [];
  sim.pool.units.forEach((row, unit) => {
    const min = finite(row.MinExp) ? Math.ceil((row.MinExp * count) / 100 - 1e-9) : 0;
    const max = finite(row.MaxExp) ? Math.floor((row.MaxExp * count) / 100 + 1e-9) : count;
    if (min <= 0 && max >= count) return;
    const options = sim.unitGroupOption[unit]!.filter((o) => o >= 0);
    if (options.length > 0) limits.push({ options, min, max: Math.max(min, max), label: `${row.Name} exposure` });
  });
  return limits;
}
