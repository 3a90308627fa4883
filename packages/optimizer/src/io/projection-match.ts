// Projection CSVs from other sources (a user's own, or a projection site's): rows matched to the slate's players by id,
// or, when the file has no id the slate knows, by name + team + position. Names are compared
// without accents, punctuation, suffixes (Jr., Sr., II, III) and with common nicknames read
// as the full first name (Mike = Michael); a defence matches by its team, however the source
// writes it ('Chiefs', 'Kansas City Chiefs', 'KC DST', 'Kansas City Defense'). The answer is
// a report: matched, ambiguous (several players fit) and unmatched rows, each listed.
import { coded, siteId, type CodedMessage } from '@stacksmith/domain';
import { canonicalTeamCode, NFL_TEAMS, sameTeam } from '@stacksmith/domain';
import { InputError } from '../types.js';
import { parseCsvNumber, readRows } from './players-csv.js';

/** The numbers a projection row may carry, in the spec's field names. */
export const PROJECTION_VALUE_FIELDS = ['ProjPts', 'ProjOwn', 'Ceiling', 'ProjMins', 'MinExp', 'MaxExp'] as const;
export type ProjectionValueField = (typeof PROJECTION_VALUE_FIELDS)[number];

export interface ProjectionRow {
  /** 1-based line in the file. */
  line: number;
  id?: string;
  name: string;
  team?: string;
  position?: string;
  values: Partial<Record<ProjectionValueField, number>>;
}

/** Column names the sources use for each field (compared without case, spaces or punctuation). */
const COLUMN_ALIASES: Readonly<Record<string, readonly string[]>> = {
  id: ['id', 'playerid', 'dfsid', 'siteid', 'dkid', 'fdid', 'draftableid'],
  name: ['name', 'player', 'playername', 'fullname', 'nickname'],
  first: ['firstname', 'first'],
  last: ['lastname', 'last'],
  team: ['team', 'teamabbrev', 'tm', 'teamabbreviation'],
  position: ['position', 'pos', 'dkposition', 'fdposition'],
  ProjPts: ['projpts', 'proj', 'projection', 'projected', 'projectedpoints', 'points', 'pts', 'fpts', 'fp', 'dkpts', 'fdpts', 'dkpoints', 'fdpoints', 'median'],
  ProjOwn: ['projown', 'own', 'ownership', 'projownership', 'pown', 'owned'],
  Ceiling: ['ceiling', 'ceil'],
  ProjMins: ['projmins', 'minutes', 'mins', 'projminutes'],
  MinExp: ['minexp'],
  MaxExp: ['maxexp'],
};

const columnKey = (label: string) => label.trim().toLowerCase().replace(/[^a-z0-9]/g, '');

/** Reads a projection CSV of any source: a name (or first + last name) and at least one value column. */
export function readProjectionRows(text: string, fileName: string): ProjectionRow[] {
  const data = readRows(text, fileName);
  const header = (data[0]?.cells ?? []).map((c) => c.trim());
  if (header.every((c) => c === '')) throw new InputError(coded('file-empty', { fileName }));
  const at: Record<string, number> = {};
  for (const [field, aliases] of Object.entries(COLUMN_ALIASES)) {
    const index = header.findIndex((c) => aliases.includes(columnKey(c)));
    if (index >= 0) at[field] = index;
  }
  const valueFields = PROJECTION_VALUE_FIELDS.filter((f) => at[f] !== undefined);
  if (at.name === undefined && (at.first === undefined || at.last === undefined) && at.id === undefined) {
    throw new InputError(coded('projection-no-player-column', { fileName }));
  }
  if (valueFields.length === 0) {
    throw new InputError(coded('projection-no-value-column', { fileName, fields: [...PROJECTION_VALUE_FIELDS] }));
  }
  const rows: ProjectionRow[] = [];
  data.slice(1).forEach(({ cells, line }) => {
    const cell = (field: string) => (at[field] === undefined ? '' : (cells[at[field]!] ?? '').trim());
    const name = cell('name') || [cell('first'), cell('last')].filter(Boolean).join(' ');
    const row: ProjectionRow = { line, name, values: {} };
    if (cell('id')) row.id = cell('id');
    if (cell('team')) row.team = cell('team');
    if (cell('position')) row.position = cell('position');
    if (!row.id && name === '') throw new InputError(coded('projection-name-empty', { fileName, line }));
    for (const field of valueFields) {
      const raw = cell(field);
      if (raw === '') continue;
      const value = parseCsvNumber(raw);
      const bad = (problem: CodedMessage) => new InputError(coded('projection-cell', { fileName, line, column: String(header[at[field]!]), problem }));
      if (value === null || !Number.isFinite(value)) throw bad(coded('cell-not-a-number', { raw }));
      if (field !== 'Ceiling' && field !== 'ProjPts' && value < 0) throw bad(coded('cell-negative', { raw }));
      if ((field === 'MinExp' || field === 'MaxExp' || field === 'ProjOwn') && value > 100) throw bad(coded('cell-above-100', { value }));
      row.values[field] = value;
    }
    rows.push(row);
  });
  if (rows.length === 0) throw new InputError(coded('file-no-rows', { fileName }));
  return rows;
}

