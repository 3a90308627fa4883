// Every user-facing (or logged) message text the domain owns, spelled exactly as the specs
// quote them where they do. Other modules import these
// instead of retyping them, so a wording change happens in one place.
// Texts marked "not in spec" are our own wording where the spec describes a message
// without quoting it.
import {
  ADMIN_ONLY, BUILD_LOST, DATABASE_UNAVAILABLE, EMAIL_ALREADY_REGISTERED, INTERNAL_ERROR, INVALID_CREDENTIALS, INVALID_PROMO_CODE, INVALID_TOKEN,
  jobNeededTooMuchMemory, JOBS_BUSY, jobTookTooLong, lineupLimitWarning, NOT_LOGGED_IN, PARTNER_LOGIN_FAILED, PASSWORD_CHANGED_ELSEWHERE, PASSWORD_TOO_SHORT, PLAN_ALLOWS_NO_LINEUPS,
  SAVE_CONFLICT, TEXT_CONTAINS_NUL, TOO_MANY_BUILDS, TOO_MANY_LOGIN_ATTEMPTS, TOO_MANY_PASSWORD_ATTEMPTS, TOO_MANY_REQUESTS, TOO_MANY_SIGN_UPS,
  TOO_MANY_UPLOADS, UNKNOWN_BRAND, UNKNOWN_PLAN, WRONG_PASSWORD, SIMULATION_NEEDS_POINTS, SIMULATION_NO_VALID_LINEUP, simulationAbsurdValue,
  simulationInvalidLineup, CARD_REQUIRED, NO_SUBSCRIPTION_TO_CANCEL, BODY_NOT_JSON, RESERVED_JSON_KEY, jsonTooDeep, BAD_BUILD_REQUEST,
  BAD_SIMULATION_REQUEST, NOT_FOUND, simulationPlayersWithoutPoints, BUILD_REQUEST_TIMEOUT,
} from './api-messages.js';
import { SLATE_FILE_IS_PROJECTIONS, TOO_MANY_USER_SLATES, USER_SLATE_NOT_FOUND } from './user-slates.js';

// ---- Optimizer and data errors ----

/** Thrown for both the projection delete and the team-stack delete. */
export const UNABLE_TO_REMOVE_PLAYER_PROJECTIONS = 'unable to remove player projections';
export const UNABLE_TO_FETCH_TEAM_STACKS = 'unable to fetch team stacks';
export const UNABLE_TO_UPDATE_TEAM_STACKS_DB = 'unable to update team stacks db';
export const UNABLE_TO_FETCH_EXPOSURE_STATS = 'unable to fetch exposure stats';
/** Thrown for summary data and presets. */
export const UNABLE_TO_FETCH_OPT = 'unable to fetch opt';
/** Thrown for players and slates. */
export const UNABLE_TO_FETCH_PLAYERS = 'unable to fetch players';
export const UNABLE_TO_SAVE_LINEUP_DB = 'unable to save lineup db';
export const UNABLE_TO_UPDATE_SETTINGS = 'unable to update settings';
/** Logged when a projection save fails. */
export const FAILED_TO_UPDATE_USER_PROJECTIONS = 'failed to update user projections';

// ---- Site errors ----

/** Thrown on a network failure of login and of signup. */
export const UNABLE_TO_LOGIN = 'unable to login';
export const RESET_LINK_EXPIRED = 'The link has expired. Please send a new reset password link.';
export const UNABLE_TO_FETCH_GROUPS = 'unable to fetch groups';
export const UNABLE_TO_SAVE_GROUPS = 'unable to save groups';
/** Logged for both preset and cheat sheet fetch failures. */
export const UNABLE_TO_FETCH_CUSTOM_PRESETS = 'unable to fetch custom presets';
export const UNABLE_TO_UPDATE_CUSTOM_PRESETS = 'unable to update custom presets';
/** Logged when the build stream sends an error field or a malformed message. */
export const ERROR_PARSING = 'Error parsing';
/** Logged, console only, when an analytics call fails. Wording is ours: such failures are logged, never shown. */
export const ANALYTICS_CALL_FAILED = 'analytics call failed';

// ---- Account forms ----

export const FIELD_CANNOT_BE_EMPTY = 'Field cannot be empty';
export const INVALID_EMAIL_ADDRESS = 'Invalid email address';
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
/** Login: email required. The odd wording ("a your") is the spec's and is kept on purpose. */
export const PLEASE_ENTER_YOUR_EMAIL_ADDRESS = 'Please enter a your email address';
export const INVALID_EMAIL = 'Invalid email';
export const PLEASE_ENTER_YOUR_PASSWORD = 'Please enter your password';
export const PLEASE_ENTER_A_NEW_PASSWORD = 'Please enter a new password';
export const RESET_PASSWORDS_DO_NOT_MATCH = 'The two passwords that you entered do not match!';

// ---- Builder ----

export const PRESET_OVERWRITE_CONFIRMATION = 'This might erase existing Groups and Settings. Do you wish to continue?';
export const UPGRADE_FOR_THIS_FEATURE = 'Upgrade for this feature';
export const PRE_BUILD_UPGRADE_BANNER = 'Upgrade to one of our premium plans to use Pre-Build Analysis';
export const PRE_BUILD_ISSUES_BANNER =
  'The current build has issues that may cause unexpected results or could cause the build to fail in some circumstances. See Warnings for details.';

/** Pre-build analysis tooltip of an under-exposed flex cell. The caller formats x (e.g. 12.5). */
export function underExposedFlexTooltip(x: number | string): string {
  return `Under-exposed to flex. Need an additional ${x}% of exposure.`;
}

/** The opponent variant of the under-exposed flex tooltip. Not in spec: wording is ours. */
export function underExposedOpponentFlexTooltip(x: number | string): string {
  return `Under-exposed to opponent flex. Need an additional ${x}% of exposure.`;
}

export const MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS = 'You must be logged in to create lineups.';
/** Build with a lineup count of 0. Not in spec: wording is ours. */
export const SET_NUMBER_OF_LINEUPS = 'Set the number of lineups to build.';
/** Build with saved lineups included that already fill the plan's limit. Not in spec: wording is ours. */
export const SAVED_LINEUPS_REACH_LIMIT = "Your saved lineups already reach your plan's lineup limit.";

/** Title of the modal that blocks a build of an untouched player table. */
export const PLAYER_TABLE_MUST_BE_MODIFIED = 'Player Table must be modified!';
/** Body of that modal. Not in spec: the spec only says it asks to adjust exposure, projection or ownership. */
export const PLAYER_TABLE_MUST_BE_MODIFIED_DETAIL =
  'Adjust the exposure, projection or ownership of at least one player before building lineups.';

export function minExpAboveMaxExpMessage(name: string): string {
  return `${name} has a greater Min Exp than Max Exp`;
}

export function exposureBelowLineupMinimumsMessage(position: string, n: number): string {
  return `${position} exposure does not meet lineup minimums (${n})`;
}

export function exposureAboveLineupMaximumsMessage(position: string, n: number): string {
  return `${position} exposure exceeds lineup maximums (${n})`;
}

// ---- Custom input upload ----

export const NO_ID_HEADING = 'No ID heading';
/** Not in spec: the spec says the upload stops without one of these headings but quotes no text. */
export const NO_CUSTOM_INPUT_VALUE_HEADING = 'No ProjPts, MinExp or MaxExp heading';
/** The custom input is CSV only. Wording is ours. */
export const CUSTOM_INPUT_CSV_ONLY = 'Please upload a .csv file.';

// ---- After start and stacks. Wording is ours. ----

/** After start (late swap) is for DraftKings contests, classic and showdown: FanDuel and Yahoo lock every lineup at the first game. */
export const LATE_SWAP_DK_ONLY = 'After start (late swap) is for DraftKings contests only';

// ---- Pre-build warnings (wording is ours) ----

