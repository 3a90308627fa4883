// The roster table: every sport × site × contest type as data, in the spirit of
// pydfs-lineup-optimizer's per-site settings. Nothing outside packages/domain names a
// slot, a cap or an upload header.
import { coded, CodedError } from './messages.js';

export const SPORTS = ['nfl', 'nba', 'mlb', 'pga', 'mma'] as const;
export type Sport = (typeof SPORTS)[number];

export const SITES = ['dk', 'fd', 'ya'] as const;
export type Site = (typeof SITES)[number];

export const CONTEST_TYPES = ['classic', 'showdown'] as const;
export type ContestType = (typeof CONTEST_TYPES)[number];

/** Site names as players know them. */
export const SITE_NAMES: Record<Site, string> = { dk: 'DraftKings', fd: 'FanDuel', ya: 'Yahoo' };

/** One roster slot: its upload-header label and the (canonical) positions it accepts. */
export interface Slot {
  /** Label in the site's upload CSV header, e.g. 'FLEX', 'DEF', 'MVP - 1.5X Points'. */
  readonly label: string;
  /** Canonical positions eligible for the slot (defence is always 'DST' internally). */
  readonly eligible: readonly string[];
  /** Scoring multiplier of a player in this slot (showdown captain: 1.5). */
  readonly pointsMultiplier: number;
  /** Salary multiplier of a player in this slot (dk CPT: 1.5; fd MVP and ya SUPERSTAR: 1). */
  readonly salaryMultiplier: number;
  /** True for the one captain-style slot of a showdown roster. */
  readonly captain: boolean;
}

export interface RosterSpec {
  readonly sport: Sport;
  readonly site: Site;
  readonly contestType: ContestType;
  readonly salaryCap: number;
  readonly slots: readonly Slot[];
  /** The site's upload CSV header row, one entry per slot. */
  readonly uploadHeader: readonly string[];
  /** Every position a player of this roster may have. */
  readonly positions: readonly string[];
  /** Site spellings of positions mapped to the canonical ones ('D' and 'DEF' → 'DST'). */
  readonly positionAliases: Readonly<Record<string, string>>;
  /** Players have no team (golf, mma): no team, Vegas line or team stack applies. */
  readonly teamless?: true;
  /**
   * A player's Opp names his opponent, and the two never share a lineup (an mma bout: one
   * fighter of a bout wins, so a lineup holds at most one of the two).
   */
  readonly oneSideOfMatchup?: true;
  /** The site's own rules on teams and games a lineup spans (absent for teamless rosters). */
  readonly teamRules?: TeamRules;
}

/**
 * A site's limits on the teams and games of one lineup, as its published rules state them
 * (docs/optimizer.md lists each with its source). A lineup that breaks one is refused at upload.
 */
export interface TeamRules {
  /** At most this many players of one team; with `positions`, only players of those positions count (FanDuel mlb: hitters). */
  readonly maxPerTeam?: { readonly count: number; readonly positions?: readonly string[] };
  /** Players of at least this many teams; with `positions`, only those count (Yahoo single game: not the team DEF). */
  readonly minTeams?: { readonly count: number; readonly positions?: readonly string[] };
  /** Players from at least this many games (a game is a team and its Opp). */
  readonly minGames?: number;
}

/** The showdown captain points multiplier (the captain scores 1.5 times their points). */
export const CAPTAIN_POINTS_MULTIPLIER = 1.5;

/** Label of the captain in cheat-sheet exports, as each site names the slot. */
export const CHEAT_SHEET_CAPTAIN_LABEL: Record<Site, string> = { dk: 'CPT', fd: 'MVP', ya: 'STUD' };

function slot(label: string, eligible: readonly string[]): Slot {
  return { label, eligible, pointsMultiplier: 1, salaryMultiplier: 1, captain: false };
}

function captainSlot(label: string, eligible: readonly string[], salaryMultiplier: number): Slot {
  return { label, eligible, pointsMultiplier: CAPTAIN_POINTS_MULTIPLIER, salaryMultiplier, captain: true };
}

const NFL_FLEX = ['RB', 'WR', 'TE'];
const NFL_SHOWDOWN = ['QB', 'RB', 'WR', 'TE', 'K', 'DST'];
const DEFENCE_ALIASES = { D: 'DST', DEF: 'DST', 'D/ST': 'DST' };

function nflClassic(site: Site, salaryCap: number, defenceLabel: string, teamRules: TeamRules): RosterSpec {
  const slots = [
    slot('QB', ['QB']),
    slot('RB', ['RB']),
    slot('RB', ['RB']),
    slot('WR', ['WR']),
    slot('WR', ['WR']),
    slot('WR', ['WR']),
    slot('TE', ['TE']),
    slot('FLEX', NFL_FLEX),
    slot(defenceLabel, ['DST']),
  ];
  return {
    sport: 'nfl', site, contestType: 'classic', salaryCap, slots,
    uploadHeader: slots.map((s) => s.label),
    positions: ['QB', 'RB', 'WR', 'TE', 'DST'],
    positionAliases: DEFENCE_ALIASES,
    teamRules,
  };
}

