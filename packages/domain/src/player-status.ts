// Player status in the data: the injury status the sites write (FanDuel Injury
// Indicator, Yahoo Injury Status) and the state of a player's game (DraftKings Game Info
// 'In Progress', 'Final', 'Postponed'). Out, injured-reserve, not-active, suspended players
// and players of postponed games cannot score: they are excluded by default with MaxExp 0,
// put in the player data when a file is read, so that the user's own Max Exp edit (the
// ordinary player edit) brings them back. Questionable and doubtful players keep their
// status for the badge and stay in. One place reads the sites' spellings and says who is out.
import { coded, type CodedMessage } from './messages.js';
import { isSlateCurrent, parseGameStart, type Instant } from './time.js';

export const PLAYER_STATUSES = [
  'out', 'injured-reserve', 'not-active', 'suspended', 'questionable', 'doubtful', 'probable', 'day-to-day',
] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/**
 * The state of a player's game when the file was downloaded (absent: not started); 'no-game'
 * for a player the file lists without a game (DraftKings Game Info '-'), who cannot score.
 */
export const GAME_STATES = ['in-progress', 'final', 'postponed', 'no-game'] as const;
export type GameState = (typeof GAME_STATES)[number];

/** Statuses whose players cannot score: excluded by default. */
export const EXCLUDED_STATUSES: ReadonlySet<PlayerStatus> = new Set(['out', 'injured-reserve', 'not-active', 'suspended']);

/** The short label of a status, as the sites write it (the badge text). */
export const PLAYER_STATUS_LABELS: Readonly<Record<PlayerStatus, string>> = {
  out: 'O', 'injured-reserve': 'IR', 'not-active': 'NA', suspended: 'SUSP',
  questionable: 'Q', doubtful: 'D', probable: 'P', 'day-to-day': 'GTD',
};

export const GAME_STATE_LABELS: Readonly<Record<GameState, string>> = {
  'in-progress': 'In Progress', final: 'Final', postponed: 'Postponed', 'no-game': 'No game',
};

/** Game states whose players cannot score: excluded by default, like the excluded statuses. */
const EXCLUDED_GAME_STATES: ReadonlySet<GameState> = new Set(['postponed', 'no-game']);
const GAME_STATE_BADGES: Readonly<Partial<Record<GameState, string>>> = { postponed: 'PPD', 'no-game': 'NO GAME' };

/** The sites' spellings (FanDuel, Yahoo, projection sources) of each status, upper-cased. */
const STATUS_SPELLINGS: Readonly<Record<string, PlayerStatus>> = {
  O: 'out', OUT: 'out', INJ: 'out', PUP: 'out', NFI: 'out', 'PUP-R': 'out',
  IR: 'injured-reserve', 'IR-R': 'injured-reserve', IL: 'injured-reserve', IL10: 'injured-reserve', IL15: 'injured-reserve',
  IL60: 'injured-reserve', 'IL-10': 'injured-reserve', 'IL-15': 'injured-reserve', 'IL-60': 'injured-reserve', DL: 'injured-reserve',
  'INJURED RESERVE': 'injured-reserve',
  NA: 'not-active', 'N/A': 'not-active', 'NOT ACTIVE': 'not-active', INACTIVE: 'not-active',
  SUSP: 'suspended', SUS: 'suspended', SSPD: 'suspended', SUSPENDED: 'suspended',
  Q: 'questionable', QUES: 'questionable', QUESTIONABLE: 'questionable',
  D: 'doubtful', DOUBT: 'doubtful', DOUBTFUL: 'doubtful',
  P: 'probable', PROB: 'probable', PROBABLE: 'probable',
  GTD: 'day-to-day', DTD: 'day-to-day', 'DAY-TO-DAY': 'day-to-day', 'GAME TIME DECISION': 'day-to-day',
};

/**
 * The status of an injury cell ('O', 'IR', 'Q', 'GTD', 'SUSP', ...); undefined for an empty
 * cell or a spelling no site uses (an unknown mark is shown as nothing rather than guessed).
 */
export function parsePlayerStatus(text: string | null | undefined): PlayerStatus | undefined {
  const key = (text ?? '').trim().toUpperCase();
  return key === '' ? undefined : STATUS_SPELLINGS[key];
}