export function stackPercentOver100Message(noStackPct: number, teamStackPct: number): string {
  return `No-stack (${noStackPct}%) plus team-stack (${teamStackPct}%) is over 100%.`;
}

export function flexSharesBelow100Message(totalPct: number): string {
  return `RB, WR and TE flex percentages add up to ${totalPct}%, below 100%: some lineups have no position allowed at FLEX.`;
}

export function bracketUnderExposedMessage(bracket: number, mostPerLineup: number, minUnderOwn: number): string {
  return `Under-exposed to players under ${bracket}% owned: their max exposures fill ${mostPerLineup} per lineup, below the minimum of ${minUnderOwn}.`;
}

export function bracketOverExposedMessage(bracket: number, leastPerLineup: number, maxUnderOwn: number): string {
  return `Over-exposed to players under ${bracket}% owned: their min exposures fill ${leastPerLineup} per lineup, above the maximum of ${maxUnderOwn}.`;
}

export function stacksUnderExposedMessage(shortfallPct: number): string {
  return `Under-exposed stacks: the stack rules need ${shortfallPct}% more QB and partner exposure than the max exposures allow.`;
}

export function gameStacksUnderExposedMessage(shortfallPct: number): string {
  return `Under-exposed game stacks: the game stack rules need ${shortfallPct}% more QB, partner and bring-back exposure than the max exposures allow.`;
}

export function teamOverExposedMessage(team: string, kind: string, perLineup: number, max: number): string {
  return `${team} is over-exposed: min exposures put ${perLineup} ${kind} per lineup, above TotalMax${kind} ${max}. This can fail the build.`;
}

export function teamUnderExposedMessage(team: string, kind: string, perLineup: number, min: number): string {
  return `${team} is under-exposed: max exposures allow ${perLineup} ${kind} per lineup, below TotalMin${kind} ${min}. This can fail the build.`;
}

/** A standard email pattern for the account forms (a common pattern: something@domain.tld, no spaces). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

// ---- Real slates (site salary files). Wording is ours. ----

/** The one warning naming the players excluded by their status (see player-status.ts). */
export function excludedByStatusMessage(players: readonly string[]): string {
  const n = players.length;
  return `${n} player${n > 1 ? 's' : ''} excluded (Max Exp 0) as out, injured, not active, suspended, in a postponed game or without a game: ${players.join(', ')}. Set a Max Exp to include ${n > 1 ? 'them' : 'the player'}.`;
}

/** A file of one site used for another: never converted silently. */
export function siteMismatchMessage(fileName: string, fileLayout: string, fileSite: string, chosenSite: string): string {
  return `${fileName} is a ${fileLayout}, a ${fileSite} file, but the contest is on ${chosenSite}: choose ${fileSite} or use the ${chosenSite} file.`;
}

/** The builder's notice on a slate whose points are only the site's season averages, so nobody takes them for projections. */
export const SEASON_AVERAGES_NOTICE = 'season averages, not projections';

/** A late swap (or fill) whose entries name players the salary file does not have. */
export function entriesOtherSlateMessage(fileName: string, missing: number, total: number, examples: readonly string[]): string {
  return `${fileName}: ${missing} of the ${total} players in the entries are not in the salary file (${examples.join(', ')}): the entries are of another slate. Download the salary file of the entries' slate.`;
}

/** An entries file with no entries of the contest's roster. */
export function entriesRosterMismatchMessage(fileName: string, found: readonly string[], needed: readonly string[]): string {
  return `${fileName}: the lineup columns are ${found.join(', ') || 'missing'}; this contest needs ${needed.join(', ')}.`;
}

/** An import for a sport/site/contest without a roster. */
export function noRosterMessage(sport: string, site: string, contestType: string, known: readonly string[]): string {
  return `No ${contestType} roster for ${sport} on ${site}. Known: ${known.join(', ')}`;
}

/** mlb pitchers a file does not list as their team's starter: one warning naming them. */
export function notStartingPitchersMessage(players: readonly string[]): string {
  const n = players.length;
  return `${n} pitcher${n > 1 ? 's' : ''} excluded (Max Exp 0) as not the listed starting pitcher: ${players.join(', ')}. Set a Max Exp to include ${n > 1 ? 'them' : 'the pitcher'}.`;
}

/** mlb hitters left out of their team's posted batting order: flagged, not excluded. */
export function notInBattingOrderMessage(players: readonly string[]): string {
  const n = players.length;
  return `${n} hitter${n > 1 ? 's are' : ' is'} not in the posted batting order: ${players.join(', ')}. ${n > 1 ? 'They stay' : 'The hitter stays'} in the pool.`;
}

/** A fresh build leaves out the players whose game has started: the site would refuse them. */
export function startedPlayersLeftOutMessage(count: number): string {
  return `${count} player${count > 1 ? 's' : ''} left out: ${count > 1 ? 'their games have' : 'the game has'} started (In Progress, Final, LOCKED or past the start time), and the site does not let a started player be added.`;
}

/** Players whose season average is blank or null (no games yet): read as 0 points, never a refused file. */
export function noSeasonPointsMessage(fileName: string, players: readonly string[]): string {
  const n = players.length;
  const shown = players.slice(0, 10).join(', ') + (n > 10 ? `, and ${n - 10} more` : '');
  return `${fileName}: ${n} player${n > 1 ? 's have' : ' has'} no points in the file (a blank or null FPPG or AvgPointsPerGame): read as 0 until projections come: ${shown}.`;
}

// ---- Site roster rules (teams and games of a lineup, roster-rules.ts). Not in spec: wording is ours. ----

/** A lineup with more players of one team than the site allows. */
export function siteTeamCapMessage(site: string, max: number, what: string, team: string, count: number): string {
  return `${site} allows at most ${max} ${what} of one team; this lineup has ${count} of ${team}.`;
}

/** A lineup of too few teams. */
export function siteMinTeamsMessage(site: string, min: number, count: number, what = 'players'): string {
  return `${site} needs ${what} of at least ${min} teams in a lineup; this lineup has ${count}.`;
}

/** A lineup from too few games. */
export function siteMinGamesMessage(site: string, min: number, count: number): string {
  return `${site} needs players from at least ${min} games in a lineup; this lineup has ${count}.`;
}

/**
 * A lineup kept as it is (a saved or locked lineup sent with a build) that breaks the site's
 * rules: the build leaves it out rather than answer a lineup the site refuses at upload.
 */
export function keptLineupLeftOutMessage(what: string, violations: readonly string[]): string {
  return `${what} is left out: the site would refuse it. ${violations.join(' ')}`;
}

/** Lineups an entries file would take that the site would refuse: they go into no entry. */
export function lineupsNotEnteredMessage(numbers: readonly number[], violations: readonly string[]): string {
  const which = numbers.length === 1 ? `Lineup ${numbers[0]}` : `Lineups ${numbers.join(', ')}`;
  return `${which} cannot go into an entry: the site would refuse ${numbers.length === 1 ? 'it' : 'them'}. ${[...new Set(violations)].join(' ')} Build again, or remove ${numbers.length === 1 ? 'it' : 'them'}.`;
}

/** Settings that leave too few teams or games for the site's rule: the build cannot start. */
export function siteRuleImpossibleMessage(site: string, min: number, unit: 'teams' | 'games', left: readonly string[]): string {
  const have = left.length === 0 ? `no ${unit}` : `only ${left.join(', ')}`;
  return `${site} needs players from at least ${min} ${unit} in every lineup, and the settings leave ${have}: give players of another ${unit === 'teams' ? 'team' : 'game'} a Max Exp above 0.`;
}

// ---- Coded messages: every warning and every error a user may read is a code with its
// params; renderMessage below is the one place that turns one into text. Programs compare
// codes and params, never the text, so rewording a message changes nothing a program does. ----

