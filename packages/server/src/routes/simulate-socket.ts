// The simulate request on the build socket (docs/api.md): one {type: 'simulate'} message in,
// {simProgress} messages while the simulations accumulate, one {simResult}, then a close.
// Called by the build socket's message handler for messages of that type, once the socket has
// checked who connected (token in the handshake) and counted the connection against the
// user's limit of builds at once. `simulations` runs it: in a thread of this process, or with
// REDIS_URL on the queue's worker processes (at the queue priority of a build: by plan and by the user's other builds).
import {
  BUILD_CLOSE, coded, type CodedMessage, featureNotInPlanError, MAX_LINEUP_LIMIT,
} from '@stacksmith/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildPriority } from '../build/runner.js';
import type { SimulationRunner } from '../build/simulate-runner.js';
import { schemaIssues } from '../http-errors.js';
import { lineupLimitOf, userHasPermission } from '../plugins/subscriptions.js';
import { fillWithheldForBuild } from '../services/gating.js';
import { playersWithoutPoints, refusedSelectionLineups, simulateMessageSchema, toSimulationJob } from '../services/simulate-request.js';

export interface SocketReply {
  send: (payload: unknown) => void;
  fail: (error: CodedMessage, code: number) => void;
  close: (code: number) => void;
}

export async function handleSimulateMessage(
  app: FastifyInstance, request: FastifyRequest, user: FastifyRequest['user'], json: unknown, reply: SocketReply, signal: AbortSignal,
  simulations: SimulationRunner, othersHeld = 0,
): Promise<void> {
  const parsed = simulateMessageSchema.safeParse(json);
  if (!parsed.success) {
    return reply.fail(coded('bad-simulation-request', { problem: schemaIssues(parsed.error) }), BUILD_CLOSE.refused);
  }
  const message = parsed.data;
  const special = app.config.specialBuildMode;
  if (!special && !userHasPermission(user, 'opt.nfl.simulation')) return reply.fail(featureNotInPlanError('opt.nfl.simulation'), BUILD_CLOSE.refused);

  const limit = lineupLimitOf(user, special);
  if (message.select !== undefined && message.select > limit) return reply.fail(coded('lineup-limit', { limit }), BUILD_CLOSE.refused);
  // As for a build: values the plan withholds from the page come back from the slate, and then
  // every row must have points (the simulation's means; a row without would silently score 0).
  await fillWithheldForBuild(app.db, message);
  const withoutPoints = playersWithoutPoints(message.players);
  if (withoutPoints) return reply.fail(coded('bad-simulation-request', { field: 'players', problem: withoutPoints }), BUILD_CLOSE.refused);
  const refused = refusedSelectionLineups(message);
  if (refused) return reply.fail(coded('bad-simulation-request', { field: 'lineups', problem: refused }), BUILD_CLOSE.refused);
  let lastSent = 0;
  const outcome = await simulations.run(toSimulationJob(message), (progress) => {
    // At most a few progress messages a second.
    const now = Date.now();
    if (now - lastSent < 200 && progress.done < progress.total) return;
    lastSent = now;
    reply.send({ simProgress: progress });
  }, signal, { priority: buildPriority(user, limit, MAX_LINEUP_LIMIT, othersHeld) });
  if (outcome.status === 'cancelled') return;
  if (outcome.status === 'failed') {
    if (outcome.kind === 'internal') request.log.error({ err: outcome.message }, 'simulation failed');
    // input: the request's fault; busy: every simulation thread and queue place taken (try later).
    return reply.fail(outcome.kind === 'internal' ? coded('simulation-failed', {}) : outcome.coded, outcome.kind === 'input' ? BUILD_CLOSE.refused : BUILD_CLOSE.failed);
  }
  reply.send({ simResult: outcome.answer });
  reply.close(BUILD_CLOSE.done);
}
