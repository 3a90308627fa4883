// A user's own slates (docs/api.md "Your own slates"): a site salary file
// read by the optimizer's reader and kept as a private slate. Every query is keyed by the
// owner, so another user's id answers "not found", never their slate.
import {
  coded, contestTypesFor, findRoster, MAX_USER_SLATES, NFL_SHOWDOWN_COUNTER, privateSlateName, storedPlayersOf,
  type CodedMessage, type ContestType, type Site, type Sport, type UserSlateSummary, parseGameStart,
  slateOfFirstGame,
} from '@stacksmith/domain';
import { detectSlateFile, InputError, readSlateFile, type SlateFile } from '@stacksmith/optimizer';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database, UserSlatesTable } from '../db/schema.js';
import { badRequest, HttpError, notFound } from '../http-errors.js';
import { fromJsonAs, toJson } from './json.js';
import { storedPlayerRow } from './player-rows.js';
import type { PlayerData } from './slates.js';

export interface SalaryFileUpload {
  sport: Sport;
  site: Site;
  /** The contest type; when absent the file's rows decide (a CPT row means showdown). */
  contestType?: ContestType;
  season: number;
  counter: string;
  name?: string;
  fileName: string;
  csv: string;
}

export interface ReadSalaryFile {
  contestType: ContestType;
  file: SlateFile;
}

/**
 * Reads a salary file (or an entries file or lineup template with its player list) for the
 * builder's sport and site: the reader refuses a file of another site; without a contest type
 * the first of the site's contest types whose roster reads it wins.
 */
export function readSalaryFile(upload: Pick<SalaryFileUpload, 'sport' | 'site' | 'contestType' | 'fileName' | 'csv'>): ReadSalaryFile {
  let layout;
  try {
    layout = detectSlateFile(upload.csv, upload.fileName).layout;
  } catch (error) {
    if (error instanceof InputError) throw badRequest(error.coded);
    throw error;
  }
  // A projection CSV carries no site's ids: it goes onto a slate with Upload projections.
  if (layout === 'projections') throw badRequest(coded('slate-file-is-projections', {}));
  const types = upload.contestType ? [upload.contestType] : contestTypesFor(upload.sport, upload.site);
  if (types.length === 0 || !types.every((t) => findRoster(upload.sport, upload.site, t))) {
    throw badRequest(coded('sport-not-offered', { sport: upload.sport, site: upload.site, ...(upload.contestType ? { contestType: upload.contestType } : {}) }));
  }
  let first: InputError | null = null;
  for (const contestType of types) {
    try {
      const file = readSlateFile(upload.csv, upload.fileName, findRoster(upload.sport, upload.site, contestType)!);
      if (file.players.length === 0) throw new InputError(coded('no-player-list', { fileName: upload.fileName, layout: file.layoutName, then: 'upload' }));
      return { contestType, file };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      first ??= error;
    }
  }
  throw badRequest(first!.coded);
}

/**
 * The players as stored: one list of columns and a row of values per player, instead of
 * repeating every key in every player (a 3 MB salary file was kept as 8.7 MB of JSON). A player
 * without some of the columns lists their indexes apart (`absent`), so a key that was missing
 * stays missing and a null stays null.
 */
const packedPlayersSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.unknown())),
  absent: z.record(z.string().regex(/^\d+$/), z.array(z.number().int().nonnegative())).optional(),
}).refine((packed) => packed.rows.every((row) => row.length === packed.columns.length), 'a row is not as long as the columns');

/** The stored players: the packed form, or a plain list (slates stored before packing). */
const storedSlatePlayersSchema = z.union([z.array(z.unknown()), packedPlayersSchema]);

export function packPlayers(players: readonly PlayerData[]): string {
  const columns = [...new Set(players.flatMap((p) => Object.keys(p)))];
  const absent: Record<number, number[]> = {};
  const rows = players.map((p, r) => columns.map((c, i) => {
    if (!(c in p)) (absent[r] ??= []).push(i);
    return (p as Record<string, unknown>)[c] ?? null;
  }));
  return toJson(Object.keys(absent).length > 0 ? { columns, rows, absent } : { columns, rows });
}

/**
 * The stored players unpacked. Text that is not JSON reads as no players; another shape fails
 * here (StoredDataError), and a row without an Id in storedPlayersOf (StoredPlayerError).
 */