/** The params of each message code: plain JSON values, so a message travels on the wire as it is. */
interface VariableParams {
  // A build's warnings.
  'started-players-left-out': { count: number };
  'group-player-not-in-pool': { group: string; playerId: string };
  'plan-option-dropped': { what: string; from: string; to: string; lineups: number[] };
  'lineup-limit': { limit: number };
  // Notes on one lineup: on the lineup without `lineup`, among the build's warnings with it (1-based).
  'exposure-tolerance': { lineups: number; sensitivity: string; lineup?: number };
  'cross-lineup-rules-set-aside': { lineup?: number };
  'plan-set-aside': { detail: string; lineup?: number };
  'kept-as-it-was': { lineup?: number };
  // Player statuses of a slate or a file.
  'excluded-by-status': { players: string[] };
  'not-starting-pitchers': { players: string[] };
  'not-in-batting-order': { players: string[] };
  'no-season-points': { fileName: string; players: string[] };
  // Simulation and selection.
  'selection-minimum-unmet': { rule: string };
  'selection-plain-build-kept': Record<string, never>;
  'simulated-alone': { lineups: number; maxEntries: number };
  // Why a late-swapped entry stayed as it was.
  'entry-every-game-started': Record<string, never>;
  'entry-no-better-lineup': Record<string, never>;
  'entry-empty': Record<string, never>;
  'entry-players-not-in-salary-file': { players: string[] };
  'entry-not-reoptimised': Record<string, never>;
  /** The build's own error for the entry, coded. */
  'entry-build-failed': { error: CodedMessage };
  // Why a projection row was not matched to a slate's player.
  'projection-already-matched': { player: string; line: number };
  'projection-no-such-id': { id: string };
  'projection-no-such-name': { name: string };
  'projection-other-team': { name: string; teams: string[]; team: string };
  'projection-ambiguous': Record<string, never>;
  // Files of another slate, contest or site.
  'entries-other-slate': { fileName: string; missing: number; total: number; examples: string[] };
  'entries-roster-mismatch': { fileName: string; found: string[]; needed: string[] };
  'site-mismatch': { fileName: string; fileLayout: string; fileSite: string; chosenSite: string };
  // Refusals with something to fill in.
  'job-took-too-long': { seconds: number };
  'job-needed-too-much-memory': { megabytes: number };
  'feature-not-in-plan': { feature: string };
  'over-lineup-limit': { requested: number; limit: number };
  // A lineup the user kept (saved, locked) that the site would refuse: each rule it breaks.
  'kept-lineup-left-out': { what: string; violations: string[] };

