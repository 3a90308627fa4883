// From the request's player rows to the model's columns. A column ("candidate") is one
// player row offered for one group of interchangeable slots: a classic roster has one group,
// a showdown roster a captain group and a flex group. The core never names a sport.
import { canonicalPositions, coded, type BuildSettings, type RosterSpec } from '@stacksmith/domain';
import { BuildCancelled, InputError, type CancelSignal, type PoolPlayer } from './types.js';

/** Player rows read between two looks at the abort signal (a row costs about a microsecond). */
const ROWS_PER_ABORT_CHECK = 256;

export interface SlotGroup {
  /** Indices into roster.slots. */
  slots: number[];
  captain: boolean;
  pointsMultiplier: number;
  salaryMultiplier: number;
}

export interface Candidate {
  /** Index of the player row in the request (the unit exposures are counted in). */
  unit: number;
  /** Index of the real player (a showdown player has a captain and a flex candidate). */
  player: number;
  group: number;
  positions: string[];
  primary: string;
  team: string;
  opp: string;
  /** Points for this slot group before randomness: user projection, ceiling, boost, multiplier. */
  points: number;
  salary: number;
  own: number;
}

export interface Pool {
  roster: RosterSpec;
  groups: SlotGroup[];
  units: PoolPlayer[];
  candidates: Candidate[];
  /** Candidates of each real player. */
  playerCandidates: number[][];
  /** Candidates of each unit. */
  unitCandidates: number[][];
  /** Units left out of the pool (minMinutes) with the reason. */
  excluded: { unit: number; reason: string }[];
}

/** Captain labels a showdown row may carry in RosterPosition, on any site. */
const CAPTAIN_LABELS = new Set(['CPT', 'CAPTAIN', 'MVP', 'SUPERSTAR', 'STUD']);

function slotGroups(roster: RosterSpec): SlotGroup[] {
  const groups: SlotGroup[] = [];
  roster.slots.forEach((slot, index) => {
    const group = groups.find((g) => g.captain === slot.captain
      && g.pointsMultiplier === slot.pointsMultiplier && g.salaryMultiplier === slot.salaryMultiplier);
    if (group) group.slots.push(index);
    else groups.push({ slots: [index], captain: slot.captain, pointsMultiplier: slot.pointsMultiplier, salaryMultiplier: slot.salaryMultiplier });
  });
  return groups;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Projected points of a row: the user's projection (else ProjPts), blended toward Ceiling, then 5% per Boost step. */
export function basePoints(row: PoolPlayer, ceilingFraction: number): number {
  let points = finite(row.UserProj) ? row.UserProj : row.ProjPts;
  if (ceilingFraction > 0) {
    const ceiling = finite(row.Ceiling) ? row.Ceiling : points;
    points = (1 - ceilingFraction) * points + ceilingFraction * ceiling;
  }
  const boost = finite(row.Boost) ? Math.max(-5, Math.min(5, Math.round(row.Boost))) : 0;
  return points * (1 + 0.05 * boost);
}

export function ownership(row: PoolPlayer): number {
  if (finite(row.UserOwn)) return row.UserOwn;
  return finite(row.ProjOwn) ? row.ProjOwn : 0;
}

function validateRow(row: PoolPlayer, index: number, roster: RosterSpec): string[] {
  const where = { player: index + 1, ...(row?.Name ? { name: String(row.Name) } : {}) };
  if (!row || typeof row !== 'object') throw new InputError(coded('player-row-not-an-object', where));
  if (typeof row.Id !== 'string' || row.Id.length === 0) throw new InputError(coded('player-row-no-id', where));
  if (!finite(row.Salary) || row.Salary < 0) throw new InputError(coded('player-row-salary', where));
  if (!finite(row.ProjPts)) throw new InputError(coded('player-row-proj-pts', where));
  const positions = canonicalPositions(roster, String(row.Position ?? ''));
  const unknown = positions.filter((p) => !roster.positions.includes(p));
  if (positions.length === 0 || unknown.length > 0) {
    throw new InputError(coded('player-row-position', { ...where, position: String(row.Position), positions: [...roster.positions] }));
  }
  for (const key of ['MinExp', 'MaxExp'] as const) {
    const v = row[key];
    if (v !== undefined && v !== null && (!finite(v) || v < 0 || v > 100)) {
      throw new InputError(coded('player-row-exposure', { ...where, field: key }));
    }
  }
  return positions;
}

/** Throws BuildCancelled when `signal` is aborted while the rows are read (a pool may hold thousands). */
export function buildPool(roster: RosterSpec, players: PoolPlayer[], settings: BuildSettings, signal?: CancelSignal): Pool {
  if (!Array.isArray(players) || players.length === 0) throw new InputError(coded('player-pool-empty', {}));
  const groups = slotGroups(roster);
  const ceilingFraction = Math.max(0, Math.min(1, settings.ceilingPct || 0));
  const candidates: Candidate[] = [];
  const playerIndex = new Map<string, number>();
  const playerCandidates: number[][] = [];
  const unitCandidates: number[][] = players.map(() => []);
  const excluded: Pool['excluded'] = [];
  const seenIds = new Map<string, number>();

  players.forEach((row, unit) => {
    if (unit % ROWS_PER_ABORT_CHECK === 0 && signal?.aborted) throw new BuildCancelled();
    const positions = validateRow(row, unit, roster);
    const previous = seenIds.get(row.Id);
    if (previous !== undefined) throw new InputError(coded('players-share-id', { first: previous + 1, second: unit + 1, id: row.Id }));
    seenIds.set(row.Id, unit);
    if (settings.minMinutes > 0 && !((row.ProjMins ?? 0) >= settings.minMinutes)) {
      excluded.push({ unit, reason: `ProjMins ${row.ProjMins ?? 0} below minMinutes ${settings.minMinutes}` });
      return;
    }
    const key = `${row.Name}|${row.TeamAbbrev}|${positions.join('/')}`;
    let player = playerIndex.get(key);
    if (player === undefined) {
      player = playerCandidates.length;
      playerIndex.set(key, player);
      playerCandidates.push([]);
    }
    const label = row.RosterPosition?.trim().toUpperCase();
    // A row labelled for one slot kind is taken as it is: a captain row comes with ×1.5 applied
    // once by the domain's withCaptainPoints (the page after a fetch, the CLI after reading).
    const fixedKind = roster.contestType === 'showdown' && label ? (CAPTAIN_LABELS.has(label) ? 'captain' : 'flex') : null;
    const points = basePoints(row, ceilingFraction);
    groups.forEach((group, g) => {
      if (fixedKind && (fixedKind === 'captain') !== group.captain) return;
      const eligible = group.slots.some((s) => roster.slots[s]!.eligible.some((p) => positions.includes(p)));
      if (!eligible) return;
      const scale = fixedKind ? { points: 1, salary: 1 } : { points: group.pointsMultiplier, salary: group.salaryMultiplier };
      const index = candidates.length;
      candidates.push({
        unit, player: player!, group: g, positions, primary: positions[0]!,
        team: row.TeamAbbrev, opp: row.Opp ?? '',
        points: points * scale.points,
        salary: row.Salary * scale.salary,
        own: ownership(row),
      });
      playerCandidates[player!]!.push(index);
      unitCandidates[unit]!.push(index);
    });
  });
  return { roster, groups, units: players, candidates, playerCandidates, unitCandidates, excluded };
}