/** The game state of a DraftKings Game Info cell ('In Progress', 'Final', 'Postponed'); undefined otherwise. */
export function parseGameState(text: string | null | undefined): GameState | undefined {
  const key = (text ?? '').trim().toUpperCase();
  if (key === 'IN PROGRESS' || key === 'LIVE' || key === 'DELAYED' || key === 'SUSPENDED') return 'in-progress';
  if (key === 'FINAL' || key === 'COMPLETED') return 'final';
  if (key === 'POSTPONED' || key === 'PPD' || key === 'CANCELED' || key === 'CANCELLED') return 'postponed';
  if (key === '-' || key === '--') return 'no-game';
  return undefined;
}

/**
 * mlb starting information, set only where the file posts it for the player's team (DraftKings
 * `Starting`, FanDuel `Probable Pitcher` and `Batting Order`, Yahoo `Starting`): 'starting' is a
 * listed starting pitcher or a hitter in the posted batting order; 'not-starting' a pitcher of a
 * team whose starter is listed, who is not him (he will not pitch: excluded by default);
 * 'not-in-lineup' a hitter left out of his team's posted batting order (flagged, he may still
 * pinch-hit or the order may change).
 */
export const STARTING_STATES = ['starting', 'not-starting', 'not-in-lineup'] as const;
export type StartingState = (typeof STARTING_STATES)[number];

export interface StatusCarrier {
  Status?: PlayerStatus | null;
  GameState?: GameState | null;
  Starting?: StartingState | null;
  /** mlb: the hitter's place (1-9) in his team's posted batting order. */
  BattingOrder?: number | null;
}

/** True for a player whose status or game says he cannot score: an excluded status, a postponed game or no game. */
function excludedByStatusOrGame(player: StatusCarrier): boolean {
  return (player.Status != null && EXCLUDED_STATUSES.has(player.Status)) || (player.GameState != null && EXCLUDED_GAME_STATES.has(player.GameState));
}

/** True for a player excluded by default: an excluded status, a postponed game, no game, or a pitcher not listed as starting. */
export function isExcludedByStatus(player: StatusCarrier): boolean {
  return excludedByStatusOrGame(player) || player.Starting === 'not-starting';
}

/** True when the player's game has started (In Progress or Final): locked for late swap. */
export function isGameStartedState(player: StatusCarrier): boolean {
  return player.GameState === 'in-progress' || player.GameState === 'final';
}

/** The MaxExp a read file gives a player of this status: 0 when excluded, else undefined (the default). */
export function statusDefaultMaxExp(player: StatusCarrier): number | undefined {
  return isExcludedByStatus(player) ? 0 : undefined;
}

/**
 * Players with the status default applied: excluded ones get MaxExp 0 (and MinExp 0) unless
 * the file itself gave a MaxExp. Other players are returned as they are (same objects).
 */
export function applyStatusDefaults<P extends StatusCarrier & { MaxExp?: number; MinExp?: number }>(players: readonly P[]): P[] {
  return players.map((p) => (isExcludedByStatus(p) && p.MaxExp === undefined ? { ...p, MaxExp: 0, MinExp: 0 } : p));
}

/** The badge of a player: the status label (or the game state), and whether it excludes by default. */
export function playerStatusBadge(player: StatusCarrier): { label: string; excluded: boolean; title: string } | null {
  if (player.GameState === 'postponed') return { label: 'PPD', excluded: true, title: 'Game postponed: excluded by default (Max Exp 0)' };
  if (player.GameState === 'no-game') return { label: 'NO GAME', excluded: true, title: 'No game on this slate: excluded by default (Max Exp 0)' };
  // A started game outranks a status that would still let him play (Q, D): he cannot be added.
  if (isGameStartedState(player) && !(player.Status && EXCLUDED_STATUSES.has(player.Status))) {
    return { label: GAME_STATE_LABELS[player.GameState!], excluded: true, title: 'Game started: left out of new builds (late swap keeps him where he stands)' };
  }
  if (player.Status) {
    const excluded = EXCLUDED_STATUSES.has(player.Status);
    const label = PLAYER_STATUS_LABELS[player.Status];
    return { label, excluded, title: excluded ? `${label}: excluded by default (Max Exp 0)` : label };
  }
  if (player.Starting === 'not-starting') return { label: 'NOT SP', excluded: true, title: 'Not the listed starting pitcher: excluded by default (Max Exp 0)' };
  if (player.Starting === 'not-in-lineup') return { label: 'NOT IN LINEUP', excluded: false, title: 'Not in his team\'s posted batting order' };
  return null;
}