  // ---- Errors: a refused input, a file, a build that cannot go on. ----
  // A file's cell, with what is wrong with it (`problem`, one of the cell codes below); the
  // three readers name the place in their own long-standing way.
  'file-cell': { fileName: string; line: number; column: string; problem: CodedMessage };
  'projection-cell': { fileName: string; line: number; column: string; problem: CodedMessage };
  'import-cell': { fileName: string; line: number; column: string; problem: CodedMessage };
  // What is wrong with a cell.
  'cell-empty': Record<string, never>;
  'cell-not-a-number': { raw: string };
  'cell-not-a-whole-number': { raw: string };
  'cell-not-between': { raw: string; min: number; max: number };
  'cell-negative': { raw: string };
  'cell-below': { raw: string; min: number };
  'cell-value-below': { value: number; min: number };
  'cell-above-100': { value: number };
  'cell-not-a-position': { raw: string; roster: string; positions: string[] };
  'cell-showdown-position-in-classic': { raw: string; roster: string };
  'cell-not-a-showdown-position': { raw: string; roster: string; captain: string };
  'cell-not-a-batting-order': { raw: string };
  'cell-not-a-game': { raw: string };
  'cell-team-not-in-game': { team: string; away: string; home: string };
  'cell-not-a-date-time': { raw: string };
  'cell-min-exp-above-max-exp': { minExp: number; maxExp: number };
  'cell-duplicate-id': { id: string; line: number };
  'cell-player-not-on-slate': { id: string };
  'cell-player-name-not-on-slate': { name: string };
  'cell-player-value-not-a-number': { name: string; column: string; raw: string };
  'cell-lineup-size': { needed: number; header: string[]; found: number };
  'cell-not-american-odds': { raw: string };
  // A whole file (players, projections, entries, imports).
  'csv-syntax': { fileName: string; line: number; reason: string };
  'import-csv-syntax': { fileName: string; line: number; reason: string };
  'file-empty': { fileName: string };
  'file-no-rows': { fileName: string };
  'file-no-player-rows': { fileName: string };
  'file-missing-columns': { fileName: string; missing: string[]; found: string[] };
  'import-missing-columns': { fileName: string; missing: string[] };
  'players-file-unknown-format': { fileName: string; found: string[]; formats: string[] };
  'slate-file-unknown-format': { fileName: string; found: string[]; formats: string[]; layouts: string[] };
  /**
   * `then` says what to do: give the salary file beside it (a file read by the optimizer), give
   * it with --players (the optimizer's command line), upload it, or import it.
   */
  'no-player-list': { fileName: string; layout: string; then: 'give' | 'give-players' | 'upload' | 'import' };
  'projection-no-player-column': { fileName: string };
  'projection-no-value-column': { fileName: string; fields: string[] };
  'projection-name-empty': { fileName: string; line: number };
  'import-no-projection-columns': { fileName: string; columns: string[] };
  'import-no-entries': { fileName: string };
  'import-no-slate': { contestType: string; slate: string; sport: string; site: string; season: number; counter: string };
  // An entries file (late swap): `problem` one of the entries-file codes below.
  'entries-file': { fileName: string; problem: CodedMessage };
  'entries-csv-syntax': { line: number; reason: string };
  'entries-no-entry-id-column': Record<string, never>;
  'entries-missing-columns': { line: number; missing: string[] };
  'entries-slot-columns': { line: number; found: string[]; needed: string[] };
  'entries-none': Record<string, never>;
  'entries-none-in-file': { fileName: string };
  'entries-fill-no-such-lineup': { contest: string; lineup: number; built: number };
  'entries-fill-lineup-twice': { contest: string; lineup: number };
  // The roster, the player rows and the settings of a build.
  'unknown-roster': { sport: string; site: string; contestType: string; known: string[] };
  /** `name` when the row has one. */
  'player-row-not-an-object': { player: number; name?: string };
  'player-row-no-id': { player: number; name?: string };
  'player-row-salary': { player: number; name?: string };
  'player-row-proj-pts': { player: number; name?: string };
  'player-row-position': { player: number; name?: string; position: string; positions: string[] };
  'player-row-exposure': { player: number; name?: string; field: string };
  'player-pool-empty': Record<string, never>;
  'players-share-id': { first: number; second: number; id: string };
  'saved-lineup-size': { lineup: number; players: number; slots: number };
  'saved-lineup-player-not-in-pool': { lineup: number; id: string; slot: string };
  'num-lus-below-1': Record<string, never>;
  'min-unique-out-of-range': { max: number };
  'min-sal-above-max-sal': { minSal: number; maxSal: number };
  'site-rule-impossible': { site: string; min: number; unit: 'teams' | 'games'; left: string[] };
  // Stacks and groups.
  'team-stacks-not-a-list': Record<string, never>;
  'team-stacks-row-needs-team': Record<string, never>;
  'specific-stacks-not-a-list': Record<string, never>;
  'stack-rule-not-an-object': { rule: number };
  'stack-rule-not-a-count': { rule: number; field: string };
  'stack-rule-primary': { rule: number };
  'stack-rule-secondary': { rule: number };
  'stack-over-site-limit': { stack: string; site: string; limit: number };
  'groups-not-a-list': { kind: 'groups' | 'stack groups' };
  'group-not-an-object': { kind: string; index: number };
  'group-players-not-a-list': { group: string };
  'group-min-max': { group: string; minGroup: number; maxGroup: number };
  'group-pct': { group: string };
  // After start (late swap).
  'late-swap-dk-only': Record<string, never>;
  'late-swap-bad-now': { now: string };
  /** `slate` when the lineups came grouped by slate. */
  'late-swap-lineup-shape': { lineup: number; slate?: string };
  'late-swap-lineups-shape': Record<string, never>;
  'late-swap-slate-needs-lineups': { slate: string };
  'late-swap-bad-game-start': { player: number; name: string; gameStart: string };
  'late-swap-lineup-size': { lineup: number; players: number; slots: number };
  'late-swap-cannot-play': { lineup: number; name: string; slot: string };
  'late-swap-no-active-lineups': Record<string, never>;
  // A build with no solution: the rules that clash.
  'no-lineup-satisfies-rules': { rules: string[] };
  'lineup-has-no-solution': { lineup: number; total: number; rules: string[] };
  // Simulation and selection.
  'simulation-needs-points': Record<string, never>;
  'simulation-no-valid-lineup': Record<string, never>;
  /** `value` as text: a value no simulation can use may be Infinity, which JSON cannot hold. */
  'simulation-absurd-value': { player: string; field: string; value: string; limit: string };
  'simulation-lineup-size': { label: string; players: number; slots: number };
  'simulation-player-not-in-pool': { label: string; id: string };
  'simulation-cannot-fill-slot': { label: string; name: string; slot: number };
  'simulation-player-twice': { label: string; name: string };
  'simulation-opponents': { label: string; name: string; rival: string };
  'simulation-over-cap': { label: string; salary: number; cap: number };
  'simulation-entries-over-max': { entries: number; max: number };
  'simulation-entry-index': Record<string, never>;
  'simulation-field-too-small': Record<string, never>;
  'lineups-over-entries-per-user': { lineups: number; max: number; contest: string };
  // The simulation package's refusals: that package sits beside the domain and cannot import
  // it, so it throws these codes with their params (sim/src/messages.ts spells the same codes;
  // the compiler checks each is one of these where the layers above pass it on) and their
  // text is rendered here.
  'contest-field-size': Record<string, never>;
  'contest-entry-fee': Record<string, never>;
  'contest-rake': Record<string, never>;
  'contest-unknown-template': { template: string };
  'payout-table-empty': Record<string, never>;
  'payout-not-a-place': { row: number; raw: string };
  'payout-not-an-amount': { row: number; raw: string };
  'payout-places-out-of-order': { row: number; from: number; to: number };
  'payout-place-gap': { row: number; place: number; expected: number };
  'payout-too-many-places': { row: number };
  'payout-rises': { place: number };
  'payout-more-places-than-field': { places: number; fieldSize: number };
  'selection-not-kept': Record<string, never>;
  'selection-count': Record<string, never>;
  'selection-too-few-lineups': { unique: number; count: number };
  'selection-cancelled': Record<string, never>;
  'selection-exposure-limits': { fitted: number; count: number };
  /** A payout table file the simulation refused (`problem` one of the codes above). */
  'payout-file': { fileName: string; problem: CodedMessage };
  // The command lines (optimizer simulation flags, server imports and accounts).
  /** Without `max`, any whole number from `min` up. */
  'cli-whole-number': { flag: string; min: number; max?: number; raw: string };
  'cli-flag-needs-simulation': { flag: string };
  'cli-pool-needs-select': Record<string, never>;
  'cli-pool-below-select': { pool: number; select: number };
  'cli-entry-fee': { raw: string };
  'cli-sim-contest': { templates: string[]; raw: string };
  'cli-select-over-entries': { select: number; max: number; contest: string };
  'cli-proj-error': { raw: string };
  /** `raw` the value given, when there was one. */
  'cli-one-of': { flag: string; allowed: string[]; raw?: string };
  'cli-season': Record<string, never>;
  'cli-counter': Record<string, never>;
  'cli-file-missing': { command: string };
  'cli-cannot-read': { fileName: string; reason: string };
  'cli-email-missing': Record<string, never>;
  'cli-no-account': { email: string };
  // The optimizer's command line: flags and the files they name. `reason` of refused flags is
  // Node's argument parser's own text; of a file not read or written, the system's; of a JSON
  // syntax error, the JSON parser's (with the place, when it gives one).
  'cli-flags-refused': { reason: string };
  'cli-missing-flags': { flags: string[] };
  'cli-missing-lineup-count': Record<string, never>;
  'cli-no-roster': { sport: string; site: string; contest: string; known: string[] };
  'cli-cannot-write': { fileName: string; reason: string };
  'cli-json-syntax': { fileName: string; reason: string; line?: number; column?: number };
  /** `got`: 'null', 'array', or the JavaScript type of what the file holds. */
  'cli-settings-not-an-object': { fileName: string; got: string };
  /** `got` of a setting is the value as JSON. */
  'cli-setting-not-true-or-false': { fileName: string; key: string; got: string };
  'cli-setting-not-a-number': { fileName: string; key: string; got: string };
  'cli-setting-not-a-list': { fileName: string; key: string; got: string };
  'cli-setting-not-lineups': { fileName: string; key: string; got: string };
  'cli-setting-not-one-of': { fileName: string; key: string; allowed: string[]; got: string };
  'cli-ceiling-pct': { fileName: string; value: number };
  // The optimizer's command line: its warnings.
  'cli-unknown-setting-keys': { fileName: string; keys: string[] };
  /** `column` the file's points column: the site's season averages. */
  'cli-season-averages': { fileName: string; column: string };
  // The server's refusals with something to fill in.
  'entries-no-roster': { sport: string; site: string; contestType: string };
  'entries-file-no-entries': { fileName: string; layout: string };
  'entries-lineup-size': { lineup: number; players: number; slots: number };
  'lineups-not-entered': { lineups: number[]; violations: string[] };
  'sport-not-offered': { sport: string; site: string; contestType?: string };
  'players-have-no-teams': Record<string, never>;
  /** `reason` is the payment provider's own text. */
  'payment-refused': { reason: string };
  'json-too-deep': { maxDepth: number };
  // A request the server cannot read. `issues` are the request schema's own words, each
  // 'where: what'; `reason` of a refused request is the web framework's text.
  'bad-build-request': { problem: CodedMessage };
  /** `field` names the part of the message at fault when the problem does not. */
  'bad-simulation-request': { field?: string; problem: CodedMessage };
  'request-fields-invalid': { issues: string[] };
  'simulation-players-without-points': { missing: number; total: number; examples: string[] };
  'route-not-found': { method: string; path: string };
  'request-refused': { reason: string };
  // Players held by the program: a stored row read back that is not a player (`issues` the
  // schema's own words, each 'where: what'), an edit of a player the table does not have.
  'stored-player-invalid': { issues: string[] };
  'unknown-player-id': { id: string };
  // A lineup written as an upload row that does not fill the roster (`roster` its key, e.g. nfl/dk/classic).
  'export-lineup-size': { lineup: number; players: number; roster: string; slots: number };
  'export-lineup-no-slot': { lineup: number; slot: string; roster: string };
  /** An entries file picked in the builder whose players are not the open slate's (`examples` a few of them). */
  'entries-not-on-slate': { fileName: string; missing: number; total: number; examples: string[] };
}

/**
 * Refusals whose text is fixed (most of them the server's 4xx and 5xx answers): their codes,
 * each with its text as the spec quotes it or as we word it (api-messages.ts, user-slates.ts).
 */
