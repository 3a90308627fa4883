// Player CSVs in: the sites' own player lists (DraftKings DKSalaries.csv, the FanDuel and
// Yahoo player lists) and projection CSVs in the spec's field names. The format is told
// from the header row; every complaint names the file, the 1-based line and the column.
import { CsvSyntaxError, readCsvRows, type CodedMessage, type CsvTextRow } from '@stacksmith/domain';
import {
  applyStatusDefaults, canonicalPositions, CHEAT_SHEET_CAPTAIN_LABEL, newYorkIso, coded, parseGameState, parsePlayerStatus, rosterKey,
  type RosterSpec,
} from '@stacksmith/domain';
import { InputError, type PoolPlayer } from '../types.js';

export type PlayersCsvFormat = 'dk-salaries' | 'fd-players' | 'ya-players' | 'projections';

export interface PlayersCsvFormatInfo {
  /** What the format is called in messages. */
  readonly name: string;
  /** The columns of the format, as the site writes them. */
  readonly columns: readonly string[];
  /** Columns a file of the format must have. */
  readonly required: readonly string[];
}

export const PLAYERS_CSV_FORMATS: Readonly<Record<PlayersCsvFormat, PlayersCsvFormatInfo>> = {
  'dk-salaries': {
    name: 'DraftKings salary file (DKSalaries.csv)',
    // 2026 files add Status (OUT, IR, Q, ...) and, in mlb, Starting (SP, or a batting-order number).
    columns: ['Position', 'Name + ID', 'Name', 'ID', 'Roster Position', 'Salary', 'Game Info', 'TeamAbbrev', 'AvgPointsPerGame', 'Status', 'Starting'],
    required: ['Position', 'Name', 'ID', 'Roster Position', 'Salary', 'Game Info', 'TeamAbbrev', 'AvgPointsPerGame'],
  },
  'fd-players': {
    name: 'FanDuel player list',
    columns: ['Id', 'Position', 'First Name', 'Nickname', 'Last Name', 'FPPG', 'Played', 'Salary', 'Game', 'Team', 'Opponent',
      'Injury Indicator', 'Injury Details', 'Tier', 'Probable Pitcher', 'Batting Order', 'Roster Position'],
    // Old lists have no Nickname (First Name + Last Name) and no Tier; FPPG may be blank.
    required: ['Id', 'Position', 'First Name', 'Last Name', 'FPPG', 'Salary', 'Team'],
  },
  'ya-players': {
    name: 'Yahoo player list',
    columns: ['ID', 'First Name', 'Last Name', 'Position', 'Team', 'Opponent', 'Game', 'Time', 'Salary', 'FPPG',
      'Injury Status', 'Starting'],
    required: ['ID', 'First Name', 'Last Name', 'Position', 'Team', 'Salary', 'FPPG'],
  },
  projections: {
    name: 'projection CSV',
    columns: ['Id', 'Name', 'Position', 'TeamAbbrev', 'Opp', 'Salary', 'ProjPts', 'ProjOwn', 'Ceiling', 'MinExp', 'MaxExp',
      'ProjMins', 'GameStart', 'RosterPosition', 'Status'],
    required: ['Id', 'Name', 'Position', 'TeamAbbrev', 'Opp', 'Salary', 'ProjPts'],
  },
};

export interface PlayersCsv {
  format: PlayersCsvFormat;
  players: PoolPlayer[];
  /** Notes on rows read with a default (a null or blank FPPG read as 0), each naming its players. */
  warnings: CodedMessage[];
}

/** Sports whose players belong to teams (every row needs a team). */
const TEAM_SPORTS = new Set(['nfl', 'nba', 'mlb']);

/** Captain labels a row may carry, on any site. */
const CAPTAIN_LABELS = new Set(['CPT', 'CAPTAIN', 'MVP', 'SUPERSTAR', 'STUD']);
/** Flex labels a showdown row may carry, on any site (besides the roster's own slot labels). */
const FLEX_LABELS = new Set(['FLEX', 'UTIL', 'ANYFLEX']);

