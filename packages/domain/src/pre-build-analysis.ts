// Pre-build analysis tables: positional, ownership, player
// and team breakdowns of the player table as set up, before a build. Pure functions; the
// Players tab's Analysis view shows them. Exposures are percents of lineups (0..100).
import { leverage, OWNERSHIP_BUCKETS, STACK_SHORTFALL_TOLERANCE } from './formulas.js';
import { underExposedFlexTooltip, underExposedOpponentFlexTooltip } from './messages.js';
import type { RosterSpec } from './roster.js';

export interface AnalysisPlayer {
  Id: string;
  Name: string;
  Position: string;
  TeamAbbrev: string;
  Opp?: string;
  ProjOwn?: number | null;
  MinExp?: number | null;
  MaxExp?: number | null;
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const maxOf = (p: AnalysisPlayer) => Math.max(0, Math.min(100, num(p.MaxExp, 100)));
const minOf = (p: AnalysisPlayer) => Math.max(0, Math.min(100, num(p.MinExp, 0)));
const positionsOf = (p: AnalysisPlayer) => p.Position.split('/').map((x) => (x === 'D' || x === 'DEF' ? 'DST' : x.trim()));
const round1 = (x: number) => Math.round(x * 10) / 10;

export interface PositionalRow {
  Position: string;
  /** Players the build may use (MaxExp over 0). */
  Players: number;
  /** Lineup slots only this position fills, per lineup. */
  Slots: number;
  MinExpTotal: number;
  MaxExpTotal: number;
  /** Exposure the position has for flex slots beyond its own slots (percent of lineups); null when it cannot flex. */
  FlexExposure: number | null;
}

export interface FlexRow {
  /** Σ flex exposure of the flex-eligible positions, percent of lineups, per flex slot. */
  available: number;
  /** Flex slots × 100: the exposure every lineup's flex slots need. */
  needed: number;
  /** What is missing to fill every flex slot of every lineup; 0 when enough. */
  shortfall: number;
  tooltip: string | null;
}

/** Per position: pool size, slots, exposure totals and what is left for the flex slots. */
export function positionalBreakdown(players: readonly AnalysisPlayer[], roster: RosterSpec): { rows: PositionalRow[]; flex: FlexRow | null } {
  const dedicated = (pos: string) => roster.slots.filter((s) => s.eligible.length === 1 && s.eligible[0] === pos).length;
  const flexSlots = roster.slots.filter((s) => s.eligible.length > 1);
  const flexPositions = new Set(flexSlots.flatMap((s) => s.eligible));
  const rows = roster.positions.map((position) => {
    const pool = players.filter((p) => positionsOf(p).includes(position) && maxOf(p) > 0);
    const slots = dedicated(position);
    const maxTotal = pool.reduce((a, p) => a + maxOf(p), 0);
    return {
      Position: position, Players: pool.length, Slots: slots,
      MinExpTotal: round1(pool.reduce((a, p) => a + minOf(p), 0)), MaxExpTotal: round1(maxTotal),
      FlexExposure: flexPositions.has(position) ? round1(Math.max(0, maxTotal - slots * 100)) : null,
    };
  });
  if (flexSlots.length === 0) return { rows, flex: null };
  const available = rows.reduce((a, r) => a + (r.FlexExposure ?? 0), 0);
  const needed = flexSlots.length * 100;
  const shortfall = round1(Math.max(0, needed - available));
  return { rows, flex: { available: round1(available), needed, shortfall, tooltip: shortfall > 0 ? underExposedFlexTooltip(shortfall) : null } };
}

/** Players per ownership bucket (under 2.5, 5, 10, 18, 25 %) and their most and least exposure per lineup. */
export function ownershipBreakdown(players: readonly AnalysisPlayer[]): { Bucket: number; Players: number; MostPerLineup: number; LeastPerLineup: number }[] {
  const usable = players.filter((p) => maxOf(p) > 0);
  return OWNERSHIP_BUCKETS.map((bucket) => {
    const under = usable.filter((p) => num(p.ProjOwn, 0) < bucket);
    return {
      Bucket: bucket, Players: under.length,
      MostPerLineup: Math.round(under.reduce((a, p) => a + maxOf(p), 0)) / 100,
      LeastPerLineup: Math.round(under.reduce((a, p) => a + minOf(p), 0)) / 100,
    };
  });
}

export interface PlannedPlayerRow {
  Id: string; Name: string; Position: string; TeamAbbrev: string; ProjOwn: number; MinExp: number; MaxExp: number;
  /** The exposure the settings pin: MinExp when set, else the MaxExp cap. */
  Planned: number;
  Leverage: number;
}

/** Players the user set exposures for (MinExp over 0 or MaxExp under 100), with planned leverage. */
export function playerBreakdown(players: readonly AnalysisPlayer[]): PlannedPlayerRow[] {
  return players.filter((p) => minOf(p) > 0 || maxOf(p) < 100).map((p) => {
    const planned = minOf(p) > 0 ? minOf(p) : maxOf(p);
    const own = num(p.ProjOwn, 0);
    return { Id: p.Id, Name: p.Name, Position: p.Position, TeamAbbrev: p.TeamAbbrev, ProjOwn: own, MinExp: minOf(p), MaxExp: maxOf(p), Planned: planned, Leverage: leverage(planned, own) };
  }).sort((a, b) => Math.abs(b.Leverage) - Math.abs(a.Leverage));
}

export interface TeamRow {
  TeamAbbrev: string;
  Opp: string;
  Players: number;
  QBExp: number;
  /** Σ MaxExp of the team's RB, WR and TE. */
  PartnerExp: number;
  OppPartnerExp: number;
  /** QBExp × teamStackPct minus PartnerExp, when over the 2.5 tolerance. */
  StackShortfall: number;
  GameStackShortfall: number;
  tooltip: string | null;
  oppTooltip: string | null;
}

const PARTNERS = ['RB', 'WR', 'TE'];

/**
 * Per team: the QB's exposure cap and what its stack partners (teammates) and bring-back partners
 * (the opponent's) allow; a stack needs QBExp × teamStackPct of partners, a game stack QBExp ×
 * gameStackPct of the opponent's.
 */
export function teamBreakdown(players: readonly AnalysisPlayer[], settings: { teamStackPct?: number; gameStackPct?: number }): TeamRow[] {
  const teams = [...new Set(players.map((p) => p.TeamAbbrev))].sort();
  const sum = (team: string, positions: string[]) => players.filter((p) => p.TeamAbbrev === team && positionsOf(p).some((x) => positions.includes(x)))
    .reduce((a, p) => a + maxOf(p), 0);
  return teams.map((team) => {
    const opp = players.find((p) => p.TeamAbbrev === team)?.Opp ?? '';
    const qb = Math.min(100, sum(team, ['QB']));
    const partner = sum(team, PARTNERS);
    const oppPartner = opp ? sum(opp, PARTNERS) : 0;
    const stackShort = round1(qb * num(settings.teamStackPct, 0) - partner);
    const gameShort = round1(qb * num(settings.gameStackPct, 0) - oppPartner);
    const flagged = (x: number) => x > STACK_SHORTFALL_TOLERANCE;
    return {
      TeamAbbrev: team, Opp: opp, Players: players.filter((p) => p.TeamAbbrev === team && maxOf(p) > 0).length,
      QBExp: round1(qb), PartnerExp: round1(partner), OppPartnerExp: round1(oppPartner),
      StackShortfall: flagged(stackShort) ? stackShort : 0, GameStackShortfall: flagged(gameShort) ? gameShort : 0,
      tooltip: flagged(stackShort) ? underExposedFlexTooltip(stackShort) : null,
      oppTooltip: flagged(gameShort) ? underExposedOpponentFlexTooltip(gameShort) : null,
    };
  });
}

/** Whether a count falls outside the historical winning range (the cell turns red). */
export function outsideWinningRange(count: number, range: { Min: number; Max: number } | undefined): boolean {
  return range !== undefined && (count < range.Min || count > range.Max);
}
