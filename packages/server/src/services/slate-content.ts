// The data of a slate's admin-made content (custom presets, cheat sheets) and of the record of
// builds: every query of routes/slate-content.ts, so that the routes only check and answer.
import { cheatSheetPicksSchema, customPresetDataSchema, type PlayerGroupReply } from '@stacksmith/domain';
import type { Kysely } from 'kysely';
import type { Database, SlateScope } from '../db/schema.js';
import { fromJsonAs, toJson } from './json.js';

/** The player fields a saved custom preset keeps (those the preset form reads back). */
const PRESET_PLAYER_FIELDS = ['Id', 'UserProj', 'UserOwn', 'Boost', 'MinExp', 'MaxExp'] as const;

/**
 * A slate's custom presets and cheat sheets are unique by name: a save is an upsert on that key,
 * so two admins saving one name at once both succeed (the later wins) on either database,
 * where a delete-then-insert raced into a unique violation.
 */
const NAMED_KEY = ['sport', 'brand', 'site', 'slate', 'season', 'counter', 'display_name'] as const;

export interface CustomPresetInput {
  players: Record<string, unknown>[];
  generalSettings: Record<string, unknown>;
  stackSettings?: Record<string, unknown> | null;
  groups: PlayerGroupReply[];
}

export class SlateContentStore {
  constructor(private readonly db: Kysely<Database>) {}

  async presets(scope: SlateScope) {
    const rows = await this.db.selectFrom('custom_presets').select(['id', 'display_name', 'data'])
      .where((eb) => eb.and(scope)).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, displayName: r.display_name, presets: fromJsonAs(customPresetDataSchema, r.data, {}, 'custom preset') }));
  }

  async savePreset(scope: SlateScope, displayName: string, createdBy: number, input: CustomPresetInput): Promise<void> {
    const players = input.players.map((p) => {
      const keep: Record<string, unknown> = {};
      for (const key of PRESET_PLAYER_FIELDS) if (key in p) keep[key] = p[key];
      return keep;
    });
    const data = toJson({ players, site_settings: input.generalSettings, team_stacks: input.stackSettings ?? null, groups: input.groups });
    await this.db.insertInto('custom_presets').values({ ...scope, display_name: displayName, created_by: createdBy, data })
      .onConflict((oc) => oc.columns([...NAMED_KEY]).doUpdateSet({ created_by: createdBy, data })).execute();
  }

  async cheatsheets(scope: SlateScope) {
    const rows = await this.db.selectFrom('cheatsheets').select(['id', 'display_name', 'player_picks'])
      .where((eb) => eb.and(scope)).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.display_name, player_picks: fromJsonAs(cheatSheetPicksSchema, r.player_picks, [], 'cheat sheet picks') }));
  }

  async saveCheatsheet(scope: SlateScope, displayName: string, createdBy: number, playerPicks: string[]): Promise<void> {
    const picks = toJson(playerPicks);
    await this.db.insertInto('cheatsheets').values({ ...scope, display_name: displayName, created_by: createdBy, player_picks: picks })
      .onConflict((oc) => oc.columns([...NAMED_KEY]).doUpdateSet({ created_by: createdBy, player_picks: picks })).execute();
  }

  /** Deletes a slate's named custom preset or cheat sheet. */
  async deleteNamed(table: 'custom_presets' | 'cheatsheets', scope: SlateScope, displayName: string): Promise<void> {
    await this.db.deleteFrom(table).where((eb) => eb.and(scope)).where('display_name', '=', displayName).execute();
  }

  async recordBuild(scope: SlateScope, userId: number | null, numLUs: number): Promise<void> {
    await this.db.insertInto('built_lineups').values({ ...scope, user_id: userId, num_lus: numLUs, created_at: new Date().toISOString() }).execute();
  }
}