/** Game Info of a player without a game on the slate. */
const NO_GAME = new Set(['-', '--', 'N/A', 'TBD']);

const norm = (column: string) => column.trim().toLowerCase();

/** Season-average cells of a player without games: blank, or FanDuel's 'null'. */
const NO_POINTS = new Set(['', 'null', 'none', 'n/a', '-']);

/** Tells the format from the header row's column names; null when none fits. */
export function detectPlayersCsvFormat(header: readonly string[]): PlayersCsvFormat | null {
  const names = new Set(header.map(norm));
  const has = (column: string) => names.has(norm(column));
  if (has('Name + ID') || has('Game Info') || has('AvgPointsPerGame')) return 'dk-salaries';
  if (has('Nickname') || has('Injury Indicator') || has('Tier')) return 'fd-players';
  if (has('Injury Status') || has('Starting') || (has('ID') && has('First Name') && has('Last Name') && has('Time'))) return 'ya-players';
  if (has('Id') && has('First Name') && has('Last Name') && has('FPPG')) return 'fd-players';
  if (has('ProjPts') || (has('Id') && (has('Name') || has('TeamAbbrev')))) return 'projections';
  return null;
}

/** A number as players' files write it: '5600', '$5,600', '12.5%', '-0.4'; null when it is not one. */
export function parseCsvNumber(raw: string): number | null {
  let s = raw.trim().replace(/^\$/, '').replace(/%$/, '');
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  return Number(s);
}

/** A Game Info's trailing start time: '09/07/2023 08:20PM ET'. */
const TRAILING_TIME = /\s+(\d{1,2}\/\d{1,2}\/\d{4}\s+\d{1,2}:\d{2}\s*[AP]M(?:\s+E[SD]?T)?)$/i;
const DK_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})\s+(\d{1,2}):(\d{2})\s*([AP]M)(?:\s+E[SD]?T)?$/i;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** '09/07/2023 08:20PM ET' → '2023-09-07T20:20:00-04:00'; null when the text is not such a time or no real date. */
export function dkTimeToIso(text: string): string | null {
  const m = DK_TIME.exec(text.trim());
  if (!m) return null;
  const [month, day, year, hour12, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number];
  if (hour12 < 1 || hour12 > 12) return null;
  const hour = (hour12 % 12) + (m[6]!.toUpperCase() === 'PM' ? 12 : 0);
  return newYorkIso(year, month, day, hour, minute);
}

/**
 * DraftKings Game Info ('DET@KC 09/07/2023 08:20PM ET'): the two sides and the start, when
 * given. mma sides are fighters' names, which may hold spaces ('Steele@Mar Fan 04/02/2026
 * 10:00PM ET'); team sports' are abbreviations.
 */
export function parseGameInfo(text: string): { away: string; home: string; start?: string } | null {
  const split = splitGameInfo(text);
  if (!split.matchup) return null;
  const sides = split.matchup.split('@').map((side) => side.trim());
  if (sides.length !== 2 || sides[0] === '' || sides[1] === '') return null;
  if (split.time !== undefined && split.start === undefined) return null;
  const game: { away: string; home: string; start?: string } = { away: sides[0]!, home: sides[1]! };
  if (split.start) game.start = split.start;
  return game;
}