/**
 * The one warning naming the players a status still excludes (MaxExp 0); players the user
 * brought back (MaxExp above 0) are not named. Null when there are none. A showdown player's
 * captain and flex rows are named once.
 */
export function excludedByStatusWarning(players: readonly (StatusCarrier & { Name: string; MaxExp?: number | null })[]): CodedMessage | null {
  const named = new Map<string, string>();
  for (const p of players) {
    if (!excludedByStatusOrGame(p) || (p.MaxExp ?? 0) > 0) continue;
    const label = (p.GameState && GAME_STATE_BADGES[p.GameState]) || PLAYER_STATUS_LABELS[p.Status!];
    if (!named.has(p.Name)) named.set(p.Name, `${p.Name} (${label})`);
  }
  return named.size === 0 ? null : coded('excluded-by-status', { players: [...named.values()] });
}

/** Names once each (a showdown player's captain and flex rows are one player). */
const namesOf = (players: readonly { Name: string }[]) => [...new Set(players.map((p) => p.Name))];

/**
 * Every status warning of a player list, one per kind of exclusion or flag, each naming its
 * players: excluded by status or game, pitchers not listed as starting (both while still at
 * Max Exp 0), and hitters left out of a posted batting order (flagged, not excluded).
 */
export function statusWarnings(players: readonly (StatusCarrier & { Name: string; MaxExp?: number | null })[]): CodedMessage[] {
  const out: CodedMessage[] = [];
  const excluded = excludedByStatusWarning(players);
  if (excluded) out.push(excluded);
  const notStarting = namesOf(players.filter((p) => p.Starting === 'not-starting' && !excludedByStatusOrGame(p) && (p.MaxExp ?? 0) <= 0));
  if (notStarting.length > 0) out.push(coded('not-starting-pitchers', { players: notStarting }));
  const bench = namesOf(players.filter((p) => p.Starting === 'not-in-lineup' && !excludedByStatusOrGame(p)));
  if (bench.length > 0) out.push(coded('not-in-batting-order', { players: bench }));
  return out;
}

export interface StartedOptions {
  /**
   * Practice on a demo slate: game times never remove players (the demo's slates are dated
   * today). The file's own marks (In Progress, Final, LOCKED) still do.
   */
  practice?: boolean;
  /** Team sports: a team with one started player has started (rows without a start time go with their team). */
  teams?: boolean;
}

/**
 * The Ids of the players a fresh build must leave out because their game has started: marked
 * In Progress or Final by the file (DraftKings writes it in Game Info; a LOCKED entries cell is
 * read as In Progress), or, on a slate still being played (until the end of the New York day of
 * its last game), with a GameStart at or before now. A past slate is practice: only the marks
 * count. DraftKings and FanDuel never let a started player be added to an entry.
 */
export function startedPlayerIds(
  players: readonly (StatusCarrier & { Id: string; TeamAbbrev?: string; GameStart?: string | null })[], now: Instant, options: StartedOptions = {},
): Set<string> {
  const at = typeof now === 'number' ? now : now.getTime();
  // Practice reads no times: the marks alone decide (and the page calls this on every render).
  const starts = options.practice ? [] : players.map((p) => (p.GameStart ? parseGameStart(p.GameStart) : null));
  const known = starts.filter((t): t is number => t != null);
  const byClock = !options.practice && isSlateCurrent(known, at);
  const started = new Set<string>();
  const teams = new Set<string>();
  players.forEach((p, i) => {
    const start = starts[i];
    if (isGameStartedState(p) || (byClock && start != null && start <= at)) {
      started.add(p.Id);
      if (p.TeamAbbrev) teams.add(p.TeamAbbrev.toUpperCase());
    }
  });
  if (options.teams) for (const p of players) if (p.TeamAbbrev && teams.has(p.TeamAbbrev.toUpperCase())) started.add(p.Id);
  return started;
}

/** The warning saying how many players a started game left out (a showdown player's rows count once); null for none. */
export function startedPlayersWarning(players: readonly { Id: string; Name: string }[], started: ReadonlySet<string>): CodedMessage | null {
  const left = players.filter((p) => started.has(p.Id));
  if (left.length === 0) return null;
  const count = new Set(left.map((p) => p.Id.split('|')[0])).size;
  return coded('started-players-left-out', { count });
}
