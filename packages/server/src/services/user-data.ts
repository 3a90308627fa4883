// Per-user documents of one slate (projections, team stacks, settings, groups, saved lineups).
// Every query is keyed by the user id, so one user never reads or writes another's rows.
import {
  coded, playerOverrideSchema, privateSlateId, savedLineupsReplySchema, teamStacksReplySchema, type SavedLineupsReply, type TeamStacksReply,
  type UserProjectionsReply,
} from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, SlateScope } from '../db/schema.js';
import { notFound } from '../http-errors.js';
import { fromJsonAs, toJson } from './json.js';

export type Scope = SlateScope;

/** One user's rows of one slate, as a where-object for eb.and. */
const owned = (userId: number, scope: Scope) => ({
  user_id: userId, sport: scope.sport, brand: scope.brand, site: scope.site, slate: scope.slate, season: scope.season, counter: scope.counter,
});

type DocTable = 'user_team_stacks' | 'user_settings' | 'user_groups';
/** A saved lineup's rows as stored. */
const savedRows = savedLineupsReplySchema.shape.lineups.element.shape.rawTable;
const SCOPE_COLUMNS = ['user_id', 'sport', 'brand', 'site', 'slate', 'season', 'counter'] as const;

/**
 * Data written on a user's own slate (my-<id>) needs the slate: 404 once it is deleted (or was
 * never theirs), so nothing is left behind a deletion. The slate's row is locked until the write
 * commits: a deletion at the same moment (which locks the row first, UserSlateService.remove)
 * either waits for the write and deletes its rows too, or goes first and the write finds no slate.
 */
async function lockOwnSlate(trx: Kysely<Database>, userId: number, scope: Scope): Promise<void> {
  const id = privateSlateId(scope.slate);
  if (id === null) return;
  const locked = await trx.updateTable('user_slates').set({ id }).where('id', '=', id).where('user_id', '=', userId)
    .where('sport', '=', scope.sport).where('site', '=', scope.site).executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 0) throw notFound(coded('user-slate-not-found', {}));
}

export class UserDataService {
  constructor(private readonly db: Kysely<Database>) {}

  private scoped<T extends keyof Database>(table: T, userId: number, scope: Scope) {
    return this.db.selectFrom(table as 'user_settings')
      .where((eb) => eb.and(owned(userId, scope)));
  }

  /** The house's team stacks of a slate (set by admins), or null when it has none. */
  async houseTeamStacks(scope: Scope): Promise<TeamStacksReply | null> {
    const house = await this.db.selectFrom('team_stacks').select('data').where('sport', '=', scope.sport).where('brand', '=', scope.brand)
      .where('site', '=', scope.site).where('slate', '=', scope.slate).where('season', '=', scope.season).where('counter', '=', scope.counter)
      .executeTakeFirst();
    return house ? fromJsonAs(teamStacksReplySchema, house.data, [], 'house team stacks') : null;
  }

  /** A stored document checked against its schema as it is read (`what` names it in the error). */
  async readDoc<S extends z.ZodType, F = z.output<S>>(table: DocTable, userId: number, scope: Scope, schema: S, fallback: F, what: string): Promise<z.output<S> | F> {
    const row = await this.scoped(table, userId, scope).select('data').executeTakeFirst();
    return row ? fromJsonAs(schema, row.data, fallback, what) : fallback;
  }

  async putDoc(table: DocTable, userId: number, scope: Scope, data: unknown): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockOwnSlate(trx, userId, scope);
      await trx.insertInto(table).values({ user_id: userId, ...scope, data: toJson(data) })
        .onConflict((oc) => oc.columns([...SCOPE_COLUMNS]).doUpdateSet({ data: toJson(data) }))
        .execute();
    });
  }

  async deleteDoc(table: DocTable | 'user_projections', userId: number, scope: Scope): Promise<number> {
    const result = await this.db.deleteFrom(table as 'user_settings')
      .where((eb) => eb.and(owned(userId, scope))).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // ---- projections: one row per player ----

  async projections(userId: number, scope: Scope): Promise<UserProjectionsReply> {
    const rows = await this.db.selectFrom('user_projections').select(['player_id', 'data'])
      .where((eb) => eb.and(owned(userId, scope))).execute();
    return Object.fromEntries(rows.map((r) => [r.player_id, fromJsonAs(playerOverrideSchema, r.data, { Id: r.player_id }, 'player edits')]));
  }

  /** Saves rows stamped `timestamp`; a row already saved with a later stamp is kept (saves may arrive out of order). */
  async saveProjections(userId: number, scope: Scope, rows: readonly (Record<string, unknown> & { Id: string })[], timestamp: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockOwnSlate(trx, userId, scope);
      for (const row of rows) {
        await trx.insertInto('user_projections').values({ user_id: userId, ...scope, player_id: row.Id, data: toJson(row), updated_ms: timestamp })
          .onConflict((oc) => oc.columns([...SCOPE_COLUMNS, 'player_id'])
            .doUpdateSet({ data: toJson(row), updated_ms: timestamp })
            .where('user_projections.updated_ms', '<=', timestamp))
          .execute();
      }
    });
  }

  // ---- saved lineups ----

  async savedLineups(userId: number, scope: Scope): Promise<SavedLineupsReply['lineups']> {
    const rows = await this.db.selectFrom('saved_lineups').select(['lineup_hash', 'raw_table'])
      .where((eb) => eb.and(owned(userId, scope))).orderBy('id').execute();
    return rows.map((r) => ({ rawTable: fromJsonAs(savedRows, r.raw_table, [], 'saved lineup rows'), lineupHash: r.lineup_hash, saved: true }));
  }

  /** Adds (or replaces, by hash) the given lineups and removes the listed hashes. */
  async saveLineups(userId: number, scope: Scope, lineups: readonly { rawTable: unknown[]; lineupHash: string }[], remove: readonly string[]) {
    const now = new Date().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await lockOwnSlate(trx, userId, scope);
      for (const lineup of lineups) {
        await trx.insertInto('saved_lineups').values({
          user_id: userId, ...scope, lineup_hash: lineup.lineupHash, raw_table: toJson(lineup.rawTable), created_at: now,
        }).onConflict((oc) => oc.columns([...SCOPE_COLUMNS, 'lineup_hash']).doUpdateSet({ raw_table: toJson(lineup.rawTable) }))
          .execute();
      }
      if (remove.length > 0) {
        await trx.deleteFrom('saved_lineups').where((eb) => eb.and(owned(userId, scope))).where('lineup_hash', 'in', [...remove])
          .execute();
      }
    });
  }
}