/** A Game Info cut into what comes before the time (teams, fighters or a tournament) and the start. */
function splitGameInfo(text: string): { matchup: string; time?: string; start?: string } {
  const trimmed = text.trim();
  const m = TRAILING_TIME.exec(trimmed);
  if (m) {
    const start = dkTimeToIso(m[1]!);
    return { matchup: trimmed.slice(0, m.index).trim(), time: m[1]!, ...(start ? { start } : {}) };
  }
  // A time alone ('09/07/2023 08:20PM ET'), as some golf files write it.
  const alone = dkTimeToIso(trimmed);
  if (alone) return { matchup: '', time: trimmed, start: alone };
  // Before any '@' nothing may be a time: 'DET@KC 9/7' is a bad time, not a team 'KC 9/7'.
  if (/^[^@]+@\S+\s+\d/.test(trimmed)) return { matchup: trimmed, time: trimmed.replace(/^[^@]+@\S+\s+/, '') };
  return { matchup: trimmed };
}

export type CsvRow = CsvTextRow;

/** Rows with their 1-based line numbers (the domain's one reader; a quoted cell may span lines), blank rows dropped. */
export function readRows(text: string, fileName: string): CsvRow[] {
  try {
    return readCsvRows(text, { skipBlank: true });
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new InputError(coded('csv-syntax', { fileName, line: error.line, reason: error.reason }));
    throw error;
  }
}

/** Reads the cells of one row by column name and reports bad ones with file, line and column. */
class RowReader {
  constructor(
    private readonly fileName: string,
    readonly line: number,
    private readonly cells: readonly string[],
    private readonly columns: ReadonlyMap<string, { index: number; label: string }>,
  ) {}

  has(column: string): boolean {
    return this.columns.has(norm(column));
  }

  /** The column's name as the file writes it. */
  label(column: string): string {
    return this.columns.get(norm(column))?.label ?? column;
  }

  fail(column: string, problem: CodedMessage): never {
    throw new InputError(coded('file-cell', { fileName: this.fileName, line: this.line, column: this.label(column), problem }));
  }

  /** The trimmed cell; '' when the column or the cell is missing. */
  text(column: string): string {
    const col = this.columns.get(norm(column));
    return col ? (this.cells[col.index] ?? '').trim() : '';
  }

  required(column: string): string {
    const value = this.text(column);
    if (value === '') this.fail(column, coded('cell-empty', {}));
    return value;
  }

  number(column: string, bounds: { min?: number; max?: number } = {}): number {
    const raw = this.required(column);
    return this.checkNumber(column, raw, bounds);
  }

  /**
   * A season-average cell (FPPG, AvgPointsPerGame): blank or 'null' (FanDuel writes null for a
   * player without games) is no number, read as 0 by the caller and warned.
   */
  points(column: string): number | undefined {
    if (!NO_POINTS.has(this.text(column).toLowerCase())) return this.optionalNumber(column);
    this.withoutPoints = true;
    return undefined;
  }

  /** True once a season-average cell of the row was blank or null. */
  withoutPoints = false;

  optionalNumber(column: string, bounds: { min?: number; max?: number } = {}): number | undefined {
    const raw = this.text(column);
    return raw === '' ? undefined : this.checkNumber(column, raw, bounds);
  }

  private checkNumber(column: string, raw: string, { min, max }: { min?: number; max?: number }): number {
    const value = parseCsvNumber(raw);
    if (value === null || !Number.isFinite(value)) this.fail(column, coded('cell-not-a-number', { raw }));
    if (min !== undefined && max !== undefined && (value < min || value > max)) this.fail(column, coded('cell-not-between', { raw, min, max }));
    if (min === 0 && value < 0) this.fail(column, coded('cell-negative', { raw }));
    if (min !== undefined && value < min) this.fail(column, coded('cell-below', { raw, min }));
    return value;
  }
}

/** Canonical position text of a cell ('D' → 'DST', 'RB/WR' stays), checked against the roster. */
function position(row: RowReader, column: string, roster: RosterSpec): string {
  const raw = row.required(column);
  const positions = canonicalPositions(roster, raw);
  if (positions.length === 0 || positions.some((p) => !roster.positions.includes(p))) {
    row.fail(column, coded('cell-not-a-position', { raw, roster: rosterKey(roster), positions: [...roster.positions] }));
  }
  return [...new Set(positions)].join('/');
}