const FIXED_TEXTS = {
  'not-logged-in': () => NOT_LOGGED_IN,
  'invalid-token': () => INVALID_TOKEN,
  'admin-only': () => ADMIN_ONLY,
  'invalid-credentials': () => INVALID_CREDENTIALS,
  'email-already-registered': () => EMAIL_ALREADY_REGISTERED,
  'password-too-short': () => PASSWORD_TOO_SHORT,
  'wrong-password': () => WRONG_PASSWORD,
  'password-changed-elsewhere': () => PASSWORD_CHANGED_ELSEWHERE,
  'reset-link-expired': () => RESET_LINK_EXPIRED,
  'partner-login-failed': () => PARTNER_LOGIN_FAILED,
  'unknown-brand': () => UNKNOWN_BRAND,
  'unknown-plan': () => UNKNOWN_PLAN,
  'invalid-promo-code': () => INVALID_PROMO_CODE,
  'plan-allows-no-lineups': () => PLAN_ALLOWS_NO_LINEUPS,
  'must-be-logged-in-to-create-lineups': () => MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS,
  'unable-to-fetch-players': () => UNABLE_TO_FETCH_PLAYERS,
  'text-contains-nul': () => TEXT_CONTAINS_NUL,
  'too-many-login-attempts': () => TOO_MANY_LOGIN_ATTEMPTS,
  'too-many-password-attempts': () => TOO_MANY_PASSWORD_ATTEMPTS,
  'too-many-sign-ups': () => TOO_MANY_SIGN_UPS,
  'too-many-requests': () => TOO_MANY_REQUESTS,
  'too-many-uploads': () => TOO_MANY_UPLOADS,
  'too-many-builds': () => TOO_MANY_BUILDS,
  'jobs-busy': () => JOBS_BUSY,
  'build-lost': () => BUILD_LOST,
  'database-unavailable': () => DATABASE_UNAVAILABLE,
  'save-conflict': () => SAVE_CONFLICT,
  'internal-error': () => INTERNAL_ERROR,
  'slate-file-is-projections': () => SLATE_FILE_IS_PROJECTIONS,
  'too-many-user-slates': () => TOO_MANY_USER_SLATES,
  'user-slate-not-found': () => USER_SLATE_NOT_FOUND,
  'card-required': () => CARD_REQUIRED,
  'no-subscription-to-cancel': () => NO_SUBSCRIPTION_TO_CANCEL,
  'body-not-json': () => BODY_NOT_JSON,
  'reserved-json-key': () => RESERVED_JSON_KEY,
  'message-not-json': () => 'the message is not JSON',
  'build-request-timeout': () => BUILD_REQUEST_TIMEOUT,
  'path-too-long': () => 'A part of the path is too long',
  'url-malformed': () => 'The URL is malformed',
  /** A simulation that failed on a fault of ours (logged). Wording is ours. */
  'simulation-failed': () => 'The simulation failed',
  /** A request whose client closed the connection first: logged, never read by anyone. */
  'client-went-away': () => 'the client went away',
} as const;

/** The codes of the refusals with a fixed text (their params are {}). */
export const FIXED_MESSAGE_CODES = Object.keys(FIXED_TEXTS) as (keyof typeof FIXED_TEXTS)[];

/** The params of each message code. */
export type MessageParams = VariableParams & { [C in keyof typeof FIXED_TEXTS]: Record<string, never> };

export type MessageCode = keyof MessageParams;

/** A message as programs hold it: its code and params (the text is rendered by renderMessage). */
export type CodedMessage = { [C in MessageCode]: { code: C; params: MessageParams[C] } }[MessageCode];

/** A coded message with its rendered text, as the server sends it and a file of warnings logs it. */
export type RenderedMessage = CodedMessage & { message: string };

/** What happened to one lineup: late swap of entries reads the code, never the text. */
export type LineupNoteCode = 'exposure-tolerance' | 'cross-lineup-rules-set-aside' | 'plan-set-aside' | 'kept-as-it-was';

export const LINEUP_NOTE_CODES: readonly LineupNoteCode[] = ['exposure-tolerance', 'cross-lineup-rules-set-aside', 'plan-set-aside', 'kept-as-it-was'];

/** A note on one lineup, its text rendered (the lineup travels with it to the user). */
export type LineupNote = Extract<RenderedMessage, { code: LineupNoteCode }>;

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