// ---- names ----

/** Nicknames read as the full first name, both sides of a match going through this. */
const NICKNAMES: Readonly<Record<string, string>> = {
  mike: 'michael', mikey: 'michael', mitch: 'mitchell', matt: 'matthew', chris: 'christopher', josh: 'joshua', dan: 'daniel',
  danny: 'daniel', dave: 'david', tim: 'timothy', timmy: 'timothy', tom: 'thomas', tommy: 'thomas', rob: 'robert', robbie: 'robert',
  bob: 'robert', bobby: 'robert', will: 'william', bill: 'william', billy: 'william', willie: 'william', nick: 'nicholas',
  nico: 'nicholas', tony: 'anthony', alex: 'alexander', ben: 'benjamin', benny: 'benjamin', jon: 'jonathan', johnny: 'john',
  jack: 'john', ken: 'kenneth', kenny: 'kenneth', pat: 'patrick', zach: 'zachary', zack: 'zachary', jake: 'jacob', sam: 'samuel',
  sammy: 'samuel', joe: 'joseph', joey: 'joseph', jeff: 'jeffrey', steve: 'steven', stephen: 'steven', cam: 'cameron', greg: 'gregory',
  andy: 'andrew', drew: 'andrew', jim: 'james', jimmy: 'james', jamie: 'james', ron: 'ronald', ronnie: 'ronald', rick: 'richard',
  ricky: 'richard', rich: 'richard', dick: 'richard', nate: 'nathan', nat: 'nathaniel', ed: 'edward', eddie: 'edward', gabe: 'gabriel',
  charlie: 'charles', chuck: 'charles', abe: 'abraham', fred: 'frederick', freddie: 'frederick', gus: 'augustus', hank: 'henry',
  herb: 'herbert', jerry: 'gerald', larry: 'lawrence', len: 'leonard', lenny: 'leonard', manny: 'manuel', max: 'maximilian',
  mo: 'mohamed', phil: 'phillip', philip: 'phillip', ray: 'raymond', russ: 'russell', stan: 'stanley', ted: 'theodore',
  teddy: 'theodore', trey: 'trey', vic: 'victor', vince: 'vincent', walt: 'walter', wes: 'wesley', woody: 'woodrow', cj: 'cj',
  dj: 'dj', aj: 'aj', jj: 'jj', tj: 'tj', pj: 'pj', kj: 'kj', ej: 'ej', jt: 'jt', josé: 'jose', deebo: 'tyshun', hollywood: 'marquise',
};

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v']);

/** A name as compared: no accents, no punctuation, no suffix, lower case, the first name unnicknamed. */
export function normalizePlayerName(name: string): string {
  const words = name
    .normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '');
  while (words.length > 1 && SUFFIXES.has(words[words.length - 1]!)) words.pop();
  if (words.length > 1) words[0] = NICKNAMES[words[0]!] ?? words[0]!;
  return words.join(' ');
}

// ---- teams and defences ----

/** nfl teams as [abbreviation, city, nickname] for defences, from the domain's team table ('Kansas City Chiefs'). */
const NFL_DEFENCES: readonly (readonly [string, string, string])[] = Object.entries(NFL_TEAMS).map(([abbrev, full]) => {
  const words = full.split(' ');
  return [abbrev, words.slice(0, -1).join(' '), words[words.length - 1]!] as const;
});

/** An nfl defence's team code, aliases read (JAC → JAX); the text upper-cased when no team has it. */
const nflTeam = (team: string) => canonicalTeamCode('nfl', team) ?? team.trim().toUpperCase();