function team(row: RowReader, column: string, roster: RosterSpec): string {
  return TEAM_SPORTS.has(roster.sport) ? row.required(column) : row.text(column);
}

/** An opponent cell: 'KC', '@KC' or 'vs KC' → 'KC'; undefined when empty. */
function opponent(row: RowReader, column: string): string | undefined {
  const value = row.text(column).replace(/^(@|vs\.?\s+)/i, '').trim();
  return value === '' ? undefined : value;
}

/**
 * A roster position cell: in showdown the captain or flex label ('CPT'/'FLEX'; the captain is
 * written as the site's captain label), undefined when empty; in classic a captain label is an
 * error and anything else is dropped.
 */
function rosterPosition(row: RowReader, column: string, roster: RosterSpec, strict: boolean): string | undefined {
  const raw = row.text(column);
  const upper = raw.toUpperCase();
  const captainSlot = roster.slots.find((s) => s.captain);
  const isCaptain = CAPTAIN_LABELS.has(upper) || (captainSlot !== undefined && captainSlot.label.toUpperCase() === upper);
  if (roster.contestType !== 'showdown') {
    if (isCaptain) row.fail(column, coded('cell-showdown-position-in-classic', { raw, roster: rosterKey(roster) }));
    return undefined;
  }
  if (raw === '') {
    if (strict) row.required(column);
    return undefined;
  }
  const captain = CHEAT_SHEET_CAPTAIN_LABEL[roster.site];
  if (isCaptain) return captain;
  const isFlex = FLEX_LABELS.has(upper) || /^FLEX\d$/.test(upper) || roster.slots.some((s) => !s.captain && s.label.toUpperCase() === upper);
  if (isFlex) return 'FLEX';
  return row.fail(column, coded('cell-not-a-showdown-position', { raw, roster: rosterKey(roster), captain }));
}

function dkRow(row: RowReader, roster: RosterSpec): PoolPlayer {
  const Id = row.required('ID');
  const Name = row.required('Name');
  const Position = position(row, 'Position', roster);
  const RosterPosition = rosterPosition(row, 'Roster Position', roster, true);
  const Salary = row.number('Salary', { min: 0 });
  const TeamAbbrev = team(row, 'TeamAbbrev', roster);
  // A salary file carries last games' average, the same on a player's CPT and FLEX rows; each
  // row keeps it (the captain multiplier is applied once, by the domain's withCaptainPoints).
  const ProjPts = row.points('AvgPointsPerGame') ?? 0; // blank or null for players without games
  const player: PoolPlayer = { Id, Name, Position, TeamAbbrev, Salary, ProjPts };
  readGameInfo(row, roster, player);
  if (RosterPosition) player.RosterPosition = RosterPosition;
  status(row, 'Status', player);
  if (roster.sport === 'mlb') {
    // Starting: 'SP' for the day's starting pitcher, 1-9 for a hitter's place in the posted order.
    const starting = row.text('Starting').toUpperCase();
    if (starting === 'SP' || starting === 'P') player.Starting = 'starting';
    else battingOrder(row, 'Starting', player);
  }
  return player;
}

/** A batting-order cell: 1-9 puts the hitter in the posted order; blank or 0 says nothing. */
function battingOrder(row: RowReader, column: string, player: PoolPlayer): void {
  const raw = row.text(column);
  if (raw === '' || raw === '0' || !/^\d+$/.test(raw)) return;
  const order = Number(raw);
  if (order < 1 || order > 9) row.fail(column, coded('cell-not-a-batting-order', { raw }));
  player.BattingOrder = order;
  player.Starting = 'starting';
}

/**
 * Game Info into Opp, GameStart and GameState: a game ('DET@KC 09/07/2023 08:20PM ET'), a
 * started or postponed one ('In Progress', 'Final', 'Postponed'), none ('-'), and in golf
 * the tournament's name with or without its start.
 */
