// The HTTP API's replies (docs/api.md), each a zod schema with its type inferred from it: the
// server declares them as its routes' response schemas (so a reply that drifts from its schema
// fails there, in the server's tests) and the web client takes its types from them. The web
// client does not parse replies again at run time: the server has checked them, and a slate's
// players are too many to check twice on every page load.
import { z } from 'zod';
import { codedMessageSchema } from './build-socket.js';
import { CONTEST_TYPES, SITES } from './roster.js';
import { settingsOverrideSchema, typedSettingsOverrideSchema } from './settings.js';

// ---- Auth and account ----

/**
 * The answer of login and sign-up: a refusal is `success: false` with the reason in `error`, and
 * beside it the refusal's `code` and `params` (the spec's four fields, and the code as every
 * other refusal has it).
 */
export const loginReplySchema = z.object({
  success: z.boolean(),
  access_token: z.string().nullable(),
  first_name: z.string().nullable(),
  error: z.string().nullable(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

/** The token check (and the partner login check): who the token belongs to, and a fresh token. */
export const authCheckReplySchema = z.object({
  success: z.boolean(),
  new_token: z.string(),
  admin: z.boolean(),
  name: z.string(),
});
export type AuthCheckReply = z.infer<typeof authCheckReplySchema>;

/** The logged-in user's account, as the account page shows it. */
export const accountInfoReplySchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  admin: z.boolean(),
  plan_name: z.string().nullable(),
});
export type AccountInfoReply = z.infer<typeof accountInfoReplySchema>;

/** A password change: every other session ends, so the answer carries this session's fresh token. */
export const passwordChangeReplySchema = z.object({ success: z.boolean(), access_token: z.string() });
export type PasswordChangeReply = z.infer<typeof passwordChangeReplySchema>;

/** A write that answers only that it was done (the reset mail sent, the password reset). */
export const successReplySchema = z.object({ success: z.boolean() });
export type SuccessReply = z.infer<typeof successReplySchema>;

// ---- Plans and subscriptions ----

/** A plan's permissions: each key of permissions.ts granted (true), refused (false), or a number (the lineup limit). */
export const planPermissionsSchema = z.record(z.string(), z.union([z.boolean(), z.number()]));

/** The plan catalogue: each plan's name, monthly and yearly price, permissions and lineup limit; and the payment provider. */
export const planCatalogueReplySchema = z.object({
  plans: z.array(z.object({ name: z.string(), price: z.number(), yearly_price: z.number(), permissions: planPermissionsSchema, lineup_limit: z.number() })),
  provider: z.string(),
});
export type PlanCatalogueReply = z.infer<typeof planCatalogueReplySchema>;
export type PlanInfo = PlanCatalogueReply['plans'][number];

/** The user's subscription (the plan answer): the plan, its permissions, its dates, the card on file and the price. */
export const subscriptionReplySchema = z.object({
  plan_name: z.string().nullable(),
  permissions: planPermissionsSchema,
  /** The end of a cancelled plan. */
  plan_ends: z.string().nullable(),
  current_period_end: z.string().nullable(),
  trial_end: z.string().nullable(),
  last4: z.string().nullable(),
  brand: z.string().nullable(),
  yearly: z.boolean(),
  price: z.number(),
  error: z.string().nullable(),
});
export type SubscriptionReply = z.infer<typeof subscriptionReplySchema>;

/** A plan change: a fresh token (the plan is in it) and the subscription as it now is. */
export const planChangeReplySchema = z.object({ error: z.null(), access_token: z.string(), subscription: subscriptionReplySchema });
export type PlanChangeReply = z.infer<typeof planChangeReplySchema>;

/** A cancellation: the subscription as it now is (the plan stays to the end of the period). */
export const planCancelReplySchema = z.object({ error: z.null(), subscription: subscriptionReplySchema });
export type PlanCancelReply = z.infer<typeof planCancelReplySchema>;

/** A card change: the new card's brand and last four digits. */
export const cardChangeReplySchema = z.object({ error: z.null(), success: z.boolean(), brand: z.string(), last4: z.string() });
export type CardChangeReply = z.infer<typeof cardChangeReplySchema>;

/** A promo code check, with its discount when it is valid. */
export const promoCheckReplySchema = z.object({ valid: z.boolean(), percentOff: z.number().nullable() });
export type PromoCheckReply = z.infer<typeof promoCheckReplySchema>;

// ---- Slates and players ----

/**
 * A slate's players: the stored rows (only the Id is required of a row: what else it holds
 * depends on the sport, the imports and what the plan shows), when they were last updated, the
 * slate's own salary cap when it has one, and whether its points are season averages.
 */
export const playersReplySchema = z.object({
  // The rows as storedPlayerSchema reads them back (their Ids already text): the server encodes
  // its replies through these schemas, and an encode cannot run the stored schema's Id transform.
  players: z.array(z.looseObject({ Id: z.string() })),
  updated_at: z.string().optional(),
  max_salary: z.number().optional(),
  /** The slate's points are the site's season averages (a salary file without projections). */
  season_averages: z.boolean().optional(),
  /** A user's own slate: the name its owner gave it. */
  slate_name: z.string().optional(),
});
export type PlayersReply = z.infer<typeof playersReplySchema>;

/** A user's edits of one player (PlayerOverride of player-edits.ts): own projection and ownership, exposures, boost, minutes. */
export const playerOverrideSchema = z.looseObject({
  Id: z.string(),
  UserProj: z.number().nullish(),
  UserOwn: z.number().nullish(),
  MinExp: z.number().nullish(),
  MaxExp: z.number().nullish(),
  Boost: z.number().nullish(),
  UserMins: z.number().nullish(),
});

/** A user's edits of a slate's players, keyed by player Id. */
export const userProjectionsReplySchema = z.record(z.string(), playerOverrideSchema);
export type UserProjectionsReply = z.infer<typeof userProjectionsReplySchema>;

/** The slates of a day or week, by contest type. */
export const slateListsReplySchema = z.object({ classic: z.array(z.string()), showdown: z.array(z.string()) });
export type SlateListsReply = z.infer<typeof slateListsReplySchema>;

/** A private slate as the slate list and the upload answer it. */
export const userSlateSummarySchema = z.object({
  id: z.number(),
  /** The builder's slate segment (my-<id>). */
  slate: z.string(),
  name: z.string(),
  sport: z.string(),
  site: z.enum(SITES),
  contestType: z.enum(CONTEST_TYPES),
  season: z.number(),
  counter: z.string(),
  fileName: z.string(),
  players: z.number(),
  seasonAverages: z.boolean(),
  createdAt: z.string(),
});
export type UserSlateSummary = z.infer<typeof userSlateSummarySchema>;

/**
 * Settings as saved (a user's settings of a slate, a preset's, a site's default overrides):
 * setting names and their values, which the builder resolves against the defaults. Stored
 * documents are read with the sent form (numbers may be text, as clients saved them) and
 * answered in the typed form; keys the settings do not know are kept.
 */
export const savedSettingsSchema = settingsOverrideSchema;

/** A user's stored settings of a slate, as answered. */
export const userSettingsReplySchema = typedSettingsOverrideSchema;

// ---- The builder's extras: team stacks, player groups, saved lineups ----

/** A player Id as a group or a saved lineup holds it: text, or a number a spreadsheet made of it. */
const anchorId = z.union([z.string(), z.number()]);

/**
 * A player group or a stack group (PlayerGroup of stacks.ts) as stored and answered: its players
 * (Ids, or rows with an Id), how many of them a lineup holds, in what share of the lineups, and
 * its anchors.
 */
export const playerGroupSchema = z.looseObject({
  ID: anchorId.optional(),
  name: z.string().optional(),
  players: z.array(z.union([anchorId, z.looseObject({ Id: anchorId })])),
  minGroup: z.number().optional(),
  maxGroup: z.number().optional(),
  pctGroup: z.union([z.number(), z.string(), z.null()]).optional(),
  active: z.boolean().optional(),
  anchorPlayerID: z.union([anchorId, z.array(anchorId), z.null()]).optional(),
});
export type PlayerGroupReply = z.infer<typeof playerGroupSchema>;

const TEAM_STACK_FLAGS = ['AllowQBStack', 'AllowRBStack', 'AllowWRStack', 'AllowTEStack', 'AllowGameStack', 'AllowRBOppStack', 'AllowWROppStack', 'AllowTEOppStack'] as const;
const TEAM_STACK_TOTALS = [
  'TotalMaxFlex', 'TotalMaxPlayers', 'TotalMaxRBs', 'TotalMaxWRs', 'TotalMaxTEs', 'TotalMinFlex', 'TotalMinPlayers', 'TotalMinRBs', 'TotalMinWRs', 'TotalMinTEs',
] as const;

/** A team's row of the Team Stacks tab (TeamStackRow of stacks.ts): its stack switches and its totals. */
export const teamStackRowSchema = z.looseObject({
  TeamAbbrev: z.string().min(1),
  Opp: z.string().nullish(),
  ...Object.fromEntries(TEAM_STACK_FLAGS.map((key) => [key, z.boolean().optional()])) as Record<(typeof TEAM_STACK_FLAGS)[number], z.ZodOptional<z.ZodBoolean>>,
  ...Object.fromEntries(TEAM_STACK_TOTALS.map((key) => [key, z.number().optional()])) as Record<(typeof TEAM_STACK_TOTALS)[number], z.ZodOptional<z.ZodNumber>>,
});

/** A slate's team stacks: the team rows and the stack groups beside them. */
export const teamStacksReplySchema = z.array(z.union([teamStackRowSchema, playerGroupSchema]));
export type TeamStacksReply = z.infer<typeof teamStacksReplySchema>;

/** A slate's player groups. */
export const groupsReplySchema = z.array(playerGroupSchema);

/** The user's saved lineups of a slate: their rows as saved (each with its Id), and their hashes. */
export const savedLineupsReplySchema = z.object({
  lineups: z.array(z.object({ rawTable: z.array(z.looseObject({ Id: anchorId })), lineupHash: z.string(), saved: z.boolean() })),
});
export type SavedLineupsReply = z.infer<typeof savedLineupsReplySchema>;

// ---- Late swap of an entries file ----

/** One entry's late swap: swapped (a better lineup), unchanged (nothing better) or kept (it could not be re-optimised). */
export const entrySwapSchema = z.object({
  entryId: z.string(),
  contestName: z.string(),
  contestId: z.string(),
  entryFee: z.string(),
  status: z.enum(['swapped', 'unchanged', 'kept']),
  /** Why the entry was kept or unchanged: the text, and the same as {code, params} (rendered by the client). */
  reason: z.string().optional(),
  reasonCode: codedMessageSchema.optional(),
  /** The entry's player Ids before and after, in the file's slot order. */
  before: z.array(z.string()),
  after: z.array(z.string()),
});
export type EntrySwap = z.infer<typeof entrySwapSchema>;

/** Every entry's result, the warnings (texts and codes, in the same order), and the file to upload. */
export const lateSwapEntriesReplySchema = z.object({
  results: z.array(entrySwapSchema),
  warnings: z.array(z.string()),
  warningCodes: z.array(codedMessageSchema),
  csv: z.string(),
});
export type LateSwapEntriesReply = z.infer<typeof lateSwapEntriesReplySchema>;

// ---- Admin-made content of a slate: presets and cheat sheets ----

/** A player's values as a custom preset keeps them (the fields the preset form reads back). */
export const presetPlayerSchema = z.object({
  Id: anchorId,
  UserProj: z.number().nullish(),
  UserOwn: z.number().nullish(),
  Boost: z.number().optional(),
  MinExp: z.number().optional(),
  MaxExp: z.number().optional(),
});

/** A custom preset's document as answered: its players' values, its settings, stack settings and groups. */
const customPresetReplyDataSchema = z.object({
  players: z.array(presetPlayerSchema).optional(),
  site_settings: typedSettingsOverrideSchema.optional(),
  team_stacks: typedSettingsOverrideSchema.nullish(),
  groups: z.array(playerGroupSchema).optional(),
});

/** A custom preset's stored document (its settings as saved). */
export const customPresetDataSchema = customPresetReplyDataSchema.extend({
  site_settings: savedSettingsSchema.optional(),
  team_stacks: savedSettingsSchema.nullish(),
});

/** A slate's custom presets (made by admins, read by everyone). */
export const customPresetsReplySchema = z.array(z.object({ id: z.number(), displayName: z.string(), presets: customPresetReplyDataSchema }));
export type CustomPresetsReply = z.infer<typeof customPresetsReplySchema>;
export type CustomPreset = CustomPresetsReply[number];

/** A site preset: stored for a sport, site and slate size, or drawn from past winners (with their number). */
const sitePresetReplySchema = z.object({
  displayName: z.string(),
  sample: z.number().optional(),
  generalSettings: typedSettingsOverrideSchema,
  stackSettings: typedSettingsOverrideSchema.optional(),
});
export type SitePreset = z.infer<typeof sitePresetReplySchema>;

/** A stored site preset (its settings as saved). */
export const sitePresetSchema = sitePresetReplySchema.extend({
  generalSettings: savedSettingsSchema,
  stackSettings: savedSettingsSchema.optional(),
});

/** The presets of slates of about a number of teams. */
export const sitePresetsReplySchema = z.object({ presets: z.array(sitePresetReplySchema) });
export type SitePresetsReply = z.infer<typeof sitePresetsReplySchema>;

/** A cheat sheet's stored picks: player Ids. */
export const cheatSheetPicksSchema = z.array(anchorId);

/** A slate's cheat sheets (made by admins, read by everyone): each a name and its picked players' Ids. */
export const cheatSheetsReplySchema = z.array(z.object({ id: z.number(), name: z.string(), player_picks: cheatSheetPicksSchema }));
export type CheatSheet = z.infer<typeof cheatSheetsReplySchema>[number];

// ---- Uploaded files: projections by name, entries files, the Admin tab's imports ----

/** A row of a projection file as read: its line, what names the player, and its values. */
const projectionFileRowSchema = z.object({
  line: z.number(),
  id: z.string().optional(),
  name: z.string(),
  team: z.string().optional(),
  position: z.string().optional(),
  values: z.record(z.string(), z.number()),
});

/** A slate player a row could be, as an ambiguous row lists them. */
const candidateSchema = z.object({ Id: z.string(), Name: z.string(), TeamAbbrev: z.string(), Position: z.string() });

/** Why a row was not matched: the text, and the same as {code, params} (rendered by the client). */
const reasonFields = { reason: z.string(), reasonCode: codedMessageSchema };

/**
 * A row of the builder's match report: the file's row (its line, name, team, position and values)
 * with the player it went to, or the candidates, or why it went nowhere. The three lists share the
 * row's fields; each list's own fields are required in it.
 */
export const projectionMatchRowSchema = z.object({
  line: z.number(),
  name: z.string(),
  id: z.string().optional(),
  team: z.string().optional(),
  position: z.string().optional(),
  ProjPts: z.number().optional(),
  ProjOwn: z.number().optional(),
  Ceiling: z.number().optional(),
  ProjMins: z.number().optional(),
  MinExp: z.number().optional(),
  MaxExp: z.number().optional(),
  playerId: z.string().optional(),
  playerName: z.string().optional(),
  by: z.enum(['id', 'name']).optional(),
  candidates: z.array(candidateSchema).optional(),
  /** How many players fit in all (the candidates list only the first few). */
  candidateCount: z.number().optional(),
  reason: reasonFields.reason.optional(),
  reasonCode: reasonFields.reasonCode.optional(),
});
export type ProjectionMatchRow = z.infer<typeof projectionMatchRowSchema>;

/** Projections by name: every row of the file matched (with the player), ambiguous (with candidates) or unmatched (with why). */
export const projectionsMatchReplySchema = z.object({
  matched: z.array(projectionMatchRowSchema.required({ playerId: true, playerName: true, by: true })),
  ambiguous: z.array(projectionMatchRowSchema.required({ candidates: true, candidateCount: true, reason: true, reasonCode: true })),
  unmatched: z.array(projectionMatchRowSchema.required({ reason: true, reasonCode: true })),
});
export type ProjectionsMatchReply = z.infer<typeof projectionsMatchReplySchema>;

/** An entries file with its empty entries filled: the layout read, every entry, the counts and the file to upload. */
export const entriesFileReplySchema = z.object({
  layout: z.string(),
  layoutName: z.string(),
  entries: z.array(z.object({ entryId: z.string(), contestName: z.string(), contestId: z.string(), entryFee: z.string(), players: z.array(z.string()) })),
  filled: z.number(),
  leftEmpty: z.number(),
  csv: z.string(),
});
export type EntriesFileReply = z.infer<typeof entriesFileReplySchema>;

const renderedMessageSchema = codedMessageSchema.extend({ message: z.string() });

/**
 * The Admin tab's import (or, with write false, its preview): the rows read, the format, the
 * first rows as they would be stored, a salary file's notes, and a projection file's match.
 */
export const importReplySchema = z.object({
  rows: z.number(),
  /** The file format the salary reader recognised. */
  detail: z.string().optional(),
  sample: z.array(z.record(z.string(), z.unknown())).optional(),
  seasonAverages: z.boolean().optional(),
  excludedWarning: renderedMessageSchema.nullish(),
  notes: z.array(renderedMessageSchema).optional(),
  match: z.object({
    matched: z.array(z.object({ row: projectionFileRowSchema, playerId: z.string(), playerName: z.string(), by: z.enum(['id', 'name']) })),
    ambiguous: z.array(z.object({ row: projectionFileRowSchema, candidates: z.array(candidateSchema), candidateCount: z.number() })),
    unmatched: z.array(z.object({ row: projectionFileRowSchema, ...reasonFields })),
  }).optional(),
  written: z.boolean(),
});
export type ImportReply = z.infer<typeof importReplySchema>;
