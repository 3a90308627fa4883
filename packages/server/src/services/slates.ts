// Slates and their players as stored. The players call answers the house values; user
// overrides come from the user-projections call and are merged by the client (docs/api.md).
import { coded, readStoredPlayer, type StoredPlayer } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notFound } from '../http-errors.js';

export interface SlateKey {
  sport: string;
  site: string;
  contestType: string;
  season: number;
  counter: string;
  name: string;
}

/** A stored slate row: the domain's StoredPlayer (packages/domain/src/player.ts). */
export type PlayerData = StoredPlayer;

/** A date counter names its slate alone; the season the client sends with it is not checked. */
const isDateCounter = (counter: string) => counter.includes('-');

export async function findSlate(db: Kysely<Database>, key: SlateKey) {
  let query = db.selectFrom('slates').selectAll()
    .where('sport', '=', key.sport).where('site', '=', key.site).where('contest_type', '=', key.contestType)
    .where('counter', '=', key.counter).where('name', '=', key.name);
  if (!isDateCounter(key.counter)) query = query.where('season', '=', key.season);
  return query.executeTakeFirst();
}

export async function slatePlayers(db: Kysely<Database>, slateId: number): Promise<PlayerData[]> {
  const rows = await db.selectFrom('slate_players').select('data').where('slate_id', '=', slateId).orderBy('id').execute();
  return rows.map((r) => readStoredPlayer(r.data, { Id: '' }));
}

export async function playersFor(db: Kysely<Database>, key: SlateKey) {
  const slate = await findSlate(db, key);
  if (!slate) throw notFound(coded('unable-to-fetch-players', {}));
  const players = await slatePlayers(db, slate.id);
  return {
    players,
    updated_at: slate.updated_at,
    ...(slate.max_salary !== null ? { max_salary: slate.max_salary } : {}),
    ...(slate.season_averages === 1 ? { season_averages: true } : {}),
  };
}

export async function slateLists(db: Kysely<Database>, key: { sport: string; site: string; season: number; counter: string }) {
  let query = db.selectFrom('slates').select(['contest_type', 'name'])
    .where('sport', '=', key.sport).where('site', '=', key.site).where('counter', '=', key.counter);
  if (!isDateCounter(key.counter)) query = query.where('season', '=', key.season);
  const rows = await query.orderBy('id').execute();
  const list = (type: string) => rows.filter((r) => r.contest_type === type).map((r) => r.name);
  return { classic: list('classic'), showdown: list('showdown') };
}