function readGameInfo(row: RowReader, roster: RosterSpec, player: PoolPlayer): void {
  const info = row.text('Game Info');
  if (info === '') return;
  if (NO_GAME.has(info.toUpperCase())) {
    player.GameState = 'no-game'; // listed without a game: cannot score
    return;
  }
  const state = parseGameState(info);
  if (state) {
    player.GameState = state;
    return;
  }
  const split = splitGameInfo(info);
  if (split.time !== undefined && !split.start) row.fail('Game Info', coded('cell-not-a-game', { raw: info }));
  if (split.start) player.GameStart = split.start;
  if (!split.matchup.includes('@')) {
    if (TEAM_SPORTS.has(roster.sport)) row.fail('Game Info', coded('cell-not-a-game', { raw: info }));
    return; // golf: the tournament's name
  }
  const game = parseGameInfo(info);
  if (!game) return row.fail('Game Info', coded('cell-not-a-game', { raw: info }));
  const teamUpper = player.TeamAbbrev.toUpperCase();
  if (teamUpper === game.away.toUpperCase()) player.Opp = game.home;
  else if (teamUpper === game.home.toUpperCase()) player.Opp = game.away;
  else if (TEAM_SPORTS.has(roster.sport)) row.fail('TeamAbbrev', coded('cell-team-not-in-game', { team: player.TeamAbbrev, away: game.away, home: game.home }));
}

/** The injury status cell, when the file has one the reader knows. */
function status(row: RowReader, column: string, player: PoolPlayer): void {
  const value = parsePlayerStatus(row.text(column));
  if (value) player.Status = value;
}

/** The columns FanDuel and Yahoo salary files name alike: Position, Team, Salary, FPPG and Opponent. */
function fdYaPlayer(row: RowReader, roster: RosterSpec, Id: string, Name: string): PoolPlayer {
  const player: PoolPlayer = {
    Id,
    Name,
    Position: position(row, 'Position', roster),
    TeamAbbrev: team(row, 'Team', roster),
    Salary: row.number('Salary', { min: 0 }),
    ProjPts: row.points('FPPG') ?? 0, // blank or null for players without games
  };
  const opp = opponent(row, 'Opponent');
  if (opp) player.Opp = opp;
  return player;
}

function fdRow(row: RowReader, roster: RosterSpec): PoolPlayer {
  const Id = row.required('Id');
  const nickname = row.text('Nickname');
  const Name = nickname !== '' ? nickname : [row.text('First Name'), row.text('Last Name')].filter(Boolean).join(' ');
  if (Name === '') row.fail('Nickname', coded('cell-empty', {}));
  const player = fdYaPlayer(row, roster, Id, Name);
  status(row, 'Injury Indicator', player);
  if (roster.sport === 'mlb') {
    if (isYes(row.text('Probable Pitcher'))) player.Starting = 'starting';
    battingOrder(row, 'Batting Order', player);
  }
  return player;
}

const isYes = (text: string) => ['YES', 'Y', 'TRUE', '1'].includes(text.trim().toUpperCase());

function yaRow(row: RowReader, roster: RosterSpec): PoolPlayer {
  const Id = row.required('ID');
  const Name = [row.text('First Name'), row.text('Last Name')].filter(Boolean).join(' ');
  if (Name === '') row.fail('First Name', coded('cell-empty', {}));
  const player = fdYaPlayer(row, roster, Id, Name);
  status(row, 'Injury Status', player);
  // Yahoo's Starting says Yes for a listed starting pitcher and for a hitter in the posted order.
  if (roster.sport === 'mlb' && isYes(row.text('Starting'))) player.Starting = 'starting';
  return player;
}