function showdown(
  sport: Sport, site: Site, salaryCap: number, captain: Slot, flexLabels: readonly string[], eligible: readonly string[],
  teamRules: TeamRules, positionAliases: Readonly<Record<string, string>> = DEFENCE_ALIASES,
): RosterSpec {
  const slots = [captain, ...flexLabels.map((label) => slot(label, eligible))];
  return {
    sport, site, contestType: 'showdown', salaryCap, slots,
    uploadHeader: slots.map((s) => s.label),
    positions: eligible,
    positionAliases,
    teamRules,
  };
}

function classic(
  sport: Sport, site: Site, salaryCap: number, slots: Slot[], positions: string[], positionAliases: Readonly<Record<string, string>> = {},
  teamRules?: TeamRules,
): RosterSpec {
  return {
    sport, site, contestType: 'classic', salaryCap, slots,
    uploadHeader: slots.map((s) => s.label),
    positions,
    positionAliases,
    ...(teamRules ? { teamRules } : {}),
  };
}

const repeat = (n: number, make: () => Slot): Slot[] => Array.from({ length: n }, make);

const NBA_POSITIONS = ['PG', 'SG', 'SF', 'PF', 'C'];
const MLB_HITTERS = ['C', '1B', '2B', '3B', 'SS', 'OF'];
const MLB_POSITIONS = ['P', ...MLB_HITTERS];
/** DraftKings mlb files write starting and relief pitchers SP and RP; their roster slot is P. */
const PITCHER_ALIASES = { SP: 'P', RP: 'P' };

// The sites' team and game rules (sources in docs/optimizer.md, "Site roster rules").
/** DraftKings classic: players from at least 2 games (and so 2 teams). */
const DK_CLASSIC: TeamRules = { minGames: 2 };
/** DraftKings mlb classic: also at most 5 hitters of one team. */
const DK_MLB_CLASSIC: TeamRules = { minGames: 2, maxPerTeam: { count: 5, positions: MLB_HITTERS } };
/** FanDuel classic: at most 4 players of one team, players of at least 3 teams. */
const FD_CLASSIC: TeamRules = { maxPerTeam: { count: 4 }, minTeams: { count: 3 } };
/** FanDuel mlb: at most 4 hitters of one team (the pitcher does not count), at least 3 teams. */
const FD_MLB_CLASSIC: TeamRules = { maxPerTeam: { count: 4, positions: MLB_HITTERS }, minTeams: { count: 3 } };
/** Yahoo multi-game: at most 6 players of one team, players of at least 3 teams. */
const YA_CLASSIC: TeamRules = { maxPerTeam: { count: 6 }, minTeams: { count: 3 } };
/** Single-game contests: players of both teams (DraftKings showdown). */
const BOTH_TEAMS: TeamRules = { minTeams: { count: 2 } };
/** FanDuel single game: at most 4 of one team, which with 5 players means both teams. */
const FD_SINGLE_GAME: TeamRules = { maxPerTeam: { count: 4 }, minTeams: { count: 2 } };
/** Yahoo single game: an athlete of each team, the team DEF not counting. */
const YA_SINGLE_GAME: TeamRules = { minTeams: { count: 2, positions: ['QB', 'RB', 'WR', 'TE', 'K'] } };