const RENDER: { [C in MessageCode]: (params: MessageParams[C]) => string } = {
  'started-players-left-out': ({ count }) => startedPlayersLeftOutMessage(count),
  'group-player-not-in-pool': ({ group, playerId }) => `${group}: player ${playerId} is not in the pool and was left out of the group`,
  'plan-option-dropped': ({ what, from, to, lineups }) =>
    `${what}: "${from}" was infeasible and dropped for ${lineups.length} ${plural(lineups.length, 'lineup', 'lineups')} `
    + `(${plural(lineups.length, 'lineup', 'lineups')} ${lineups.join(', ')}); "${to}" was used instead`,
  'lineup-limit': ({ limit }) => lineupLimitWarning(limit),
  'exposure-tolerance': (p) => onLineup(p.lineup, `max exposures were exceeded by up to ${p.lineups} lineup(s) (OverMax_Sensitivity ${p.sensitivity})`),
  'cross-lineup-rules-set-aside': (p) => onLineup(p.lineup, 'exposures and minUnique were set aside to re-optimise it'),
  'plan-set-aside': (p) => onLineup(p.lineup, `its started players leave no room for the planned ${p.detail}; re-optimised without them`),
  'kept-as-it-was': (p) => onLineup(p.lineup, 'no other lineup fits the rules; it was kept as it was'),
  'excluded-by-status': ({ players }) => excludedByStatusMessage(players),
  'not-starting-pitchers': ({ players }) => notStartingPitchersMessage(players),
  'not-in-batting-order': ({ players }) => notInBattingOrderMessage(players),
  'no-season-points': ({ fileName, players }) => noSeasonPointsMessage(fileName, players),
  'selection-minimum-unmet': ({ rule }) => `${rule}: the pool cannot meet its minimum`,
  'selection-plain-build-kept': () => 'The selection did not beat your plain build on fresh simulations: the plain build is kept',
  'simulated-alone': ({ lineups, maxEntries }) =>
    `${lineups} lineups is more than the ${maxEntries} entries per user: each is simulated alone, with no portfolio`,
  'entry-every-game-started': () => 'every player\'s game has started',
  'entry-no-better-lineup': () => 'no better lineup under the rules',
  'entry-empty': () => 'the entry is empty: fill it first',
  'entry-players-not-in-salary-file': ({ players }) => `${players.join(', ')} ${plural(players.length, 'is', 'are')} not in the salary file`,
  'entry-not-reoptimised': () => 'not re-optimised',
  'entry-build-failed': ({ error }) => renderMessage(error),
  'projection-already-matched': ({ player, line }) => `${player} is already matched by line ${line}`,
  'projection-no-such-id': ({ id }) => `no player with Id ${id} on the slate`,
  'projection-no-such-name': ({ name }) => `no player named ${name} on the slate`,
  'projection-other-team': ({ name, teams, team }) =>
    `${name} is on ${teams.length > 5 ? `${teams.slice(0, 5).join(', ')} and ${teams.length - 5} more` : teams.join(', ')} in the salary file, not ${team}`,
  'projection-ambiguous': () => 'several players fit: add the team or position',
  'entries-other-slate': ({ fileName, missing, total, examples }) => entriesOtherSlateMessage(fileName, missing, total, examples),
  'entries-roster-mismatch': ({ fileName, found, needed }) => entriesRosterMismatchMessage(fileName, found, needed),
  'site-mismatch': ({ fileName, fileLayout, fileSite, chosenSite }) => siteMismatchMessage(fileName, fileLayout, fileSite, chosenSite),
  'job-took-too-long': ({ seconds }) => jobTookTooLong(seconds),
  'job-needed-too-much-memory': ({ megabytes }) => jobNeededTooMuchMemory(megabytes),
  'feature-not-in-plan': ({ feature }) => `Your plan does not include ${feature}. Upgrade for this feature.`,
  'over-lineup-limit': ({ requested, limit }) => `Your plan allows ${limit} lineups per build; ${requested} were requested. Upgrade to build more.`,
  'kept-lineup-left-out': ({ what, violations }) => keptLineupLeftOutMessage(what, violations),

  // ---- Errors ----
  'file-cell': ({ fileName, line, column, problem }) => `${fileName} line ${line}, column ${column}: ${renderMessage(problem)}`,
  'projection-cell': ({ fileName, line, column, problem }) => `${fileName}: line ${line}, column ${column}: ${renderMessage(problem)}`,
  'import-cell': ({ fileName, line, column, problem }) => `${fileName}: line ${line}: ${column}: ${renderMessage(problem)}`,
  'cell-empty': () => 'the cell is empty',
  'cell-not-a-number': ({ raw }) => `"${raw}" is not a number`,
  'cell-not-a-whole-number': ({ raw }) => `"${raw}" is not a whole number`,
  'cell-not-between': ({ raw, min, max }) => `"${raw}" is not between ${min} and ${max}`,
  'cell-negative': ({ raw }) => `"${raw}" is negative`,
  'cell-below': ({ raw, min }) => `"${raw}" is below ${min}`,
  'cell-value-below': ({ value, min }) => `${value} is below ${min}`,
  'cell-above-100': ({ value }) => `${value} is above 100`,
  'cell-not-a-position': ({ raw, roster, positions }) => `"${raw}" is not a position of ${roster} (${positions.join(', ')})`,
  'cell-showdown-position-in-classic': ({ raw, roster }) => `"${raw}" is a showdown roster position but the contest is ${roster}`,
  'cell-not-a-showdown-position': ({ raw, roster, captain }) => `"${raw}" is not a showdown roster position of ${roster} (${captain} or FLEX)`,
  'cell-not-a-batting-order': ({ raw }) => `"${raw}" is not a batting-order place (1-9)`,
  'cell-not-a-game': ({ raw }) => `"${raw}" is not a game like "DET@KC 09/07/2023 08:20PM ET"`,
  'cell-team-not-in-game': ({ team, away, home }) => `"${team}" does not play in the game ${away}@${home}`,
  'cell-not-a-date-time': ({ raw }) => `"${raw}" is not a date-time like 2023-09-07T20:20:00-04:00`,
  'cell-min-exp-above-max-exp': ({ minExp, maxExp }) => `MinExp ${minExp} is above MaxExp ${maxExp}`,
  'cell-duplicate-id': ({ id, line }) => `duplicate Id "${id}" (first on line ${line})`,
  'cell-player-not-on-slate': ({ id }) => `player ${id} is not on the slate`,
  'cell-player-name-not-on-slate': ({ name }) => `player "${name}" is not on the slate`,
  'cell-player-value-not-a-number': ({ name, column, raw }) => `player "${name}" has no numeric ${column} on the slate ("${raw}")`,
  'cell-lineup-size': ({ needed, header, found }) => `expected ${needed} players (${header.join(' ')}), found ${found}`,
  'cell-not-american-odds': ({ raw }) => `"${raw}" is not American odds like +450 or -120`,
  'csv-syntax': ({ fileName, line, reason }) => `${fileName} line ${line}: ${reason}`,
  'import-csv-syntax': ({ fileName, line, reason }) => `${fileName}: line ${line}: ${reason}`,
  'file-empty': ({ fileName }) => `${fileName}: the file is empty`,
  'file-no-rows': ({ fileName }) => `${fileName}: no rows below the header`,
  'file-no-player-rows': ({ fileName }) => `${fileName}: no player rows below the header`,
  'file-missing-columns': ({ fileName, missing, found }) =>
    `${fileName}: missing ${plural(missing.length, 'column', 'columns')} ${missing.join(', ')} (found: ${found.join(', ')})`,
  'import-missing-columns': ({ fileName, missing }) => `${fileName}: line 1: missing ${plural(missing.length, 'column', 'columns')} ${missing.join(', ')}`,
  'players-file-unknown-format': ({ fileName, found, formats }) =>
    `${fileName}: unknown format: the header row (${found.join(', ')}) is none of the accepted formats. Accepted: ${formats.join('; ')}`,
  'slate-file-unknown-format': ({ fileName, found, formats, layouts }) =>
    `${fileName}: unknown format: the header row (${found.join(', ')}) is none of the accepted formats. Accepted: ${formats.join('; ')}; `
    + `and the entries files and lineup templates with the player list on the right (${layouts.join('; ')})`,
  'no-player-list': ({ fileName, layout, then }) =>
    `${fileName}: the ${layout} has no player list: ${NO_PLAYER_LIST_THEN[then]}`,
  'projection-no-player-column': ({ fileName }) =>
    `${fileName}: line 1: no player column: give Id, or Name (or First Name and Last Name) with Team and Position`,
  'projection-no-value-column': ({ fileName, fields }) =>
    `${fileName}: line 1: no value column: give one of ${fields.join(', ')} (or Projection, Points, FPTS, Own)`,
  'projection-name-empty': ({ fileName, line }) => `${fileName}: line ${line}: the player's name is empty`,
  'import-no-projection-columns': ({ fileName, columns }) => `${fileName}: line 1: none of the columns ${columns.join(', ')}`,
  'import-no-entries': ({ fileName }) => `${fileName}: no entries with a lineup`,
  'import-no-slate': ({ contestType, slate, sport, site, season, counter }) =>
    `no ${contestType} slate "${slate}" for ${sport} ${site} ${season}/${counter}: import its salary file first`,
  'entries-file': ({ fileName, problem }) => `${fileName}: ${renderMessage(problem)}`,
  'entries-csv-syntax': ({ line, reason }) => `Line ${line}: ${reason}.`,
  'entries-no-entry-id-column': () => "No 'Entry ID' column: upload the entries CSV from DraftKings (My Contests, Edit Entries).",
  'entries-missing-columns': ({ line, missing }) => `Line ${line}: missing ${plural(missing.length, 'column', 'columns')} ${missing.join(', ')}.`,
  'entries-slot-columns': ({ line, found, needed }) =>
    `Line ${line}: the slot columns after Entry Fee are ${found.join(', ') || 'missing'}; this contest needs ${needed.join(', ')}.`,
  'entries-none': () => 'The file has no entries (rows with an Entry ID).',
  'entries-none-in-file': ({ fileName }) => `${fileName}: the file has no entries (rows with an Entry ID)`,
  'entries-fill-no-such-lineup': ({ contest, lineup, built }) => `contest ${contest}: lineup ${lineup} does not exist (${built} built)`,
  'entries-fill-lineup-twice': ({ contest, lineup }) => `contest ${contest}: lineup ${lineup} is given twice`,
  'unknown-roster': ({ sport, site, contestType, known }) => noRosterMessage(sport, site, contestType, known),
  'player-row-not-an-object': (p) => `${playerRef(p)}: not an object`,
  'player-row-no-id': (p) => `${playerRef(p)}: Id is missing`,
  'player-row-salary': (p) => `${playerRef(p)}: Salary must be a number ≥ 0`,
  'player-row-proj-pts': (p) => `${playerRef(p)}: ProjPts must be a number`,
  'player-row-position': (p) => `${playerRef(p)}: position "${p.position}" is not one of ${p.positions.join(', ')}`,
  'player-row-exposure': (p) => `${playerRef(p)}: ${p.field} must be between 0 and 100`,
  'player-pool-empty': () => 'The player pool is empty',
  'players-share-id': ({ first, second, id }) => `players ${first} and ${second} share the Id ${id}`,
  'saved-lineup-size': ({ lineup, players, slots }) => `saved lineup ${lineup} has ${players} players, the roster has ${slots}`,
  'saved-lineup-player-not-in-pool': ({ lineup, id, slot }) => `saved lineup ${lineup}: player ${id} is not in the pool for slot ${slot}`,
  'num-lus-below-1': () => 'numLUs must be at least 1',
  'min-unique-out-of-range': ({ max }) => `minUnique must be between 0 and ${max}`,
  'min-sal-above-max-sal': ({ minSal, maxSal }) => `minSal ${minSal} is above maxSal ${maxSal}`,
  'site-rule-impossible': ({ site, min, unit, left }) => siteRuleImpossibleMessage(site, min, unit, left),
  'team-stacks-not-a-list': () => 'teamStacks must be a list',
  'team-stacks-row-needs-team': () => 'each teamStacks row needs a TeamAbbrev',
  'specific-stacks-not-a-list': () => 'specificStacks must be a list of stack rules (or that list as JSON text)',
  'stack-rule-not-an-object': ({ rule }) => `stack rule ${rule} must be an object`,
  'stack-rule-not-a-count': ({ rule, field }) => `stack rule ${rule}: ${field} must be a number ≥ 0`,
  'stack-rule-primary': ({ rule }) => `stack rule ${rule}: PrimaryStack must be a whole number ≥ 1`,
  'stack-rule-secondary': ({ rule }) => `stack rule ${rule}: SecondaryStack must be a whole number from 0 to PrimaryStack`,
  'stack-over-site-limit': ({ stack, site, limit }) => `stack ${stack}: ${site} allows at most ${limit} hitters of a team`,
  'groups-not-a-list': ({ kind }) => `${kind} must be a list`,
  'group-not-an-object': ({ kind, index }) => `${kind} ${index} must be an object`,
  'group-players-not-a-list': ({ group }) => `${group}: players must be a list`,
  'group-min-max': ({ group, minGroup, maxGroup }) => `${group}: minGroup ${minGroup} and maxGroup ${maxGroup} must satisfy 0 ≤ minGroup ≤ maxGroup`,
  'group-pct': ({ group }) => `${group}: pctGroup must be between 0 and 1`,
  'late-swap-dk-only': () => LATE_SWAP_DK_ONLY,
  'late-swap-bad-now': ({ now }) => `now "${now}" is not a date-time`,
  'late-swap-lineup-shape': ({ lineup, slate }) =>
    `after-start lineup ${lineup}${slate === undefined ? '' : ` of ${slate}`}: a lineup must be a list of player Ids or an object with players`,
  'late-swap-lineups-shape': () => 'afterStartLineups must be a list of lineups or lineups grouped by slate',
  'late-swap-slate-needs-lineups': ({ slate }) => `afterStartLineups.${slate} needs a lineups list`,
  'late-swap-bad-game-start': ({ player, name, gameStart }) => `player ${player} (${name}): GameStart "${gameStart}" is not a date-time`,
  'late-swap-lineup-size': ({ lineup, players, slots }) => `after-start lineup ${lineup} has ${players} players, the roster has ${slots}`,
  'late-swap-cannot-play': ({ lineup, name, slot }) => `after-start lineup ${lineup}: ${name} cannot play ${slot}`,
  'late-swap-no-active-lineups': () => 'after start is on but there are no lineups of an active slate',
  'no-lineup-satisfies-rules': ({ rules }) => `No lineup satisfies the rules: ${rules.join(' + ')}`,
  'lineup-has-no-solution': ({ lineup, total, rules }) => `Lineup ${lineup} of ${total} has no solution: ${rules.join(' + ')} cannot all hold`,
  'simulation-needs-points': () => SIMULATION_NEEDS_POINTS,
  'simulation-no-valid-lineup': () => SIMULATION_NO_VALID_LINEUP,
  'simulation-absurd-value': ({ player, field, value, limit }) => simulationAbsurdValue(player, field, value, limit),
  'simulation-lineup-size': ({ label, players, slots }) => `${label}: ${players} players for a roster of ${slots}`,
  'simulation-player-not-in-pool': ({ label, id }) => `${label}: player ${id} is not in the player pool`,
  'simulation-cannot-fill-slot': ({ label, name, slot }) => `${label}: ${name} cannot fill slot ${slot}`,
  'simulation-player-twice': ({ label, name }) => simulationInvalidLineup(label, `${name} is in it more than once`),
  'simulation-opponents': ({ label, name, rival }) => simulationInvalidLineup(label, `${name} and ${rival} are opponents in one matchup`),
  'simulation-over-cap': ({ label, salary, cap }) => simulationInvalidLineup(label, `its salary ${salary} is over the cap of ${cap}`),
  'simulation-entries-over-max': ({ entries, max }) => `${entries} entries is more than the ${max} per user of this contest`,
  'simulation-entry-index': () => 'entries: an index is past the last lineup',
  'simulation-field-too-small': () => 'The contest needs more entries than yours',
  'lineups-over-entries-per-user': ({ lineups, max, contest }) => `${lineups} lineups is more than the ${max} entries per user of a ${contest}`,
  'contest-field-size': () => 'The field size must be a whole number of at least 2',
  'contest-entry-fee': () => 'The entry fee must be more than 0',
  'contest-rake': () => 'The rake must be between 0 and 1',
  'contest-unknown-template': ({ template }) => `Unknown contest template: ${template}`,
  'payout-table-empty': () => 'The payout table is empty',
  'payout-not-a-place': ({ row, raw }) => `Payout row ${row}: "${raw}" is not a place or a range of places (e.g. 1 or 11-15)`,
  'payout-not-an-amount': ({ row, raw }) => `Payout row ${row}: "${raw}" is not an amount`,
  'payout-places-out-of-order': ({ row, from, to }) => `Payout row ${row}: the places ${from}-${to} are not in order`,
  'payout-place-gap': ({ row, place, expected }) => `Payout row ${row}: place ${place} should be ${expected} (places must follow each other from 1)`,
  'payout-too-many-places': ({ row }) => `Payout row ${row}: more than 1,000,000 places`,
  'payout-rises': ({ place }) => `Payout place ${place} pays more than place ${place - 1}`,
  'payout-more-places-than-field': ({ places, fieldSize }) => `The payout table pays ${places} places but the contest has ${fieldSize} entries`,
  'selection-not-kept': () => 'The simulation did not keep what selection needs (keepForSelection)',
  'selection-count': () => 'The number of lineups to select must be a whole number of at least 1',
  'selection-too-few-lineups': ({ unique, count }) => `Only ${unique} different lineups to choose ${count} from`,
  'selection-cancelled': () => 'The selection was cancelled',
  'selection-exposure-limits': ({ fitted, count }) => `Only ${fitted} lineups fit the exposure limits; ${count} were asked for`,
  'payout-file': ({ fileName, problem }) => `${fileName}: ${renderMessage(problem)}`,
  'cli-whole-number': ({ flag, min, max, raw }) => `--${flag} must be a whole number ${max === undefined ? `≥ ${min}` : `between ${min} and ${max}`} (got "${raw}")`,
  'cli-flag-needs-simulation': ({ flag }) => `--${flag} is for a simulation: give --simulate or --select too`,
  'cli-pool-needs-select': () => '--pool is for --select: give --select N too',
  'cli-pool-below-select': ({ pool, select }) => `--pool ${pool} is fewer than the ${select} lineups to select`,
  'cli-entry-fee': ({ raw }) => `--entry-fee must be an amount above 0 (got "${raw}")`,
  'cli-sim-contest': ({ templates, raw }) => `--sim-contest must be one of ${templates.join(', ')} (got "${raw}")`,
  'cli-select-over-entries': ({ select, max, contest }) => `--select ${select} is more than the ${max} entries per user of a ${contest}`,
  'cli-proj-error': ({ raw }) => `--proj-error must be a percentage from 0 to 100 (got "${raw}")`,
  'cli-one-of': ({ flag, allowed, raw }) => `--${flag} must be one of ${allowed.join(', ')}${raw === undefined ? '' : ` (got "${raw}")`}`,
  'cli-season': () => '--season must be a year, e.g. 2023',
  'cli-counter': () => '--counter is required (an nfl week or a YYYY-MM-DD date)',
  'cli-file-missing': ({ command }) => `${command}: the file to import is missing`,
  'cli-cannot-read': ({ fileName, reason }) => `${fileName}: cannot read the file (${reason})`,
  'cli-email-missing': () => 'make-admin: the account email is missing',
  'cli-no-account': ({ email }) => `no account with the email ${email}`,
  'cli-flags-refused': ({ reason }) => reason,
  'cli-missing-flags': ({ flags }) => `missing ${flags.map((flag) => `--${flag}`).join(', ')}`,
  'cli-missing-lineup-count': () => 'missing --n (or numLUs in --settings)',
  'cli-no-roster': ({ sport, site, contest, known }) => `no roster for --sport ${sport} --site ${site} --contest ${contest} (known: ${known.join(', ')})`,
  'cli-cannot-write': ({ fileName, reason }) => `${fileName}: cannot write the file (${reason})`,
  'cli-json-syntax': ({ fileName, reason, line, column }) =>
    `${fileName}${line === undefined ? ':' : ` line ${line}, column ${column}:`} invalid JSON: ${reason}`,
  'cli-settings-not-an-object': ({ fileName, got }) =>
    `${fileName}: the settings must be a JSON object of setting keys (got ${got === 'null' ? 'null' : got === 'array' ? 'an array' : `a ${got}`})`,
  'cli-setting-not-true-or-false': ({ fileName, key, got }) => `${fileName}: ${key} must be true or false (got ${got})`,
  'cli-setting-not-a-number': ({ fileName, key, got }) => `${fileName}: ${key} must be a number (got ${got})`,
  'cli-setting-not-a-list': ({ fileName, key, got }) => `${fileName}: ${key} must be a list (got ${got})`,
  'cli-setting-not-lineups': ({ fileName, key, got }) => `${fileName}: ${key} must be a list of lineups or lineups grouped by slate (got ${got})`,
  'cli-setting-not-one-of': ({ fileName, key, allowed, got }) => `${fileName}: ${key} must be one of ${allowed.join(', ')} (got ${got})`,
  'cli-ceiling-pct': ({ fileName, value }) => `${fileName}: ceilingPct must be between 0 and 100 (got ${value})`,
  'cli-unknown-setting-keys': ({ fileName, keys }) => `${fileName}: unknown setting ${plural(keys.length, 'key', 'keys')} ignored: ${keys.join(', ')}`,
  'cli-season-averages': ({ fileName, column }) => `${fileName}: ${SEASON_AVERAGES_NOTICE} (the site's ${column}); give --projections`,
  'entries-no-roster': ({ sport, site, contestType }) => `no ${contestType} roster for ${sport} on ${site}`,
  'entries-file-no-entries': ({ fileName, layout }) =>
    `${fileName}: the ${layout} has no entries (rows with an entry id): download it from My Contests once you have entered`,
  'entries-lineup-size': ({ lineup, players, slots }) => `lineup ${lineup} has ${players} players; this roster needs ${slots}`,
  'lineups-not-entered': ({ lineups, violations }) => lineupsNotEnteredMessage(lineups, violations),
  'sport-not-offered': ({ sport, site, contestType }) => `${sport} is not offered on ${site}${contestType ? ` ${contestType}` : ''}`,
  'players-have-no-teams': () => `${UNABLE_TO_FETCH_TEAM_STACKS}: the players have no teams`,
  'payment-refused': ({ reason }) => reason,
  'json-too-deep': ({ maxDepth }) => jsonTooDeep(maxDepth),
  'bad-build-request': ({ problem }) => `${BAD_BUILD_REQUEST}: ${renderMessage(problem)}`,
  'bad-simulation-request': ({ field, problem }) => `${BAD_SIMULATION_REQUEST}: ${field ? `${field}: ` : ''}${renderMessage(problem)}`,
  'request-fields-invalid': ({ issues }) => issues.join('; '),
  'simulation-players-without-points': ({ missing, total, examples }) => simulationPlayersWithoutPoints(missing, total, examples),
  'route-not-found': ({ method, path }) => `${NOT_FOUND}: ${method} ${path}`,
  'request-refused': ({ reason }) => reason,
  'stored-player-invalid': ({ issues }) => `A stored player row is not a player: ${issues.join('; ')}`,
  'unknown-player-id': ({ id }) => `Unknown player id: ${id}`,
  'export-lineup-size': ({ lineup, players, roster, slots }) => `lineup ${lineup} has ${players} players, a ${roster} roster has ${slots}`,
  'export-lineup-no-slot': ({ lineup, slot, roster }) => `lineup ${lineup} has no player for slot ${slot} of ${roster}`,
  'entries-not-on-slate': ({ fileName, missing, total, examples }) =>
    `${fileName}: ${missing} of the ${total} players in its entries are not on this slate (${examples.join(', ')}${missing > examples.length ? ', …' : ''}): `
    + 'the file is of another slate. Open the slate of these entries, or upload its salary file.',
  ...FIXED_TEXTS,
};