function gameStart(row: RowReader, column: string): string | undefined {
  const raw = row.text(column);
  if (raw === '') return undefined;
  const iso = ISO_TIME.exec(raw);
  if (iso) {
    const [year, month, day, hour, minute] = [iso[1], iso[2], iso[3], iso[4], iso[5]].map(Number) as [number, number, number, number, number];
    if (newYorkIso(year, month, day, hour, minute) !== null) return raw.replace(' ', 'T');
  } else {
    const dk = dkTimeToIso(raw) ?? parseGameInfo(raw)?.start;
    if (dk) return dk;
  }
  return row.fail(column, coded('cell-not-a-date-time', { raw }));
}

function projectionRow(row: RowReader, roster: RosterSpec): PoolPlayer {
  const player: PoolPlayer = {
    Id: row.required('Id'),
    Name: row.required('Name'),
    Position: position(row, 'Position', roster),
    TeamAbbrev: team(row, 'TeamAbbrev', roster),
    Salary: row.number('Salary', { min: 0 }),
    ProjPts: row.number('ProjPts'),
  };
  const opp = opponent(row, 'Opp');
  if (opp) player.Opp = opp;
  const optional: [keyof PoolPlayer & string, { min?: number; max?: number }][] = [
    ['ProjOwn', { min: 0 }], ['Ceiling', {}], ['MinExp', { min: 0, max: 100 }], ['MaxExp', { min: 0, max: 100 }], ['ProjMins', { min: 0 }],
  ];
  for (const [key, bounds] of optional) {
    const value = row.optionalNumber(key, bounds);
    if (value !== undefined) (player as unknown as Record<string, unknown>)[key] = value;
  }
  if (player.MinExp !== undefined && player.MaxExp !== undefined && player.MinExp > player.MaxExp) {
    row.fail('MinExp', coded('cell-min-exp-above-max-exp', { minExp: player.MinExp, maxExp: player.MaxExp }));
  }
  const start = gameStart(row, 'GameStart');
  if (start) player.GameStart = start;
  const rp = rosterPosition(row, 'RosterPosition', roster, false);
  if (rp) player.RosterPosition = rp;
  status(row, 'Status', player);
  return player;
}

const ROW_READERS: Record<PlayersCsvFormat, (row: RowReader, roster: RosterSpec) => PoolPlayer> = {
  'dk-salaries': dkRow,
  'fd-players': fdRow,
  'ya-players': yaRow,
  projections: projectionRow,
};

/** Each accepted players format as 'name: its required columns'. */
export function playersFormatList(): string[] {
  return Object.values(PLAYERS_CSV_FORMATS).map((f) => `${f.name}: ${f.required.join(', ')}`);
}

/**
 * Reads a table of players: its header row, then its data rows (cells sliced to the table's
 * columns when the table sits inside a bigger sheet). Status defaults are applied (see
 * domain player-status). Throws InputError on bad input.
 */
