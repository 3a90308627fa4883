// The build socket's simulate message (docs/api.md "Simulation on the build socket") and its
// mapping to a simulation job. Sizes are bounded: a job stays within a few hundred MB and a
// couple of minutes of one core.
import { CONTEST_TYPES, SITES, SPORTS } from '@stacksmith/domain';
import { CONTEST_TEMPLATES } from '@stacksmith/sim';
import { z } from 'zod';
import { toBuildRequest, wirePlayerSchema } from './build-request.js';
import type { BuildRequest } from '@stacksmith/optimizer';

export const SIMULATION_BOUNDS = { lineups: 5000, simulations: 20_000, fieldSize: 200_000, players: 2000, payoutPlaces: 200_000 } as const;

const lineupIds = z.array(z.union([z.string().min(1).max(64), z.number()]).transform(String)).min(1).max(12);

export const simulateMessageSchema = z.object({
  type: z.literal('simulate'),
  token: z.string().max(4096).nullish(),
  sport: z.enum(SPORTS),
  site: z.enum(SITES),
  contestType: z.enum(CONTEST_TYPES).default('classic'),
  players: z.array(wirePlayerSchema).min(1, 'players: the pool is empty').max(SIMULATION_BOUNDS.players),
  /** Candidate lineups: player Ids in slot order. */
  lineups: z.array(lineupIds).min(1, 'lineups: none to simulate').max(SIMULATION_BOUNDS.lineups),
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
  seed: z.number().int().optional(),
});
export type SimulateMessage = z.infer<typeof simulateMessageSchema>;

/** What a simulation worker runs (structured-clone safe). */
export interface SimulationJob {
  request: Pick<BuildRequest, 'sport' | 'site' | 'contestType' | 'players'>;
  lineups: string[][];
  entries?: number[];
  select?: number;
  contest: SimulateMessage['contest'];
  simulations: number;
  seed: number;
}

/** True for a message that asks for a simulation rather than a build. */
export function isSimulateMessage(json: unknown): boolean {
  return typeof json === 'object' && json !== null && (json as { type?: unknown }).type === 'simulate';
}

export function toSimulationJob(message: SimulateMessage, now: number = Date.now()): SimulationJob {
  // The player rows are read exactly as a build reads them.
  const { request } = toBuildRequest({ ...message, numLUs: 1 } as unknown as Parameters<typeof toBuildRequest>[0], 1, now);
  const job: SimulationJob = {
    request: { sport: request.sport, site: request.site, contestType: request.contestType, players: request.players },
    lineups: message.lineups,
    contest: message.contest,
    simulations: message.simulations,
    seed: message.seed ?? now % 2_147_483_647,
  };
  if (message.entries) job.entries = message.entries;
  if (message.select) job.select = message.select;
  return job;
}