export function unpackPlayers(text: string): PlayerData[] {
  const stored = fromJsonAs(storedSlatePlayersSchema, text, [], 'slate players');
  if (Array.isArray(stored)) return storedPlayersOf(stored);
  return storedPlayersOf(stored.rows.map((row, r) => {
    const missing = new Set(stored.absent?.[String(r)] ?? []);
    const player: Record<string, unknown> = {};
    stored.columns.forEach((c, i) => { if (!missing.has(i)) player[c] = row[i]; });
    return player;
  }));
}

/** A salary file read for storing (run in a file thread: build/file-worker.ts). */
export interface StorableSalaryFile {
  contestType: ContestType;
  layout: string;
  seasonAverages: boolean;
  playerCount: number;
  /** packPlayers of the stored rows. */
  players: string;
  /** The first game's start (epoch ms) the file lists, if any row's start can be read. */
  firstGame: number | null;
}

export function readSalaryFileForStorage(upload: SalaryFileUpload): StorableSalaryFile {
  const { contestType, file } = readSalaryFile(upload);
  // Stored like a site's own slate: each row with the player's own points (the page multiplies the captain once).
  const players = file.players.map(storedPlayerRow);
  const starts = file.players.map((p) => (p.GameStart ? parseGameStart(p.GameStart) : null)).filter((t): t is number => t !== null);
  return {
    contestType, layout: file.layout, seasonAverages: file.seasonAverages, playerCount: players.length, players: packPlayers(players),
    firstGame: starts.length > 0 ? Math.min(...starts) : null,
  };
}

/** nfl keeps showdown in week 22 (the Super Bowl week has no classic slate), so a private nfl slate takes a counter that matches its type. */
function counterFor(sport: Sport, contestType: ContestType, counter: string): string {
  if (sport !== 'nfl') return counter;
  if (contestType === 'showdown') return String(NFL_SHOWDOWN_COUNTER);
  return Number(counter) === NFL_SHOWDOWN_COUNTER ? String(NFL_SHOWDOWN_COUNTER - 1) : counter;
}

function summary(row: Omit<UserSlatesTable, 'players' | 'id' | 'user_id'> & { id: number }): UserSlateSummary {
  return {
    id: row.id, slate: privateSlateName(row.id), name: row.name, sport: row.sport, site: row.site as Site,
    contestType: row.contest_type as ContestType, season: row.season, counter: row.counter, fileName: row.file_name,
    players: row.player_count, seasonAverages: row.season_averages === 1, createdAt: row.created_at,
  };
}

const SUMMARY_COLUMNS = [
  'id', 'sport', 'site', 'contest_type', 'season', 'counter', 'name', 'file_name', 'format', 'season_averages', 'max_salary',
  'player_count', 'created_at', 'updated_at',
] as const;

/** Per-user documents keyed by a slate segment, deleted with the slate. */
const SLATE_DATA_TABLES = ['user_projections', 'user_team_stacks', 'user_settings', 'saved_lineups', 'user_groups'] as const;

/** Locks the user's row until the transaction ends (PostgreSQL; SQLite serialises write transactions). */
export async function lockUser(trx: Kysely<Database>, userId: number): Promise<void> {
  // A no-op update takes the row lock on both databases without dialect-specific syntax.
  await trx.updateTable('users').set({ id: userId }).where('id', '=', userId).execute();
}