const NO_PLAYER_LIST_THEN: Record<MessageParams['no-player-list']['then'], string> = {
  give: 'give the salary file too', 'give-players': 'give --players too', upload: 'upload the salary file', import: 'import the salary file',
};

/** A player row named in an error: its place in the list, and its name when it has one. */
function playerRef({ player, name }: { player: number; name?: string }): string {
  return `player ${player}${name ? ` (${name})` : ''}`;
}

/** A lineup note among a build's warnings says which lineup ('Lineup 3: ...'); on the lineup itself it does not. */
function onLineup(lineup: number | undefined, text: string): string {
  return lineup === undefined ? text : `Lineup ${lineup}: ${text}`;
}

/** Every message code, for tests and for readers checking a code they were sent. */
export const MESSAGE_CODES = Object.keys(RENDER) as MessageCode[];

/** A coded message (typed: the params must be those of the code). */
export function coded<C extends MessageCode>(code: C, params: MessageParams[C]): Extract<CodedMessage, { code: C }> {
  return { code, params } as Extract<CodedMessage, { code: C }>;
}

/** The one place a coded message becomes text. */
export function renderMessage(message: CodedMessage): string {
  return (RENDER[message.code] as (params: MessageParams[MessageCode]) => string)(message.params);
}

/** The message with its text, as sent on the wire. */
export function withText<M extends CodedMessage>(message: M): M & { message: string } {
  return { ...message, message: renderMessage(message) };
}

