// Schema migrations, kept in code so that the built server carries them (no files to find at
// run time). Each migration works on SQLite and PostgreSQL: the two differ only in the
// auto-increment key and the floating-point type, chosen by `kind`.
import { Migrator, sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DbKind } from './connect.js';

type AnyDb = Kysely<unknown>;

function withId<T extends string>(table: CreateTableBuilder<T, never>, kind: DbKind): CreateTableBuilder<T, string> {
  return kind === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const SCOPE = ['sport', 'brand', 'site', 'slate', 'season', 'counter'] as const;

function withScope<T extends string>(table: CreateTableBuilder<T, string>): CreateTableBuilder<T, string> {
  let t = table;
  for (const column of SCOPE) t = t.addColumn(column, 'text', (c) => c.notNull());
  return t;
}

function initial(kind: DbKind): Migration {
  const float = kind === 'postgres' ? sql`double precision` : sql`real`;
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('plans'), kind)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('price', float, (c) => c.notNull().defaultTo(0))
        .addColumn('yearly_price', float, (c) => c.notNull().defaultTo(0))
        .addColumn('permissions', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('users'), kind)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('password_salt', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('plan_id', 'integer', (c) => c.references('plans.id'))
        .addColumn('partner_brand', 'text')
        .addColumn('partner_user_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('users_partner_unique', ['partner_brand', 'partner_user_id'])
        .execute();
      await withId(db.schema.createTable('subscriptions'), kind)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('plan_id', 'integer', (c) => c.notNull().references('plans.id'))
        .addColumn('yearly', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('current_period_end', 'text')
        .addColumn('cancel_at', 'text')
        .addColumn('trial_end', 'text')
        .addColumn('card_last4', 'text')
        .addColumn('card_brand', 'text')
        .addColumn('promo_code', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('promo_codes')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('percent_off', float, (c) => c.notNull())
        .addColumn('valid_until', 'text')
        .execute();
      await db.schema.createTable('password_resets')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .execute();
      await withId(db.schema.createTable('mail_outbox'), kind)
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('server_kv')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('slates'), kind)
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('contest_type', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull())
        .addColumn('counter', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('max_salary', 'integer')
        .addUniqueConstraint('slates_unique', ['sport', 'site', 'contest_type', 'season', 'counter', 'name'])
        .execute();
      await withId(db.schema.createTable('slate_players'), kind)
        .addColumn('slate_id', 'integer', (c) => c.notNull().references('slates.id').onDelete('cascade'))
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('roster_position', 'text')
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('slate_players_slate').on('slate_players').column('slate_id').execute();
      await withId(db.schema.createTable('game_logs'), kind)
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull())
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('player_name', 'text', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('game_logs_player').on('game_logs').columns(['sport', 'player_name', 'position']).execute();
      await withId(db.schema.createTable('props'), kind)
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull())
        .addColumn('week', 'integer', (c) => c.notNull())
        .addColumn('market', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('team', 'text', (c) => c.notNull())
        .addColumn('position', 'text', (c) => c.notNull())
        .addColumn('odds_american', 'integer', (c) => c.notNull())
        .execute();
      await withId(db.schema.createTable('contest_results'), kind)
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('contest_type', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull())
        .addColumn('counter', 'text', (c) => c.notNull())
        .addColumn('slate', 'text', (c) => c.notNull())
        .addColumn('contest_name', 'text', (c) => c.notNull())
        .addColumn('field_size', 'integer', (c) => c.notNull())
        .addColumn('cash_line', 'integer', (c) => c.notNull())
        .addColumn('rank', 'integer', (c) => c.notNull())
        .addColumn('entry_name', 'text', (c) => c.notNull())
        .addColumn('points', float, (c) => c.notNull())
        .addColumn('lineup', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('contest_results_slate').on('contest_results').columns(['sport', 'site', 'season', 'counter']).execute();

      const userRef = (c: ColumnDefinitionBuilder) => c.notNull().references('users.id').onDelete('cascade');
      await withScope(db.schema.createTable('user_projections').addColumn('user_id', 'integer', userRef))
        .addColumn('player_id', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_projections_pk', ['user_id', ...SCOPE, 'player_id'])
        .execute();
      await withScope(db.schema.createTable('team_stacks'))
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('team_stacks_pk', [...SCOPE])
        .execute();
      await withScope(db.schema.createTable('user_team_stacks').addColumn('user_id', 'integer', userRef))
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_team_stacks_pk', ['user_id', ...SCOPE])
        .execute();
      await db.schema.createTable('site_settings')
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('contest_type', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('site_settings_pk', ['sport', 'site', 'contest_type'])
        .execute();
      await withScope(db.schema.createTable('user_settings').addColumn('user_id', 'integer', userRef))
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_settings_pk', ['user_id', ...SCOPE])
        .execute();
      await withScope(withId(db.schema.createTable('saved_lineups'), kind).addColumn('user_id', 'integer', userRef))
        .addColumn('lineup_hash', 'text', (c) => c.notNull())
        .addColumn('raw_table', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('saved_lineups_unique', ['user_id', ...SCOPE, 'lineup_hash'])
        .execute();
      await withScope(db.schema.createTable('user_groups').addColumn('user_id', 'integer', userRef))
        .addColumn('data', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_groups_pk', ['user_id', ...SCOPE])
        .execute();
      await withScope(withId(db.schema.createTable('custom_presets'), kind))
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('data', 'text', (c) => c.notNull())
        .addUniqueConstraint('custom_presets_unique', [...SCOPE, 'display_name'])
        .execute();
      await withScope(withId(db.schema.createTable('cheatsheets'), kind))
        .addColumn('display_name', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('player_picks', 'text', (c) => c.notNull())
        .addUniqueConstraint('cheatsheets_unique', [...SCOPE, 'display_name'])
        .execute();
      await withId(db.schema.createTable('site_presets'), kind)
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('contest_type', 'text', (c) => c.notNull())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('num_teams', 'integer', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await withScope(withId(db.schema.createTable('built_lineups'), kind))
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('num_lus', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/** User projection saves carry the client's time stamp; an older save never overwrites a newer one. */
function projectionTimestamps(kind: DbKind): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('user_projections')
        .addColumn('updated_ms', kind === 'postgres' ? 'bigint' : 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}

/**
 * Session invalidation: every token carries its user's token version; a password change or
 * reset bumps the version, so tokens issued before it are refused (tokens without one read 0).
 */
const tokenVersion: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('users').addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

/** A user's own slates: an uploaded salary file, its players kept as one JSON list. */
function userSlates(kind: DbKind): Migration {
  return {
    async up(db: AnyDb) {
      await withId(db.schema.createTable('user_slates'), kind)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('sport', 'text', (c) => c.notNull())
        .addColumn('site', 'text', (c) => c.notNull())
        .addColumn('contest_type', 'text', (c) => c.notNull())
        .addColumn('season', 'integer', (c) => c.notNull())
        .addColumn('counter', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('season_averages', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_salary', 'integer')
        .addColumn('player_count', 'integer', (c) => c.notNull())
        .addColumn('players', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_slates_user').on('user_slates').columns(['user_id', 'sport', 'site']).execute();
    },
  };
}

/**
 * Our own permission key opt.nfl.simulation (docs/api.md): the shipped Elite plan grants every
 * key, but ensurePlans never touches a stored plan, so an Elite row written before the key
 * existed gets it here (a plan edited to hold the key either way is left as it is).
 */
export const simulationPermission: Migration = {
  async up(db: AnyDb) {
    const rows = await sql<{ id: number; permissions: string }>`select id, permissions from plans where name = ${'Elite'}`.execute(db);
    for (const row of rows.rows) {
      let permissions: Record<string, unknown>;
      try {
        permissions = JSON.parse(row.permissions) as Record<string, unknown>;
      } catch {
        continue;
      }
      if (typeof permissions !== 'object' || permissions === null || 'opt.nfl.simulation' in permissions) continue;
      permissions['opt.nfl.simulation'] = true;
      await sql`update plans set permissions = ${JSON.stringify(permissions)} where id = ${row.id}`.execute(db);
    }
  },
};

/** A site slate imported from a salary file whose only points are season averages says so, so the builder can warn they are not projections. */
const slateSeasonAverages: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('slates').addColumn('season_averages', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};

class CodeMigrations implements MigrationProvider {
  constructor(private readonly kind: DbKind) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return {
      '001_initial': initial(this.kind), '002_projection_timestamps': projectionTimestamps(this.kind),
      '003_token_version': tokenVersion,
      '004_user_slates': userSlates(this.kind),
      '005_simulation_permission': simulationPermission,
      '006_slate_season_averages': slateSeasonAverages,
    };
  }
}

/**
 * Kysely's migrator first lists the tables of every schema of the database, naming each schema
 * by its text; a schema dropped by another program between the catalog read and that lookup
 * fails the listing with invalid_schema_name (3F000) though nothing of ours changed. Seen when
 * test files, each in a schema of its own, start and clean up side by side on one database.
 */
const CATALOG_RACE_ATTEMPTS = 3;
const INVALID_SCHEMA_NAME = '3F000';

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Kysely<unknown>, kind: DbKind, pgSchema?: string): Promise<void> {
  const migrator = new Migrator({
    db, provider: new CodeMigrations(kind), ...(kind === 'postgres' && pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  let { error, results } = await migrator.migrateToLatest();
  // Only before any migration ran (the listing happens first), and only that error, is it safe to try again.
  for (let attempt = 1; attempt < CATALOG_RACE_ATTEMPTS && error && (results?.length ?? 0) === 0 && (error as { code?: unknown }).code === INVALID_SCHEMA_NAME; attempt += 1) {
    ({ error, results } = await migrator.migrateToLatest());
  }
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const what = failed ? `migration ${failed.migrationName} failed` : 'the migrations could not start';
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
