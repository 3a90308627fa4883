// The build socket's simulate message (docs/api.md "Simulation on the build socket") and its
// mapping to a simulation job. Sizes are bounded: a job stays within a few hundred MB and a
// couple of minutes of one core.
import {
  coded, CONTEST_TYPES, findRoster, lineupIdsRuleViolations, SITES, SPORTS, type CodedMessage, wirePlayerSchema, type WirePlayer,
} from '@stacksmith/domain';
import { CONTEST_TEMPLATES } from '@stacksmith/sim';
import { z } from 'zod';
import { toBuildRequest } from './build-request.js';
import { rowLacksPoints } from './gating.js';
import type { BuildRequest } from '@stacksmith/optimizer';

export const SIMULATION_BOUNDS = { lineups: 5000, simulations: 20_000, fieldSize: 200_000, players: 2000, payoutPlaces: 200_000 } as const;

const lineupIds = z.array(z.union([z.string().min(1).max(64), z.number()]).transform(String)).min(1).max(12);

/**
 * A row without points: as gating's (no ProjPts nor UserProj), and no DKPts either. Checked after
 * the server has put back the values the user's plan withholds (fillWithheldForBuild), as for a build.
 */
const lacksPoints = (p: WirePlayer) => rowLacksPoints(p) && !(Number(p.DKPts) > 0);

/** The error for rows the simulation has no points for (its means), or null when every row has them. */
export function playersWithoutPoints(players: readonly WirePlayer[]): CodedMessage | null {
  const lacking = players.filter(lacksPoints);
  if (lacking.length === 0) return null;
  return coded('simulation-players-without-points', { missing: lacking.length, total: players.length, examples: lacking.slice(0, 3).map((p) => p.Name) });
}

/**
 * A selection picks lineups to enter: given lineups the site would refuse are refused (the
 * message names them), by the same rule check as every build path. Simulating them without a
 * selection is analysis and stays allowed. Null when nothing is refused.
 */
export function refusedSelectionLineups(message: Pick<SimulateMessage, 'sport' | 'site' | 'contestType' | 'lineups' | 'select' | 'players'>): CodedMessage | null {
  const roster = findRoster(message.sport, message.site, message.contestType);
  if (!roster || !message.lineups || message.select === undefined) return null;
  const players = message.players.map((p) => ({ ...p, Id: String(p.Id) }));
  const refused = message.lineups.map((ids, i) => ({ n: i + 1, broken: lineupIdsRuleViolations(roster, ids, players) })).filter((l) => l.broken.length > 0);
  return refused.length === 0 ? null : coded('lineups-not-entered', { lineups: refused.map((l) => l.n), violations: refused.flatMap((l) => l.broken) });
}

export const simulateMessageSchema = z.looseObject({
  type: z.literal('simulate'),
  token: z.string().max(4096).nullish(),
  sport: z.enum(SPORTS),
  site: z.enum(SITES),
  contestType: z.enum(CONTEST_TYPES).default('classic'),
  players: z.array(wirePlayerSchema).min(1, 'players: the pool is empty').max(SIMULATION_BOUNDS.players),
  /** Candidate lineups: player Ids in slot order. */
  lineups: z.array(lineupIds).min(1, 'lineups: none to simulate').max(SIMULATION_BOUNDS.lineups).optional(),
  /**
   * Instead of lineups: build this many on the server from the message's build fields (the
   * build message's settings, stacks and groups; randomness med unless set) and select from them.
   */
  pool: z.number().int().min(2).max(SIMULATION_BOUNDS.lineups).optional(),
  /** Indices into lineups entered together (default: all of them when the contest allows that many). */
  entries: z.array(z.number().int().min(0)).max(150).optional(),
  /** Pick this many lineups by simulated marginal payout (then entered together). */
  select: z.number().int().min(1).max(150).optional(),
  contest: z.object({
    template: z.enum(CONTEST_TEMPLATES).default('gpp'),
    fieldSize: z.number().int().min(2).max(SIMULATION_BOUNDS.fieldSize),
    entryFee: z.number().positive().max(100_000),
    maxEntriesPerUser: z.number().int().min(1).max(150).optional(),
    /** Prize per place from 1st (replaces the template's table). */
    payouts: z.array(z.number().min(0).max(100_000_000)).min(1).max(SIMULATION_BOUNDS.payoutPlaces).optional(),
  }),
  simulations: z.number().int().min(100).max(SIMULATION_BOUNDS.simulations).default(5000),
  /** How far the projections may be off, in percent (sd of log(true ÷ projected)); default by sport. */
  projectionError: z.number().min(0).max(100).optional(),
  seed: z.number().int().optional(),
}).refine((m) => (m.lineups === undefined) !== (m.pool === undefined), { message: 'send either lineups or a pool size', path: ['lineups'] })
  .refine((m) => m.pool === undefined || m.select !== undefined, { message: 'a pool is built to select from: give select too', path: ['select'] })
  .refine((m) => m.pool === undefined || m.select === undefined || m.select <= m.pool, { message: 'select is more than the pool', path: ['select'] });
export type SimulateMessage = z.infer<typeof simulateMessageSchema>;

/** What a simulation worker runs (structured-clone safe). */
export interface SimulationJob {
  request: BuildRequest;
  lineups?: string[][];
  /** Build the candidates from `request` (its numLUs is the pool size). */
  buildPool?: boolean;
  /** The client's rows by Id, to answer built lineups in the client's fields. */
  rowsById?: Map<string, WirePlayer>;
  entries?: number[];
  select?: number;
  contest: SimulateMessage['contest'];
  simulations: number;
  seed: number;
  /** As a fraction; undefined: the sport's default. */
  projectionError?: number;
  /** The user's own projection randomness (the plain build's), when the message set one. */
  plainRandomness?: string;
}

/** True for a message that asks for a simulation rather than a build. */
export function isSimulateMessage(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as { type?: unknown }).type === 'simulate';
}

const SIMULATE_ONLY_KEYS = ['type', 'lineups', 'entries', 'select', 'contest', 'simulations', 'pool', 'projectionError'];

export function toSimulationJob(message: SimulateMessage, now: number = Date.now()): SimulationJob {
  // The player rows (and for a pool the settings, stacks and groups) are read exactly as a build reads them.
  const buildFields: Record<string, unknown> = Object.fromEntries(Object.entries(message).filter(([key]) => !SIMULATE_ONLY_KEYS.includes(key)));
  const size = message.pool ?? 1;
  const { request, rowsById } = toBuildRequest({ ...buildFields, numLUs: size, afterStartActivated: false } as unknown as Parameters<typeof toBuildRequest>[0], size, now);
  if (message.pool) {
    const settings = (request.settings ??= {});
    // A pool needs variety: randomness med unless the user chose some.
    if (!('projPtsRandInput' in buildFields) || settings.projPtsRandInput === 'none') settings.projPtsRandInput = 'med';
  }
  const job: SimulationJob = {
    request,
    contest: message.contest,
    simulations: message.simulations,
    seed: message.seed ?? now % 2_147_483_647,
  };
  if (message.lineups) job.lineups = message.lineups;
  if (message.pool) {
    job.buildPool = true;
    const own = buildFields.projPtsRandInput;
    if (typeof own === 'string') job.plainRandomness = own;
    job.rowsById = rowsById;
  }
  if (message.entries) job.entries = message.entries;
  if (message.projectionError !== undefined) job.projectionError = message.projectionError / 100;
  if (message.select) job.select = message.select;
  return job;
}
