// The build socket's message (its schema is the domain's, packages/domain/src/build-socket.ts)
// and its ONE mapping to the optimizer's BuildRequest. Fields the optimizer is gaining (team stacks, groups, late swap)
// are passed through from here as they come.
import {
  coded, nflContestTypeForCounter, privateSlateId, readFlag, type BuildMessage, type BuildSettings, type BuiltLineupWire, type CodedMessage, type WirePlayer,
} from '@stacksmith/domain';
import type { BuildRequest, Lineup, PoolPlayer } from '@stacksmith/optimizer';
import { rowAsSent } from './rows-as-sent.js';

/** Keys of the message that are not build settings. */
const NOT_SETTINGS = new Set([
  'token', 'sport', 'site', 'contestType', 'slate', 'season', 'counter', 'players', 'teamStacks', 'groups', 'savedLineups',
  'afterStartActivated', 'afterStartLineups', 'seed', 'brand', 'app',
]);

/** Settings whose values are booleans (sent as booleans, 0/1 or 'true'/'false'). */
const BOOLEAN_SETTINGS = new Set(['includeSaved', 'allowDefenseVsQB', 'allowDefenseVsFlex', 'allowDefenseVsKicker', 'allowDefenseVsTeam']);

function settingValue(key: string, value: unknown): unknown {
  // Only sent values reach here (missing ones take the domain defaults), so the fallback is unused.
  if (BOOLEAN_SETTINGS.has(key)) return readFlag(value, false);
  return value;
}

const numberOr = (value: unknown, fallback?: number): number | undefined => {
  if (value === null || value === undefined || value === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) ? n : fallback;
};

export interface BuildPlan {
  request: BuildRequest;
  /** The client's rows by the Id the optimizer sees, to answer lineups in the client's fields. */
  rowsById: Map<string, WirePlayer>;
  warnings: CodedMessage[];
}

/**
 * The optimizer request for a socket message. `lineupLimit` caps the lineups built (the
 * plan's opt.nfl.lineup_limit; 150 for admins); a larger numLUs is cut with a warning.
 * `now` seeds the randomness; `lateSwapNow` decides whose game has started.
 */
export function toBuildRequest(message: BuildMessage, lineupLimit: number, now: number = Date.now(), lateSwapNow: number = now): BuildPlan {
  const contestType = message.contestType
    ?? (message.sport === 'nfl' && message.counter !== undefined ? nflContestTypeForCounter(message.counter) : 'classic');
  const warnings: CodedMessage[] = [];
  const rowsById = new Map<string, WirePlayer>();
  const players: PoolPlayer[] = message.players.map((row) => {
    // The answer echoes the client's own row, never the values filled in for the solve.
    rowsById.set(row.Id, rowAsSent(row));
    const player: PoolPlayer = {
      Id: row.Id,
      Name: row.Name,
      Position: row.Position,
      TeamAbbrev: row.TeamAbbrev,
      Salary: Number(row.Salary),
      ProjPts: numberOr(row.DKPts, numberOr(row.ProjPts, 0))!,
    };
    if (row.Opp) player.Opp = row.Opp;
    const optional = { ProjOwn: row.ProjOwn, Ceiling: row.Ceiling, Boost: row.Boost, MinExp: row.MinExp, MaxExp: row.MaxExp, ProjMins: row.ProjMins };
    for (const [key, value] of Object.entries(optional)) {
      const n = numberOr(value);
      if (n !== undefined) (player as unknown as Record<string, unknown>)[key] = n;
    }
    player.UserProj = numberOr(row.UserProj) ?? null;
    player.UserOwn = numberOr(row.UserOwn) ?? null;
    if (row.GameStart) player.GameStart = row.GameStart;
    if (row.RosterPosition) player.RosterPosition = row.RosterPosition;
    if (row.GameState) player.GameState = row.GameState;
    if (row.Status) player.Status = row.Status;
    if (row.Starting) player.Starting = row.Starting;
    return player;
  });

  const settings: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(message)) {
    if (!NOT_SETTINGS.has(key) && value !== undefined && value !== null) settings[key] = settingValue(key, value);
  }
  let numLUs = Math.floor(numberOr(message.numLUs, 3)!);
  // After start: one lineup out per lineup in, so the count is the number of lineups sent.
  const afterStartCount = afterStartTotal(message.afterStartLineups);
  if (message.afterStartActivated && afterStartCount > 0) numLUs = afterStartCount;
  if (numLUs > lineupLimit) {
    warnings.push(coded('lineup-limit', { limit: lineupLimit }));
    numLUs = lineupLimit;
  }
  settings.numLUs = numLUs;

  const savedLineups = (message.savedLineups ?? []).map((lineup) => lineup.rawTable.map((row) => row.Id));
  const request: BuildRequest = {
    sport: message.sport,
    site: message.site,
    contestType,
    players,
    settings: settings as Partial<BuildSettings>,
    savedLineups,
    seed: message.seed ?? (now % 2_147_483_647),
  };
  // Stacks, groups and late swap (BuildRequest.teamStacks, groups, afterStartLineups,
  // afterStartActivated, now): passed as the client sent them; the optimizer reads them.
  Object.assign(request, {
    teamStacks: message.teamStacks ?? [],
    groups: message.groups ?? [],
    afterStartLineups: message.afterStartLineups ?? [],
    afterStartActivated: message.afterStartActivated === true,
    now: new Date(lateSwapNow).toISOString(),
  });
  return { request, rowsById, warnings };
}

/**
 * True for a slate of the demo data set, built as practice (game times never leave players
 * out; the demo's date slates are dated today): a site slate on a server that runs the demo
 * (SEED_DEMO on). A user's uploaded slate is a real one.
 */
export function isDemoSlate(serverRunsDemo: boolean, slate: string | undefined): boolean {
  return serverRunsDemo && (slate === undefined || privateSlateId(slate) === null);
}

/** Lineups an after-start request re-optimises: a list's length, or the active groups' lineups. */
export function afterStartTotal(lineups: BuildMessage['afterStartLineups']): number {
  if (!lineups) return 0;
  if (Array.isArray(lineups)) return lineups.length;
  return Object.values(lineups).filter((g) => g.active !== false).reduce((a, g) => a + g.lineups.length, 0);
}

/**
 * A lineup as the socket answers it: the client's rows plus Run and Slot (and Locked for an
 * after-start player who kept the slot), its hash, saved, and the entry and plan when the
 * optimizer gives them.
 */
export function toWireLineup(lineup: Lineup, run: number, rowsById: Map<string, WirePlayer>): BuiltLineupWire {
  const rawTable = lineup.slots.map((slot) => ({
    ...(rowsById.get(slot.player.Id) ?? slot.player), Run: run, Slot: slot.slot,
    ...((slot as { locked?: boolean }).locked ? { Locked: true } : {}),
  }));
  const lineupHash = lineup.slots.map((slot) => slot.player.Id).sort().join('-');
  const extra = lineup as { entry?: unknown; plan?: unknown };
  return {
    rawTable, lineupHash, saved: lineup.saved,
    ...(extra.entry !== undefined ? { entry: extra.entry } : {}),
    ...(extra.plan !== undefined ? { plan: extra.plan } : {}),
  };
}
