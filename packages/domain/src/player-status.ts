// Player status in the data (issue 20): the injury status the sites write (FanDuel Injury
// Indicator, Yahoo Injury Status) and the state of a player's game (DraftKings Game Info
// 'In Progress', 'Final', 'Postponed'). Out, injured-reserve, not-active, suspended players
// and players of postponed games cannot score: they are excluded by default with MaxExp 0,
// put in the player data when a file is read, so that the user's own Max Exp edit (the
// ordinary player edit) brings them back. Questionable and doubtful players keep their
// status for the badge and stay in. One place reads the sites' spellings and says who is out.
import { excludedByStatusMessage } from './messages.js';

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

export interface StatusCarrier {
  Status?: PlayerStatus | null;
  GameState?: GameState | null;
}

/** True for a player who cannot score: an excluded status, a postponed game or no game. */
export function isExcludedByStatus(player: StatusCarrier): boolean {
  return (player.Status != null && EXCLUDED_STATUSES.has(player.Status)) || (player.GameState != null && EXCLUDED_GAME_STATES.has(player.GameState));
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
  if (player.Status) {
    const excluded = EXCLUDED_STATUSES.has(player.Status);
    const label = PLAYER_STATUS_LABELS[player.Status];
    return { label, excluded, title: excluded ? `${label}: excluded by default (Max Exp 0)` : label };
  }
  if (player.GameState) return { label: GAME_STATE_LABELS[player.GameState], excluded: false, title: 'Game started: locked for late swap' };
  return null;
}

/**
 * The one warning naming the players a status still excludes (MaxExp 0); players the user
 * brought back (MaxExp above 0) are not named. Null when there are none. A showdown player's
 * captain and flex rows are named once.
 */
export function excludedByStatusWarning(players: readonly (StatusCarrier & { Name: string; MaxExp?: number | null })[]): string | null {
  const named = new Map<string, string>();
  for (const p of players) {
    if (!isExcludedByStatus(p) || (p.MaxExp ?? 0) > 0) continue;
    const label = (p.GameState && GAME_STATE_BADGES[p.GameState]) || PLAYER_STATUS_LABELS[p.Status!];
    if (!named.has(p.Name)) named.set(p.Name, `${p.Name} (${label})`);
  }
  return named.size === 0 ? null : excludedByStatusMessage([...named.values()]);
}
