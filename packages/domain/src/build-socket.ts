// The build socket (docs/api.md "The build stream"), both ends of it: the handshake, the one
// request a client sends and the messages the server answers, each message a zod schema with
// its type inferred from it, so the server that writes them and the web client that reads them
// agree by construction.
//
// Handshake: the client offers the protocol and, when logged in, its token as a second
// subprotocol, so the server knows who connects before it reads a byte of the request.
import { z } from 'zod';
import { renderReceived } from './messages.js';
import { numberOrText, wirePlayerSchema } from './player.js';
import { settingsOverrideSchema } from './settings.js';
import { CONTEST_TYPES, SITES, SPORTS } from './roster.js';

export const BUILD_SOCKET_PROTOCOL = 'stacksmith.build';
export const BUILD_SOCKET_TOKEN_PREFIX = 'bearer.';

/** The subprotocols a client offers: the protocol, then `bearer.{token}` when it has one. */
export function buildSocketProtocols(token: string | null | undefined): string[] {
  return token ? [BUILD_SOCKET_PROTOCOL, `${BUILD_SOCKET_TOKEN_PREFIX}${token}`] : [BUILD_SOCKET_PROTOCOL];
}

/** The token offered in a Sec-WebSocket-Protocol header, or null. */
export function tokenFromProtocols(header: string | undefined): string | null {
  for (const protocol of (header ?? '').split(',')) {
    const value = protocol.trim();
    if (value.startsWith(BUILD_SOCKET_TOKEN_PREFIX) && value.length > BUILD_SOCKET_TOKEN_PREFIX.length) {
      return value.slice(BUILD_SOCKET_TOKEN_PREFIX.length);
    }
  }
  return null;
}

/** WebSocket close codes the build socket uses. */
export const BUILD_CLOSE = { done: 1000, refused: 1008, tooLarge: 1009, failed: 1011 } as const;

/** A lineup sent back with a build request (a saved or locked lineup): its rows' Ids are what count. */
const keptLineupSchema = z.object({
  rawTable: z.array(z.looseObject({ Id: z.union([z.string(), z.number()]).transform(String) })),
  lineupHash: z.string().optional(),
});

/**
 * The one JSON message a client sends on the build socket (and the body of the entries late
 * swap). Build settings (numLUs, minSal, stackSettingMode...) travel as further top-level keys,
 * each read by its type in the settings schema (settings.ts); keys it does not know pass on.
 */
export const buildMessageSchema = z.looseObject({
  ...settingsOverrideSchema.shape,
  token: z.string().nullish(),
  sport: z.enum(SPORTS),
  site: z.enum(SITES),
  contestType: z.enum(CONTEST_TYPES).optional(),
  // The slate the rows came from (for the values a plan withholds): names and numbers of a few characters.
  slate: z.string().max(200).optional(),
  season: z.union([z.string().max(16), z.number().finite()]).optional(),
  counter: z.union([z.string().max(16), z.number().finite()]).optional(),
  // Counts far above any real slate or build (the socket also bounds the message's bytes).
  players: z.array(wirePlayerSchema).min(1, 'players: the pool is empty').max(5000),
  teamStacks: z.array(z.unknown()).max(1000).nullish(),
  groups: z.array(z.unknown()).max(1000).nullish(),
  savedLineups: z.array(keptLineupSchema).max(1000).nullish(),
  afterStartActivated: z.boolean().nullish(),
  /** A list of lineups, or lists grouped by slate key: { [slate]: { active, lineups } }. */
  afterStartLineups: z.union([z.array(z.unknown()), z.record(z.string(), z.looseObject({ active: z.boolean().optional(), lineups: z.array(z.unknown()) }))]).nullish(),
  numLUs: numberOrText.optional(),
  seed: z.number().int().optional(),
});
export type BuildMessage = z.infer<typeof buildMessageSchema>;
/** The build message as a client writes it, before the schema reads it (numbers may still be text). */
export type BuildMessageInput = z.input<typeof buildMessageSchema>;

/**
 * A coded message as it travels: {code, params} (a CodedMessage of messages.ts). Checked for its
 * shape only: a client renders a code it does not know from the text beside it
 * (renderReceived), so a newer server's codes are not refused here.
 */
export const codedMessageSchema = z.object({ code: z.string(), params: z.record(z.string(), z.unknown()) });

/**
 * A player row of a built lineup as the server sends it: the client's own row as it was sent
 * (the answer is in the client's fields), plus the lineup number and the slot it fills.
 */
export const builtLineupRowSchema = z.looseObject({
  Id: z.string(),
  /** 1-based lineup number. */
  Run: z.number().int(),
  /** The upload-header slot label the player fills. */
  Slot: z.string(),
  /** A late swap kept the player in his slot: his game had started. */
  Locked: z.boolean().optional(),
});

