// The analysis pages' replies (docs/api.md "Every call"): props, game logs, top stacks, the
// build-analysis ranges, the nba on/off report, the lineup comparison and exposure stats. Each a
// zod schema the server declares as its route's response and the web client infers its types
// from, like api-replies.ts. Values a plan withholds are absent (or null where the page shows a
// stand-in column), and the schemas say so.
import { z } from 'zod';
import { FINISH_BUCKETS, type FinishBucket } from './post-build.js';

/** A player Id as the client sent it (the on/off and exposure replies echo the client's rows). */
const clientId = z.union([z.string(), z.number()]);

/** Each finish bucket's share (top 5 %, 6–50 %, other cashed, lost). */
const perFinish = <S extends z.ZodType>(value: S) =>
  z.object(Object.fromEntries(FINISH_BUCKETS.map((bucket) => [bucket, value])) as Record<FinishBucket, S>);

/** A prop market's player: odds, and the week's projected ownership and salary where he is on a slate. */
export const propRowSchema = z.object({
  market: z.string(),
  Name: z.string(),
  Team: z.string(),
  Position: z.string(),
  oddsAmerican: z.number(),
  /** Absent when the plan lacks opt.nfl.ownership (the server withholds it), null when the player is on no slate. */
  projOwn: z.number().nullable().optional(),
  salary: z.number().nullable(),
});
export type PropRow = z.infer<typeof propRowSchema>;
export const propsReplySchema = z.object({ props: z.array(propRowSchema) });
export type PropsReply = z.infer<typeof propsReplySchema>;

/** The stat columns of a game log (all optional: a sport keeps its own). */
const GAME_LOG_STATS = [
  'DKPts', 'FDPts', 'YAPts', 'PassAtt', 'PassCmp', 'PassYds', 'PassTds', 'PassInt', 'RushYds', 'RushAtt', 'RushTds', 'Tar', 'Rec',
  'RecYds', 'RecTds', 'FmbLss', 'Min', 'Usg',
] as const;

/**
 * A player's game, as stored and answered: the week (or game number), the opponent, the date of
 * a dated sport's game, and the stat columns (nba: Min, minutes, and Usg, usage percent).
 */
export const gameLogRowSchema = z.looseObject({
  Week: z.number(),
  Opponent: z.string(),
  Date: z.string().optional(),
  ...Object.fromEntries(GAME_LOG_STATS.map((key) => [key, z.number().optional()])) as Record<(typeof GAME_LOG_STATS)[number], z.ZodOptional<z.ZodNumber>>,
});
export type GameLogRow = z.infer<typeof gameLogRowSchema>;
export const gameLogReplySchema = z.object({ stats: z.array(gameLogRowSchema) });
export type GameLogReply = z.infer<typeof gameLogReplySchema>;

/**
 * A player of a past contest entry's lineup, as stored with the contest's results: the slate's
 * Id, name, position and team, the roster slot he filled, his salary, the share of the field that
 * drafted him (percent) and his points. Salary is null on entries imported before the importer
 * refused a slate player without a numeric salary (JSON keeps such a NaN as null).
 */
export const contestLineupEntrySchema = z.object({
  Id: z.string(), Name: z.string(), Position: z.string(), RosterPosition: z.string(), TeamAbbrev: z.string(), Opp: z.string(),
  Salary: z.number().nullable(), Own: z.number(), Pts: z.number(),
});
export type ContestLineupEntry = z.infer<typeof contestLineupEntrySchema>;
/** A past contest entry's lineup as stored. */
export const contestLineupSchema = z.array(contestLineupEntrySchema);

/** A quarterback stack of a week's contest: how often it was played, by the top entries too, and its points. */
export const topStackRowSchema = z.object({
  QB: z.string(), Team: z.string(), Players: z.array(z.string()), Count: z.number(), TopCount: z.number(), Pct: z.number(), AvgPoints: z.number(),
});
export type TopStackRow = z.infer<typeof topStackRowSchema>;

