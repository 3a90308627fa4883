// A user's own slates (docs/api.md "Your own slates"): a site salary file
// read by the optimizer's reader and kept as a private slate. Every query is keyed by the
// owner, so another user's id answers "not found", never their slate.
import {
  contestTypesFor, findRoster, MAX_USER_SLATES, NFL_SHOWDOWN_COUNTER, privateSlateName, SLATE_FILE_IS_PROJECTIONS,
  readStoredPlayers, TOO_MANY_USER_SLATES, USER_SLATE_NOT_FOUND, type ContestType, type Site, type Sport, type UserSlateSummary,
} from '@stacksmith/domain';
import { detectSlateFile, InputError, readSlateFile, type SlateFile } from '@stacksmith/optimizer';
import type { Kysely } from 'kysely';
import type { Database, UserSlatesTable } from '../db/schema.js';
import { badRequest, HttpError, notFound } from '../http-errors.js';
import { toJson } from './json.js';
import { storedPlayerRow } from './player-rows.js';

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
    if (error instanceof InputError) throw badRequest(error.message);
    throw error;
  }
  // A projection CSV carries no site's ids: it goes onto a slate with Upload projections.
  if (layout === 'projections') throw badRequest(SLATE_FILE_IS_PROJECTIONS);
  const types = upload.contestType ? [upload.contestType] : contestTypesFor(upload.sport, upload.site);
  if (types.length === 0 || !types.every((t) => findRoster(upload.sport, upload.site, t))) {
    throw badRequest(`${upload.sport} is not offered on ${upload.site}${upload.contestType ? ` ${upload.contestType}` : ''}`);
  }
  let first: InputError | null = null;
  for (const contestType of types) {
    try {
      const file = readSlateFile(upload.csv, upload.fileName, findRoster(upload.sport, upload.site, contestType)!);
      if (file.players.length === 0) throw new InputError(`${upload.fileName}: the ${file.layoutName} has no player list: upload the salary file`);
      return { contestType, file };
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      first ??= error;
    }
  }
  throw badRequest(first!.message);
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

export class UserSlateService {
  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: number, upload: SalaryFileUpload): Promise<UserSlateSummary> {
    const { contestType, file } = readSalaryFile(upload);
    const roster = findRoster(upload.sport, upload.site, contestType)!;
    const players = file.players.map(storedPlayerRow);
    const now = new Date().toISOString();
    const name = (upload.name?.trim() || upload.fileName.replace(/\.csv$/i, '')).slice(0, 80);
    const values = {
      user_id: userId, sport: upload.sport, site: upload.site, contest_type: contestType, season: upload.season,
      counter: counterFor(upload.sport, contestType, upload.counter), name, file_name: upload.fileName, format: file.layout,
      season_averages: file.seasonAverages ? 1 : 0, max_salary: roster.salaryCap, player_count: players.length,
      players: toJson(players), created_at: now, updated_at: now,
    };
    const id = await this.db.transaction().execute(async (trx) => {
      const count = await trx.selectFrom('user_slates').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= MAX_USER_SLATES) throw new HttpError(409, TOO_MANY_USER_SLATES);
      return (await trx.insertInto('user_slates').values(values).returning('id').executeTakeFirstOrThrow()).id;
    });
    const { players: _players, user_id: _user, ...rest } = values;
    return summary({ ...rest, id });
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
    if (!row) throw notFound(USER_SLATE_NOT_FOUND);
    return row;
  }

  /** The players call's answer for a private slate of this sport, site and contest type. */
  async players(userId: number | null, id: number, key: { sport: string; site: string; contestType: string }, notFoundMessage: string) {
    const row = await this.get(userId, id).catch(() => null);
    if (!row || row.sport !== key.sport || row.site !== key.site || row.contest_type !== key.contestType) throw notFound(notFoundMessage);
    return {
      players: readStoredPlayers(row.players),
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
      for (const table of SLATE_DATA_TABLES) {
        await trx.deleteFrom(table as 'user_settings').where('user_id', '=', userId).where('sport', '=', row.sport)
          .where('site', '=', row.site).where('slate', '=', slate).execute();
      }
      await trx.deleteFrom('user_slates').where('id', '=', id).where('user_id', '=', userId).execute();
    });
  }
}