/**
 * An error that carries its code and params: the message is the rendered text, for logs and
 * for callers that only show it; programs read `coded`. The errors users see (a refused
 * input, file or build) are this or extend it, so their code travels to the client.
 */
export class CodedError extends Error {
  readonly coded: CodedMessage;
  constructor(message: CodedMessage) {
    super(renderMessage(message));
    this.name = 'CodedError';
    this.coded = message;
  }
}

/** Is this one of the notes a build also puts on its lineup. */
export function isLineupNote(message: CodedMessage): message is Extract<CodedMessage, { code: LineupNoteCode }> {
  return (LINEUP_NOTE_CODES as readonly string[]).includes(message.code);
}

/**
 * Warnings as the server sends them: `warnings` the rendered texts (the field clients have
 * always read) and `warningCodes` the same messages, in the same order, as codes and params.
 */
export function warningsOnWire(list: readonly CodedMessage[]): { warnings: string[]; warningCodes: CodedMessage[] } {
  return { warnings: list.map(renderMessage), warningCodes: [...list] };
}

/** A reason as the server sends it: `reason` the text, `reasonCode` the same as {code, params}. */
export function reasonOnWire(reason: CodedMessage): { reason: string; reasonCode: CodedMessage } {
  return { reason: renderMessage(reason), reasonCode: reason };
}

/**
 * A message a client got from the server, rendered here from its code; the server's own text
 * when the code is one this client does not know (a newer server) or there is none.
 */
export function renderReceived(coded: unknown, text: string | undefined): string {
  const known = typeof coded === 'object' && coded !== null && (MESSAGE_CODES as readonly unknown[]).includes((coded as { code?: unknown }).code);
  return known ? renderMessage(coded as CodedMessage) : text ?? '';
}