/** A stack size's share of all entries and of each finish bucket. */
export const stackShareRowSchema = z.object({ Stack: z.string(), All: z.number() }).extend(perFinish(z.number()).shape);
export type StackShareRow = z.infer<typeof stackShareRowSchema>;

/** The week's top stacks, the number of entries, and the stack sizes' shares by finish. */
export const topStacksReplySchema = z.object({ stacks: z.array(topStackRowSchema), entries: z.number(), stackShares: z.array(stackShareRowSchema) });
export type TopStacksReply = z.infer<typeof topStacksReplySchema>;

/** Per position, the distinct players past top entries used: the range and its quartiles. */
export const positionCountRangeSchema = z.object({ Min: z.number(), Max: z.number(), Pct_25: z.number(), Pct_75: z.number() });
export type PositionCountRange = z.infer<typeof positionCountRangeSchema>;
export const playerCountReplySchema = z.record(z.string(), positionCountRangeSchema);
export type PlayerCountReply = z.infer<typeof playerCountReplySchema>;

/** Per position, the share of top entries' picks by salary rank (1 = the priciest). */
export const positionRanksReplySchema = z.record(z.string(), z.array(z.object({ Rank: z.number(), Pct: z.number(), ExpectedInBuild: z.number() })));

/** The on/off model's values of one on player. */
const onOffFields = {
  OnOffMins: z.number(), OnOffUsage: z.number(), OnOffPts: z.number(), OnOffDiff: z.number(), Value: z.number(), OnOffValueDiff: z.number(),
};

/** An on player who gains: who he is, his minutes and points before, and his on/off values. */
export const onOffValueSchema = z.object({
  Id: clientId.optional(), Name: z.string().optional(), TeamAbbrev: z.string().optional(), Salary: z.number(), ProjMins: z.number(), ProjPts: z.number(),
  ...onOffFields,
});
export type OnOffValue = z.infer<typeof onOffValueSchema>;

/** An on player's row as the client sent it, with his on/off values. */
export const onOffPlayerSchema = z.looseObject({ Id: clientId.optional(), Name: z.string().optional(), TeamAbbrev: z.string().optional(), ...onOffFields });
export type OnOffPlayerReply = z.infer<typeof onOffPlayerSchema>;

export const offListReplySchema = z.object({ off_list: z.array(z.string()) });
export type OffListReply = z.infer<typeof offListReplySchema>;
/** The on/off report: the players who gain, most first; every on player shown; and the off list used. */
export const onOffValuesReplySchema = z.object({ values: z.array(onOffValueSchema), players: z.array(onOffPlayerSchema), off_list: z.array(z.string()) });
export type OnOffValuesReply = z.infer<typeof onOffValuesReplySchema>;
/** One team's on players under the off list. */
export const onOffGameStatsReplySchema = z.object({ team: z.string(), players: z.array(onOffPlayerSchema) });

/**
 * A metric's share among my lineups and among past entries by finish. The finish columns are the
 * analytics.nfl.historical feature: null for a plan without it.
 */
export const lineupComparisonRowSchema = z.object({ Metric: z.string(), MyPcts: z.number() }).extend(perFinish(z.number().nullable()).shape);
export type LineupComparisonRow = z.infer<typeof lineupComparisonRowSchema>;
export const lineupComparisonReplySchema = z.object({ lineup_comparison: z.array(lineupComparisonRowSchema) });
export type LineupComparisonReply = z.infer<typeof lineupComparisonReplySchema>;

/** Each player (the client's row) with his count in the lineups, exposure percent and rank among his position. */
export const exposureStatsReplySchema = z.object({
  players: z.array(z.looseObject({ Id: clientId, Count: z.number(), Exp: z.number(), userRankPos: z.number() })),
});
export type ExposureStatsReply = z.infer<typeof exposureStatsReplySchema>;