/** A lineup as the server sends it: its rows, its hash, saved, and a late swap's entry and plan. */
export const builtLineupWireSchema = z.object({
  rawTable: z.array(builtLineupRowSchema),
  lineupHash: z.string(),
  saved: z.boolean(),
  entry: z.unknown().optional(),
  plan: z.unknown().optional(),
});
export type BuiltLineupWire = z.infer<typeof builtLineupWireSchema>;

/**
 * A batch of lineups as they are solved: `luNum` lineups so far of `total`, and the build's
 * warnings so far, as texts (`warnings`) and the same messages as codes (`warningCodes`).
 */
export const buildBatchSchema = z.object({
  lu: z.array(builtLineupWireSchema),
  luNum: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  warnings: z.array(z.string()),
  warningCodes: z.array(codedMessageSchema),
});
export type BuildBatchMessage = z.infer<typeof buildBatchSchema>;

/**
 * The message that ends a build that failed or was refused, just before the close: the text,
 * and the code and params when the failure has them. A build that finished is not announced by
 * a message: the server closes with BUILD_CLOSE.done.
 */
export const buildErrorSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type BuildErrorMessage = z.infer<typeof buildErrorSchema>;

/** Any message the server sends on the build socket. */
export const buildSocketReplySchema = z.union([buildBatchSchema, buildErrorSchema]);
export type BuildSocketReply = z.infer<typeof buildSocketReplySchema>;

/**
 * The warnings of a message as a client shows them: rendered from their codes (`warningCodes`),
 * each code this client does not know shown as the server's text beside it; a message with
 * texts only (an older server) is shown as it came. The build's batches and a simulation's
 * result carry their warnings this way.
 */
export function receivedWarnings(message: { warnings?: unknown; warningCodes?: unknown }): string[] {
  const texts = Array.isArray(message.warnings) ? message.warnings.map(String) : [];
  if (!Array.isArray(message.warningCodes)) return texts;
  return message.warningCodes.map((m: unknown, i) => renderReceived(m, texts[i]));
}

/** The text of a socket's error message: rendered from its code when it has one this client knows. */
export function receivedError(message: { error?: unknown; code?: unknown; params?: unknown }): string {
  const text = message.error === undefined || message.error === null ? undefined : String(message.error);
  return renderReceived({ code: message.code, params: message.params }, text);
}

// ---- The simulation on the build socket: {simProgress} messages, then one {simResult} ----

export const SIMULATION_PHASES = ['build', 'simulate', 'select', 'evaluate'] as const;
export type SimulationPhase = (typeof SIMULATION_PHASES)[number];

/** How far a simulation is: `done` of `total` steps of its phase. */
export const simulationProgressSchema = z.object({ phase: z.enum(SIMULATION_PHASES), done: z.number(), total: z.number() });
export type SimulationProgress = z.infer<typeof simulationProgressSchema>;

/** A simulated ROI and its standard error. */
const roiWithError = z.object({ roi: z.number(), roiSe: z.number() });

/** The entries together: profit, ROI, the chance to lose, top 1 % and cash shares (with standard errors), and the profit histogram. */
export const simulatedPortfolioSchema = z.object({
  entries: z.number(), cost: z.number(), meanProfit: z.number(), profitSe: z.number(), roi: z.number(), roiSe: z.number(), pLoss: z.number(),
  top1: z.number(), top1Se: z.number(), cash: z.number(), cashSe: z.number(),
  histogram: z.object({ edges: z.array(z.number()), counts: z.array(z.number()) }),
});

/** A simulation's answer. */
export const simulationAnswerSchema = z.object({
  simulations: z.number(),
  contest: z.object({ name: z.string(), fieldSize: z.number(), entryFee: z.number(), maxEntriesPerUser: z.number(), paidPlaces: z.number(), topPrize: z.number() }),
  /** Per lineup sent (or of the pool built), in order: each entered alone against the field. */
  lineups: z.array(z.object({ roi: z.number(), roiSe: z.number(), win: z.number(), top1: z.number(), cash: z.number(), duplicates: z.number(), meanPayout: z.number() })),
  /** The entries together (the selected ones after a selection). */
  portfolio: simulatedPortfolioSchema.nullable(),
  /** Indices into the lineups sent (or the pool built), in the order picked. */
  selected: z.array(z.number()).optional(),
  /** After a pool build: the selected lineups, as the build socket answers lineups (Run 1..N). */
  lu: z.array(builtLineupWireSchema).optional(),
  /** After a pool build: the plain build's N on the same fresh simulations, and the chosen entries' ROI over it (paired). */
  plain: roiWithError.optional(),
  edge: roiWithError.optional(),
  /** The projection error the simulation assumed (a fraction). */
  projectionError: z.number().optional(),
  /** The warnings' texts; warningCodes the same, in order, as {code, params}. */
  warnings: z.array(z.string()),
  warningCodes: z.array(codedMessageSchema),
});
export type SimulationAnswer = z.infer<typeof simulationAnswerSchema>;
