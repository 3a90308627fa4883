// Projections from another source onto a slate's players (issue 20 item 4): by Id when the file
// has one the slate knows, else by name (accents, punctuation, suffixes and case aside) with
// team and position to tell namesakes apart, and a defence by its team. Every row lands in one
// of three lists: matched, ambiguous (several players fit), unmatched.
// Interim: slates-readers is writing the reader's matcher (nicknames and more); this one
// answers the same report shape and is replaced by it.
import Papa from 'papaparse';
import { badRequest } from '../http-errors.js';
import type { PlayerData } from './slates.js';

const COLUMNS = {
  id: ['id', 'playerid', 'dkid', 'fdid'],
  name: ['name', 'player', 'playername', 'nickname'],
  team: ['team', 'teamabbrev', 'tm'],
  position: ['position', 'pos'],
  points: ['projpts', 'proj', 'projection', 'projectedpoints', 'fpts', 'points', 'projpoints', 'dkpts', 'fdpts'],
  own: ['projown', 'own', 'ownership', 'projownership', 'pown'],
} as const;

const columnKey = (c: string) => c.trim().toLowerCase().replace(/[^a-z0-9]/g, '');
const SUFFIX = /\b(jr|sr|ii|iii|iv|v)$/;
const DEFENCE = new Set(['DST', 'DEF', 'D', 'D/ST']);

/** A name as matching sees it: 'D.J. Moore Jr.' and 'DJ Moore' are one. */
export function matchName(name: string): string {
  const plain = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[.'’`]/g, '').replace(/[^a-z0-9]+/g, ' ').trim();
  return plain.replace(SUFFIX, '').trim();
}

export interface MatchRow {
  line: number;
  name: string;
  team?: string;
  position?: string;
  playerId?: string;
  playerName?: string;
  ProjPts?: number;
  ProjOwn?: number;
  candidates?: { Id: string; Name: string; TeamAbbrev?: string; Position?: string }[];
  reason?: string;
}

export interface MatchReport {
  matched: MatchRow[];
  ambiguous: MatchRow[];
  unmatched: MatchRow[];
}

const MAX_ROWS = 5000;

function numberCell(text: string | undefined): number | undefined {
  const s = (text ?? '').trim().replace(/%$/, '');
  if (s === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function matchProjections(csv: string, fileName: string, players: readonly PlayerData[]): MatchReport {
  const rows = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: false }).data;
  const header = (rows[0] ?? []).map(columnKey);
  const at = (names: readonly string[]) => header.findIndex((c) => names.includes(c));
  const col = { id: at(COLUMNS.id), name: at(COLUMNS.name), team: at(COLUMNS.team), position: at(COLUMNS.position), points: at(COLUMNS.points), own: at(COLUMNS.own) };
  if (col.name < 0 && col.id < 0) throw badRequest(`${fileName}: line 1: no Name (or Player) column and no Id column`);
  if (col.points < 0 && col.own < 0) throw badRequest(`${fileName}: line 1: no projection column (ProjPts, Proj, Projection, FPTS or Points) and no ownership column (ProjOwn, Own)`);
  if (rows.length - 1 > MAX_ROWS) throw badRequest(`${fileName}: over ${MAX_ROWS} rows`);

  // One entry per site player (showdown lists a player once per roster position).
  const unique = new Map<string, PlayerData>();
  for (const p of players) if (!unique.has(String(p.Id))) unique.set(String(p.Id), p);
  const byName = new Map<string, PlayerData[]>();
  for (const p of unique.values()) {
    const key = matchName(String(p.Name ?? ''));
    byName.set(key, [...(byName.get(key) ?? []), p]);
  }
  const report: MatchReport = { matched: [], ambiguous: [], unmatched: [] };
  const taken = new Map<string, number>();
  rows.slice(1).forEach((cells, i) => {
    if (cells.every((c) => c.trim() === '')) return;
    const cell = (index: number) => (index >= 0 ? (cells[index] ?? '').trim() : '');
    const row: MatchRow = { line: i + 2, name: cell(col.name) || cell(col.id) };
    if (cell(col.team)) row.team = cell(col.team);
    if (cell(col.position)) row.position = cell(col.position);
    const points = numberCell(cell(col.points));
    const own = numberCell(cell(col.own));
    if (points !== undefined) row.ProjPts = points;
    if (own !== undefined) row.ProjOwn = own;
    if (points === undefined && own === undefined) {
      report.unmatched.push({ ...row, reason: 'no projection or ownership number' });
      return;
    }
    let fits: PlayerData[] = [];
    const id = cell(col.id).split('|')[0]!;
    if (id && unique.has(id)) fits = [unique.get(id)!];
    else {
      const team = row.team?.toUpperCase();
      const position = row.position?.toUpperCase();
      if (position && DEFENCE.has(position) && team) {
        fits = [...unique.values()].filter((p) => DEFENCE.has(String(p.Position).toUpperCase()) && String(p.TeamAbbrev).toUpperCase() === team);
      }
      if (fits.length === 0) {
        fits = byName.get(matchName(row.name)) ?? [];
        if (fits.length > 1 && team) fits = fits.filter((p) => String(p.TeamAbbrev).toUpperCase() === team);
        if (fits.length > 1 && position) fits = fits.filter((p) => String(p.Position).toUpperCase().split('/').some((x) => position.split('/').includes(x)));
      }
    }
    if (fits.length === 1) {
      const p = fits[0]!;
      const earlier = taken.get(String(p.Id));
      if (earlier !== undefined) {
        report.ambiguous.push({ ...row, playerId: String(p.Id), playerName: String(p.Name), reason: `line ${earlier} is the same player` });
        return;
      }
      taken.set(String(p.Id), row.line);
      report.matched.push({ ...row, playerId: String(p.Id), playerName: String(p.Name) });
    } else if (fits.length > 1) {
      report.ambiguous.push({
        ...row, reason: 'several players fit: add the team or position',
        candidates: fits.slice(0, 5).map((p) => ({ Id: String(p.Id), Name: String(p.Name), TeamAbbrev: String(p.TeamAbbrev ?? ''), Position: String(p.Position ?? '') })),
      });
    } else {
      report.unmatched.push({ ...row, reason: 'no player of this name on the slate' });
    }
  });
  return report;
}