export const ROSTERS: readonly RosterSpec[] = [
  nflClassic('dk', 50000, 'DST', DK_CLASSIC),
  nflClassic('fd', 60000, 'DEF', FD_CLASSIC),
  nflClassic('ya', 200, 'DEF', YA_CLASSIC),
  showdown('nfl', 'dk', 50000, captainSlot('CPT', NFL_SHOWDOWN, 1.5), repeat(5, () => slot('FLEX', NFL_SHOWDOWN)).map((s) => s.label), NFL_SHOWDOWN, BOTH_TEAMS),
  showdown('nfl', 'fd', 60000, captainSlot('MVP - 1.5X Points', NFL_SHOWDOWN, 1), ['AnyFLEX', 'AnyFLEX', 'AnyFLEX', 'AnyFLEX'], NFL_SHOWDOWN, FD_SINGLE_GAME),
  showdown('nfl', 'ya', 200, captainSlot('SUPERSTAR', NFL_SHOWDOWN, 1), ['FLEX1', 'FLEX2', 'FLEX3', 'FLEX4'], NFL_SHOWDOWN, YA_SINGLE_GAME),
  classic('nba', 'dk', 50000, [
    slot('PG', ['PG']), slot('SG', ['SG']), slot('SF', ['SF']), slot('PF', ['PF']), slot('C', ['C']),
    slot('G', ['PG', 'SG']), slot('F', ['SF', 'PF']), slot('UTIL', NBA_POSITIONS),
  ], NBA_POSITIONS, {}, DK_CLASSIC),
  classic('nba', 'fd', 60000, [
    slot('PG', ['PG']), slot('PG', ['PG']), slot('SG', ['SG']), slot('SG', ['SG']),
    slot('SF', ['SF']), slot('SF', ['SF']), slot('PF', ['PF']), slot('PF', ['PF']), slot('C', ['C']),
  ], NBA_POSITIONS, {}, FD_CLASSIC),
  // DraftKings nba showdown: CPT (1.5× salary and points) + 5 UTIL, the nfl captain machinery.
  showdown('nba', 'dk', 50000, captainSlot('CPT', NBA_POSITIONS, 1.5), repeat(5, () => slot('UTIL', NBA_POSITIONS)).map((s) => s.label), NBA_POSITIONS, BOTH_TEAMS),
  classic('mlb', 'dk', 50000, [
    slot('P', ['P']), slot('P', ['P']), slot('C', ['C']), slot('1B', ['1B']), slot('2B', ['2B']),
    slot('3B', ['3B']), slot('SS', ['SS']), slot('OF', ['OF']), slot('OF', ['OF']), slot('OF', ['OF']),
  ], MLB_POSITIONS, PITCHER_ALIASES, DK_MLB_CLASSIC),
  classic('mlb', 'fd', 35000, [
    slot('P', ['P']), slot('C/1B', ['C', '1B']), slot('2B', ['2B']), slot('3B', ['3B']), slot('SS', ['SS']),
    slot('OF', ['OF']), slot('OF', ['OF']), slot('OF', ['OF']), slot('UTIL', MLB_HITTERS),
  ], MLB_POSITIONS, PITCHER_ALIASES, FD_MLB_CLASSIC),
  // DraftKings mlb showdown: CPT (1.5× salary and points) + 5 UTIL, pitchers and hitters alike.
  showdown('mlb', 'dk', 50000, captainSlot('CPT', MLB_POSITIONS, 1.5), repeat(5, () => slot('UTIL', MLB_POSITIONS)).map((s) => s.label), MLB_POSITIONS, BOTH_TEAMS, PITCHER_ALIASES),
  { ...classic('pga', 'dk', 50000, repeat(6, () => slot('G', ['G'])), ['G']), teamless: true },
  { ...classic('pga', 'fd', 60000, repeat(6, () => slot('G', ['G'])), ['G']), teamless: true },
  { ...classic('mma', 'dk', 50000, repeat(6, () => slot('F', ['F'])), ['F']), teamless: true, oneSideOfMatchup: true },
  { ...classic('mma', 'fd', 100, repeat(6, () => slot('F', ['F'])), ['F']), teamless: true, oneSideOfMatchup: true },
];

export class UnknownRosterError extends CodedError {
  constructor(sport: string, site: string, contestType: string) {
    super(coded('unknown-roster', { sport, site, contestType, known: ROSTERS.map(rosterKey) }));
    this.name = 'UnknownRosterError';
  }
}

export function rosterKey(r: { sport: string; site: string; contestType: string }): string {
  return `${r.sport}/${r.site}/${r.contestType}`;
}

export function findRoster(sport: string, site: string, contestType: string): RosterSpec | undefined {
  return ROSTERS.find((r) => r.sport === sport && r.site === site && r.contestType === contestType);
}

export function getRoster(sport: string, site: string, contestType: string): RosterSpec {
  const roster = findRoster(sport, site, contestType);
  if (!roster) throw new UnknownRosterError(sport, site, contestType);
  return roster;
}

export function rosterSize(roster: RosterSpec): number {
  return roster.slots.length;
}

/** Canonical positions of a player's Position text ('RB/WR' → ['RB','WR'], fd 'D' → ['DST']). */
export function canonicalPositions(roster: RosterSpec, position: string): string[] {
  return position
    .split('/')
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p.length > 0)
    .map((p) => roster.positionAliases[p] ?? p);
}

/** Whether the sport's players belong to teams (not golf or mma): team, Vegas and Team Stacks UI apply. */
export function sportHasTeams(sport: Sport): boolean {
  return !ROSTERS.some((r) => r.sport === sport && r.teamless);
}

/** Sites that offer a sport (nfl on dk/fd/ya, the others on dk/fd). */
export function sitesFor(sport: Sport): Site[] {
  return SITES.filter((site) => ROSTERS.some((r) => r.sport === sport && r.site === site));
}

export function contestTypesFor(sport: Sport, site: Site): ContestType[] {
  return CONTEST_TYPES.filter((c) => ROSTERS.some((r) => r.sport === sport && r.site === site && r.contestType === c));
}