export function readPlayerTable(headerRow: CsvRow, dataRows: readonly CsvRow[], fileName: string, roster: RosterSpec): PlayersCsv {
  const header = headerRow.cells.map((c) => c.replace(/^\uFEFF/, '').trim());
  const found = header.filter((c) => c !== '');
  const format = detectPlayersCsvFormat(header);
  if (!format) {
    throw new InputError(coded('players-file-unknown-format', { fileName, found, formats: playersFormatList() }));
  }
  const columns = new Map<string, { index: number; label: string }>();
  header.forEach((label, index) => {
    if (label !== '' && !columns.has(norm(label))) columns.set(norm(label), { index, label });
  });
  const missing = PLAYERS_CSV_FORMATS[format].required.filter((c) => !columns.has(norm(c)));
  if (missing.length > 0) {
    throw new InputError(coded('file-missing-columns', { fileName, missing, found }));
  }
  if (dataRows.length === 0) throw new InputError(coded('file-no-player-rows', { fileName }));

  const readRow = ROW_READERS[format];
  const players: PoolPlayer[] = [];
  const gameInfos: string[] = [];
  const withoutPoints: string[] = [];
  const seen = new Map<string, { index: number; line: number; rosterPosition?: string }[]>();
  for (const { cells, line } of dataRows) {
    const row = new RowReader(fileName, line, cells, columns);
    const player = readRow(row, roster);
    gameInfos.push(row.text('Game Info'));
    if (row.withoutPoints && format !== 'projections') withoutPoints.push(player.Name);
    const earlier = seen.get(player.Id) ?? [];
    // A showdown player may come as a captain row and a flex row under one Id.
    const clash = earlier.find((e) => e.rosterPosition === undefined || player.RosterPosition === undefined || e.rosterPosition === player.RosterPosition);
    if (clash) row.fail('Id', coded('cell-duplicate-id', { id: player.Id, line: clash.line }));
    earlier.push({ index: players.length, line, rosterPosition: player.RosterPosition });
    seen.set(player.Id, earlier);
    players.push(player);
  }
  // Rows sharing an Id become 'Id|RosterPosition' so that every row has its own Id.
  for (const [id, entries] of seen) {
    if (entries.length > 1) for (const e of entries) players[e.index]!.Id = `${id}|${e.rosterPosition}`;
  }
  if (roster.sport === 'mlb') markNotStarting(players);
  if (roster.oneSideOfMatchup && format === 'dk-salaries') boutOpponents(players, gameInfos);
  const warnings: CodedMessage[] = [];
  const noPoints = [...new Set(withoutPoints)];
  if (noPoints.length > 0) warnings.push(coded('no-season-points', { fileName, players: noPoints }));
  return { format, players: applyStatusDefaults(players), warnings };
}

const isPitcher = (p: PoolPlayer) => p.Position.split('/').every((pos) => pos === 'P');

/**
 * mlb, where the file posts starters for a team: its pitchers not listed as starting are
 * 'not-starting' (excluded by default), its hitters outside the posted batting order
 * 'not-in-lineup' (flagged). A team the file posts nothing for keeps every player as he is,
 * so a list downloaded before lineups come out excludes no one.
 */
function markNotStarting(players: PoolPlayer[]): void {
  const postedStarter = new Set(players.filter((p) => isPitcher(p) && p.Starting === 'starting').map((p) => p.TeamAbbrev));
  const postedOrder = new Set(players.filter((p) => !isPitcher(p) && p.BattingOrder !== undefined).map((p) => p.TeamAbbrev));
  for (const p of players) {
    if (p.Starting === 'starting') continue;
    if (isPitcher(p) && postedStarter.has(p.TeamAbbrev)) p.Starting = 'not-starting';
    else if (!isPitcher(p) && postedOrder.has(p.TeamAbbrev)) p.Starting = 'not-in-lineup';
  }
}

/**
 * mma: DraftKings' Game Info names a bout by the fighters' surnames as it shortens them
 * ('Della Maddalena@Rodriguez'), while the rows carry full names. Each fighter's Opp becomes
 * the full name of the other fighter of the same bout (the other row with the same Game Info),
 * which the one-side-of-a-bout rule compares with names.
 */
function boutOpponents(players: PoolPlayer[], gameInfos: readonly string[]): void {
  const bouts = new Map<string, PoolPlayer[]>();
  players.forEach((p, i) => {
    const info = gameInfos[i]!;
    if (p.Opp !== undefined && info !== '') bouts.set(info, [...(bouts.get(info) ?? []), p]);
  });
  for (const fighters of bouts.values()) {
    for (const p of fighters) {
      const others = [...new Set(fighters.filter((o) => o.Name !== p.Name).map((o) => o.Name))];
      const opp = p.Opp!.toLowerCase();
      // Two fighters share a bout; with more rows, the one whose name ends with the surname given.
      const match = others.length === 1 ? others : others.filter((name) => name.toLowerCase() === opp || name.toLowerCase().endsWith(` ${opp}`));
      if (match.length === 1) p.Opp = match[0]!;
    }
  }
}
