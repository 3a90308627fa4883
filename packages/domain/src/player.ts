// The player model, once: the row a client sends with a build (WirePlayer), the row the optimizer
// reads (PoolPlayer) and the row the server stores for a slate (StoredPlayer), each a zod schema
// with its type inferred from it, so that the CLI, the server and the web client agree by
// construction. Yes/no values sent as text or numbers are read by readFlag (flag.ts).
import { z } from 'zod';
import { coded, CodedError } from './messages.js';
import { describeIssues, readJsonAs } from './stored-json.js';
import { numberOrText } from './numeric-text.js';
import { GAME_STATES, PLAYER_STATUSES, STARTING_STATES } from './player-status.js';

export { numberOrText };
/** An optional number that a client may also send as null or '' (an empty cell). */
const optionalNumeric = z.union([numberOrText, z.null(), z.literal('')]).optional();
/** Player ids are text; a spreadsheet may have turned them into numbers. */
const playerId = z.union([z.string().min(1), z.number()]).transform(String);

/**
 * One row of the player pool as the optimizer reads it. In showdown a row may carry
 * RosterPosition (CPT/MVP/SUPERSTAR for the captain slot, FLEX otherwise); its ProjPts and
 * Salary are then taken as they are (captain rows already carry ×1.5). A row without
 * RosterPosition is offered for every slot, its captain values derived from the roster's
 * multipliers.
 */
export const poolPlayerSchema = z.object({
  Id: z.string().min(1),
  Name: z.string(),
  Position: z.string().min(1),
  TeamAbbrev: z.string(),
  Opp: z.string().optional(),
  Salary: z.number(),
  ProjPts: z.number(),
  ProjOwn: z.number().optional(),
  Ceiling: z.number().optional(),
  UserProj: z.number().nullable().optional(),
  UserOwn: z.number().nullable().optional(),
  Boost: z.number().optional(),
  MinExp: z.number().optional(),
  MaxExp: z.number().optional(),
  ProjMins: z.number().optional(),
  /** ISO date-time of the player's game start (America/New_York when no offset is given). */
  GameStart: z.string().optional(),
  RosterPosition: z.string().optional(),
  /** The site's injury status (FanDuel Injury Indicator, Yahoo Injury Status), when given. */
  Status: z.enum(PLAYER_STATUSES).optional(),
  /** In Progress / Final (started: locked for late swap) or Postponed, from DraftKings Game Info. */
  GameState: z.enum(GAME_STATES).optional(),
  /** mlb: listed as starting, a pitcher not listed, or a hitter outside the posted order (player-status.ts). */
  Starting: z.enum(STARTING_STATES).optional(),
  /** mlb: the hitter's place in the posted batting order (1-9). */
  BattingOrder: z.number().optional(),
});
export type PoolPlayer = z.infer<typeof poolPlayerSchema>;

/**
 * A player row as a client sends it with a build: the builder table's fields, numbers possibly
 * as text, empty cells as null or ''. Fields beyond these (the table's own columns) pass
 * through, so that the lineups can be answered in the client's fields.
 */
export const wirePlayerSchema = z.looseObject({
  Id: playerId,
  Name: z.string(),
  Position: z.string().min(1),
  TeamAbbrev: z.string().default(''),
  Opp: z.string().nullish(),
  Salary: numberOrText,
  ProjPts: optionalNumeric,
  DKPts: optionalNumeric,
  ProjOwn: optionalNumeric,
  Ceiling: optionalNumeric,
  UserProj: optionalNumeric,
  UserOwn: optionalNumeric,
  Boost: optionalNumeric,
  MinExp: optionalNumeric,
  MaxExp: optionalNumeric,
  ProjMins: optionalNumeric,
  GameStart: z.string().nullish(),
  RosterPosition: z.string().nullish(),
  // A live salary file's game state (In Progress/Final lock for late swap) and injury status.
  GameState: z.enum(GAME_STATES).nullish(),
  Status: z.enum(PLAYER_STATUSES).nullish(),
  Starting: z.enum(STARTING_STATES).nullish(),
  BattingOrder: optionalNumeric,
});
export type WirePlayer = z.infer<typeof wirePlayerSchema>;
/** A player row as a client writes it, before the schema reads it (numbers may still be text). */
export type WirePlayerInput = z.input<typeof wirePlayerSchema>;

/**
 * A slate's player row as the server stores it (a JSON column): the salary file's fields plus
 * what the importers add (projections, ownership, game lines), under the player's Id. Only the
 * Id is required of every row; what else a row holds depends on the sport and the imports.
 */
export const storedPlayerSchema = z.looseObject({ Id: playerId });
export type StoredPlayer = z.infer<typeof storedPlayerSchema>;

/** Thrown when a stored player row does not have the stored shape (a damaged or foreign row). */
export class StoredPlayerError extends CodedError {
  constructor(issues: readonly z.core.$ZodIssue[], whole: 'row' | 'rows') {
    super(coded('stored-player-invalid', { issues: describeIssues(issues, whole) }));
    this.name = 'StoredPlayerError';
  }
}

/**
 * A stored player row read back from its JSON text, checked against storedPlayerSchema: a row
 * without an Id fails here, where it was read, and not later as a lineup without that player.
 * Text that is not JSON at all reads as `fallback` (a row never written).
 */
export function readStoredPlayer(text: string | null | undefined, fallback: StoredPlayer): StoredPlayer {
  return readJsonAs(storedPlayerSchema, text, fallback, (issues) => { throw new StoredPlayerError(issues, 'row'); });
}

/** A stored list of player rows (a private slate's players) read back and checked row by row. */
export function readStoredPlayers(text: string | null | undefined): StoredPlayer[] {
  if (text === null || text === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [];
  }
  return storedPlayersOf(value);
}

/** Rows already read from JSON (a packed slate unpacked), checked as stored player rows. */
export function storedPlayersOf(value: unknown): StoredPlayer[] {
  const parsed = z.array(storedPlayerSchema).safeParse(value);
  if (!parsed.success) throw new StoredPlayerError(parsed.error.issues, 'rows');
  return parsed.data;
}