export class UserSlateService {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a salary file read by readSalaryFileForStorage, under the week or date its own games
   * name (the page's when it names none); 409 at the user's MAX_USER_SLATES. The same file under
   * the same name again answers the slate already made from it (`created` false); another file
   * under a name the user has on this sport and site gets " (2)", " (3)"…, so the slate list
   * never shows one name twice.
   */
  async create(userId: number, upload: Omit<SalaryFileUpload, 'csv'>, read: StorableSalaryFile): Promise<{ slate: UserSlateSummary; created: boolean }> {
    const { contestType } = read;
    const roster = findRoster(upload.sport, upload.site, contestType)!;
    const now = new Date().toISOString();
    const own = read.firstGame === null ? null : slateOfFirstGame(upload.sport, read.firstGame);
    const season = own?.season ?? upload.season;
    const counter = counterFor(upload.sport, contestType, own?.counter ?? upload.counter);
    const wanted = (upload.name?.trim() || upload.fileName.replace(/\.csv$/i, '')).slice(0, 80);
    return this.db.transaction().execute(async (trx) => {
      // Count-then-insert must not let two uploads at once both pass the limit: the user's row is
      // locked first, so a second upload of the user waits for the first to commit and then
      // counts its slate. (SQLite runs one write transaction at a time: the count holds there.)
      await lockUser(trx, userId);
      const siblings = await trx.selectFrom('user_slates').select([...SUMMARY_COLUMNS, 'players'])
        .where('user_id', '=', userId).where('sport', '=', upload.sport).where('site', '=', upload.site).execute();
      const same = siblings.find((r) => r.name === wanted && r.contest_type === contestType && r.season === season && r.counter === counter && r.players === read.players);
      if (same) {
        const { players: _players, ...rest } = same;
        return { slate: summary(rest), created: false };
      }
      const count = await trx.selectFrom('user_slates').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_USER_SLATES) throw new HttpError(409, coded('too-many-user-slates', {}));
      const taken = new Set(siblings.map((r) => r.name));
      let name = wanted;
      for (let n = 2; taken.has(name); n += 1) name = `${wanted.slice(0, 80 - ` (${n})`.length)} (${n})`;
      const values = {
        user_id: userId, sport: upload.sport, site: upload.site, contest_type: contestType, season,
        counter, name, file_name: upload.fileName, format: read.layout,
        season_averages: read.seasonAverages ? 1 : 0, max_salary: roster.salaryCap, player_count: read.playerCount,
        players: read.players, created_at: now, updated_at: now,
      };
      const id = (await trx.insertInto('user_slates').values(values).returning('id').executeTakeFirstOrThrow()).id;
      const { players: _players, user_id: _user, ...rest } = values;
      return { slate: summary({ ...rest, id }), created: true };
    });
  }

  async list(userId: number, filter: { sport?: string; site?: string } = {}): Promise<UserSlateSummary[]> {
    let query = this.db.selectFrom('user_slates').select([...SUMMARY_COLUMNS]).where('user_id', '=', userId);
    if (filter.sport) query = query.where('sport', '=', filter.sport);
    if (filter.site) query = query.where('site', '=', filter.site);
    return (await query.orderBy('id', 'desc').execute()).map(summary);
  }

  /** The owner's slate, or 404 (another user's slate is not found, not forbidden). */
  async get(userId: number | null, id: number) {
    const row = userId === null ? undefined
      : await this.db.selectFrom('user_slates').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) throw notFound(coded('user-slate-not-found', {}));
    return row;
  }

  private async slateOf(userId: number | null, id: number, key: { sport: string; site: string; contestType: string }, notFoundMessage: CodedMessage) {
    const row = await this.get(userId, id).catch(() => null);
    if (!row || row.sport !== key.sport || row.site !== key.site || row.contest_type !== key.contestType) throw notFound(notFoundMessage);
    return row;
  }

  /** The players of a private slate as stored (unpackPlayers reads them). */
  async storedPlayers(userId: number | null, id: number, key: { sport: string; site: string; contestType: string }, notFoundMessage: CodedMessage) {
    return (await this.slateOf(userId, id, key, notFoundMessage)).players;
  }

  /** The players call's answer for a private slate of this sport, site and contest type. */
  async players(userId: number | null, id: number, key: { sport: string; site: string; contestType: string }, notFoundMessage: CodedMessage) {
    const row = await this.slateOf(userId, id, key, notFoundMessage);
    return {
      players: unpackPlayers(row.players),
      updated_at: row.updated_at,
      ...(row.max_salary !== null ? { max_salary: row.max_salary } : {}),
      season_averages: row.season_averages === 1,
      slate_name: row.name,
    };
  }

  async remove(userId: number, id: number): Promise<void> {
    const row = await this.get(userId, id);
    const slate = privateSlateName(id);
    await this.db.transaction().execute(async (trx) => {
      // The slate's row goes first: a write on the slate at the same moment waits for this
      // deletion and then finds no slate (user-data.ts lockOwnSlate), or it went first and its
      // rows are deleted below.
      await trx.deleteFrom('user_slates').where('id', '=', id).where('user_id', '=', userId).execute();
      for (const table of SLATE_DATA_TABLES) {
        await trx.deleteFrom(table as 'user_settings').where('user_id', '=', userId).where('sport', '=', row.sport)
          .where('site', '=', row.site).where('slate', '=', slate).execute();
      }
    });
  }
}