/** Words that mark a defence in a name ('Chiefs D/ST', 'KC DST', 'Kansas City Defense'). */
const DEFENCE_MARK = /(^|\s)(d\/st|dst|def|defense|defence|special teams)(\s|$)/i;
const DEFENCE_POSITIONS = new Set(['DST', 'D', 'DEF', 'D/ST']);

/** The team a defence's name means: 'Chiefs', 'Kansas City Chiefs', 'KC DST', 'Chiefs D/ST'; null when none. */
export function defenceTeam(name: string): string | null {
  let text = name.toLowerCase().replace(/\./g, ' ').replace(/\s+/g, ' ').trim();
  while (DEFENCE_MARK.test(text)) text = text.replace(DEFENCE_MARK, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  for (const [abbrev, city, nickname] of NFL_DEFENCES) {
    const c = city.toLowerCase();
    const n = nickname.toLowerCase();
    if (text === n || text === `${c} ${n}` || text === abbrev.toLowerCase() || text === `${abbrev.toLowerCase()} ${n}`) return abbrev;
  }
  const alias = canonicalTeamCode('nfl', text);
  if (alias !== null) return alias;
  // A city alone names a defence only when one team has it (not Los Angeles or New York).
  const byCity = NFL_DEFENCES.filter(([, city]) => city.toLowerCase() === text);
  return byCity.length === 1 ? byCity[0]![0] : null;
}

// ---- matching ----

export interface MatchablePlayer {
  Id: string;
  Name: string;
  TeamAbbrev: string;
  Position: string;
  RosterPosition?: string | null;
}

export interface MatchedProjection {
  row: ProjectionRow;
  /** The slate player's site Id (a showdown player's captain and flex rows share it). */
  playerId: string;
  playerName: string;
  by: 'id' | 'name';
}

export interface AmbiguousProjection {
  row: ProjectionRow;
  /** The first MAX_AMBIGUOUS_CANDIDATES players that fit, so the report stays linear in the file. */
  candidates: { Id: string; Name: string; TeamAbbrev: string; Position: string }[];
  /** How many players fit in all (may exceed the candidates listed). */
  candidateCount: number;
}

/**
 * The most candidates an ambiguous row lists. A user needs a handful to see why a row is
 * ambiguous (then adds the team or position); listing every one made the report quadratic:
 * 20,000 rows of one name on a slate of 6,000 players of that name is 120 million candidates.
 */
export const MAX_AMBIGUOUS_CANDIDATES = 5;

export interface UnmatchedProjection {
  row: ProjectionRow;
  /** Why, coded (the domain's renderMessage says it in words). */
  reason: CodedMessage;
}

export interface ProjectionMatchReport {
  matched: MatchedProjection[];
  ambiguous: AmbiguousProjection[];
  unmatched: UnmatchedProjection[];
}

const siteIdOf = siteId;
const positionsOf = (position: string) => position.split('/').map((p) => p.trim().toUpperCase()).map((p) => (DEFENCE_POSITIONS.has(p) ? 'DST' : p === 'SP' || p === 'RP' ? 'P' : p));

function isDefence(p: { Position: string }): boolean {
  return positionsOf(p.Position).includes('DST');
}

/**
 * Matches projection rows to the slate's players: by id when the row's id is on the slate,
 * else by name (normalised), narrowed by team and, where it tells players apart, position.
 * A player matched by two rows keeps the first; the second is unmatched with the reason.
 */
export function matchProjections(rows: readonly ProjectionRow[], players: readonly MatchablePlayer[]): ProjectionMatchReport {
  // One entry per site Id (a showdown player's CPT and FLEX rows are one player).
  const bySiteId = new Map<string, MatchablePlayer>();
  for (const p of players) if (!bySiteId.has(siteIdOf(p.Id))) bySiteId.set(siteIdOf(p.Id), p);
  const byKey = new Map<string, MatchablePlayer[]>();
  for (const [id, p] of bySiteId) {
    const key = isDefence(p) ? `dst:${nflTeam(p.TeamAbbrev)}` : normalizePlayerName(p.Name);
    const group = byKey.get(key);
    if (group) group.push({ ...p, Id: id });
    else byKey.set(key, [{ ...p, Id: id }]);
  }
  // Narrowing a name's players by team and position is remembered, so that many rows of one
  // name cost one pass over its players, not one each (the work stays linear in the file).
  const narrowed = new Map<string, { players: MatchablePlayer[]; positions: Set<string> }>();
  const narrow = (key: string, team: string | null, filter: (p: MatchablePlayer) => boolean, from: readonly MatchablePlayer[]) => {
    const cacheKey = `${key}\u0000${team ?? ''}`;
    let found = narrowed.get(cacheKey);
    if (!found) {
      const players = from.filter(filter);
      found = { players, positions: new Set(players.flatMap((p) => positionsOf(p.Position))) };
      narrowed.set(cacheKey, found);
    }
    return found;
  };
  const report: ProjectionMatchReport = { matched: [], ambiguous: [], unmatched: [] };
  const taken = new Map<string, number>();
  const accept = (row: ProjectionRow, player: MatchablePlayer, by: 'id' | 'name') => {
    const id = siteIdOf(player.Id);
    const earlier = taken.get(id);
    if (earlier !== undefined) {
      report.unmatched.push({ row, reason: coded('projection-already-matched', { player: player.Name, line: earlier }) });
      return;
    }
    taken.set(id, row.line);
    report.matched.push({ row, playerId: id, playerName: player.Name, by });
  };
  for (const row of rows) {
    if (row.id) {
      const byId = bySiteId.get(siteIdOf(row.id));
      if (byId) {
        accept(row, byId, 'id');
        continue;
      }
      if (!row.name) {
        report.unmatched.push({ row, reason: coded('projection-no-such-id', { id: row.id }) });
        continue;
      }
    }
    const rowIsDefence = (row.position !== undefined && positionsOf(row.position).includes('DST')) || DEFENCE_MARK.test(row.name);
    let key = normalizePlayerName(row.name);
    const team = rowIsDefence || !byKey.has(key) ? defenceTeam(row.name) ?? (rowIsDefence && row.team ? nflTeam(row.team) : null) : null;
    if (team && (rowIsDefence || byKey.has(`dst:${team}`))) key = `dst:${team}`;
    let candidates = byKey.get(key) ?? [];
    if (candidates.length === 0) {
      report.unmatched.push({ row, reason: coded('projection-no-such-name', { name: row.name }) });
      continue;
    }
    let group = narrow(key, null, () => true, candidates);
    if (row.team && !key.startsWith('dst:')) {
      const team = row.team.trim().toUpperCase();
      const onTeam = narrow(key, team, (p) => sameTeam(p.TeamAbbrev, team), candidates);
      if (onTeam.players.length === 0) {
        const teams = [...new Set(candidates.map((p) => p.TeamAbbrev))];
        report.unmatched.push({ row, reason: coded('projection-other-team', { name: row.name, teams, team: row.team }) });
        continue;
      }
      group = onTeam;
      candidates = onTeam.players;
    }
    if (candidates.length > 1 && row.position) {
      // Only the positions this name's players have can tell them apart: the rest of the row's are dropped.
      const wanted = [...new Set(positionsOf(row.position))].filter((q) => group.positions.has(q)).sort();
      if (wanted.length > 0) {
        const base = group;
        candidates = narrow(`${key}\u0000${row.team ? row.team.trim().toUpperCase() : ''}`, wanted.join('/'),
          (p) => positionsOf(p.Position).some((q) => wanted.includes(q)), base.players).players;
      }
    }
    if (candidates.length > 1) {
      report.ambiguous.push({
        row, candidateCount: candidates.length,
        candidates: candidates.slice(0, MAX_AMBIGUOUS_CANDIDATES).map((p) => ({ Id: p.Id, Name: p.Name, TeamAbbrev: p.TeamAbbrev, Position: p.Position })),
      });
      continue;
    }
    accept(row, candidates[0]!, 'name');
  }
  return report;
}

/**
 * The players with the matched rows' values put in: every row of a matched player, a showdown
 * player's captain row too, with the row's own, unscaled values (the captain multiplier is
 * applied once, by the domain's withCaptainPoints). Players not matched keep their values.
 */
export function applyProjectionMatches<P extends MatchablePlayer & { ProjPts: number }>(
  players: readonly P[], matched: readonly MatchedProjection[],
): P[] {
  const byId = new Map(matched.map((m) => [m.playerId, m.row.values]));
  return players.map((p) => {
    const values = byId.get(siteIdOf(p.Id));
    return values ? { ...p, ...values } : p;
  });
}
