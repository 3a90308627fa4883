// Table shapes as Kysely sees them. JSON columns are text (portable across SQLite and
// PostgreSQL); booleans are integers 0/1 for the same reason.
import type { ColumnType, Generated } from 'kysely';

type Id = Generated<number>;
/** A JSON document stored as text. */
export type Json = string;

export interface UsersTable {
  id: Id;
  email: string;
  password_hash: string;
  password_salt: string;
  first_name: string;
  last_name: string;
  admin: ColumnType<number, number | undefined, number>;
  plan_id: number | null;
  partner_brand: string | null;
  partner_user_id: string | null;
  created_at: string;
  /** Bumped by a password change or reset; tokens carrying an older version are refused. */
  token_version: ColumnType<number, number | undefined, number>;
}

export interface PlansTable {
  id: Id;
  name: string;
  price: number;
  yearly_price: number;
  /** JSON map from permission key to a flag or a number (opt.nfl.lineup_limit). */
  permissions: Json;
}

export interface SubscriptionsTable {
  id: Id;
  user_id: number;
  plan_id: number;
  yearly: number;
  current_period_end: string | null;
  cancel_at: string | null;
  trial_end: string | null;
  card_last4: string | null;
  card_brand: string | null;
  promo_code: string | null;
  created_at: string;
}

export interface PromoCodesTable {
  code: string;
  percent_off: number;
  valid_until: string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface ServerKvTable {
  key: string;
  value: string;
}

export interface SlatesTable {
  id: Id;
  sport: string;
  site: string;
  contest_type: string;
  season: number;
  /** nfl week ('1'..'22') or the slate date 'YYYY-MM-DD'. */
  counter: string;
  name: string;
  updated_at: string;
  max_salary: number | null;
  /** 1 when the salary file's only points were the site's season averages and no projections came since. */
  season_averages: Generated<number>;
}

export interface SlatePlayersTable {
  id: Id;
  slate_id: number;
  player_id: string;
  roster_position: string | null;
  /** The builder's player row as JSON. */
  data: Json;
}

export interface GameLogsTable {
  id: Id;
  sport: string;
  season: number;
  week: number;
  player_name: string;
  position: string;
  team: string;
  data: Json;
}

export interface PropsTable {
  id: Id;
  sport: string;
  season: number;
  week: number;
  market: string;
  name: string;
  team: string;
  position: string;
  odds_american: number;
}

export interface ContestResultsTable {
  id: Id;
  sport: string;
  site: string;
  contest_type: string;
  season: number;
  counter: string;
  slate: string;
  contest_name: string;
  /** Entries in the whole contest (for finish buckets). */
  field_size: number;
  cash_line: number;
  rank: number;
  entry_name: string;
  points: number;
  /** JSON list of {Id, Name, Position, RosterPosition, TeamAbbrev, Opp, Salary, Own, Pts}. */
  lineup: Json;
}

/** Keys every per-slate row carries. */
export interface SlateScope {
  sport: string;
  brand: string;
  site: string;
  slate: string;
  season: string;
  counter: string;
}

export interface UserProjectionsTable extends SlateScope {
  user_id: number;
  player_id: string;
  data: Json;
  /** The client's time stamp of the save (ms); PostgreSQL answers bigint as text. */
  updated_ms: ColumnType<number | string, number | undefined, number>;
}

export interface TeamStacksTable extends SlateScope {
  data: Json;
}

export interface UserTeamStacksTable extends SlateScope {
  user_id: number;
  data: Json;
}

export interface SiteSettingsTable {
  sport: string;
  site: string;
  contest_type: string;
  data: Json;
}

export interface UserSettingsTable extends SlateScope {
  user_id: number;
  data: Json;
}

export interface SavedLineupsTable extends SlateScope {
  id: Id;
  user_id: number;
  lineup_hash: string;
  raw_table: Json;
  created_at: string;
}

export interface UserGroupsTable extends SlateScope {
  user_id: number;
  data: Json;
}

export interface CustomPresetsTable extends SlateScope {
  id: Id;
  display_name: string;
  created_by: number;
  data: Json;
}

export interface CheatsheetsTable extends SlateScope {
  id: Id;
  display_name: string;
  created_by: number;
  player_picks: Json;
}

export interface SitePresetsTable {
  id: Id;
  sport: string;
  contest_type: string;
  site: string;
  num_teams: number;
  data: Json;
}

export interface BuiltLineupsTable extends SlateScope {
  id: Id;
  user_id: number | null;
  num_lus: number;
  created_at: string;
}

/** A user's own slate (an uploaded salary file): visible to its owner alone. */
export interface UserSlatesTable {
  id: Id;
  user_id: number;
  sport: string;
  site: string;
  contest_type: string;
  season: number;
  counter: string;
  /** The name the user gave (or the file's). */
  name: string;
  file_name: string;
  /** The reader's format of the file (dk-salaries, fd-players, ...). */
  format: string;
  /** 1 when the only points are the site's season averages. */
  season_averages: number;
  max_salary: number | null;
  player_count: number;
  /** The builder's player rows as one JSON list. */
  players: Json;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  plans: PlansTable;
  subscriptions: SubscriptionsTable;
  promo_codes: PromoCodesTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  server_kv: ServerKvTable;
  slates: SlatesTable;
  slate_players: SlatePlayersTable;
  game_logs: GameLogsTable;
  props: PropsTable;
  contest_results: ContestResultsTable;
  user_projections: UserProjectionsTable;
  team_stacks: TeamStacksTable;
  user_team_stacks: UserTeamStacksTable;
  site_settings: SiteSettingsTable;
  user_settings: UserSettingsTable;
  saved_lineups: SavedLineupsTable;
  user_groups: UserGroupsTable;
  custom_presets: CustomPresetsTable;
  cheatsheets: CheatsheetsTable;
  site_presets: SitePresetsTable;
  built_lineups: BuiltLineupsTable;
  user_slates: UserSlatesTable;
}
