// The simulate request on the build socket (docs/api.md): one {type: 'simulate'} message in,
// {simProgress} messages while the simulations accumulate, one {simResult}, then a close.
// Called by the build socket's message handler for messages of that type.
import {
  BAD_SIMULATION_REQUEST, featureNotInPlan, INVALID_TOKEN, lineupLimitWarning, MUST_BE_LOGGED_IN_TO_SIMULATE, TOO_MANY_SIMULATIONS,
} from '@stacksmith/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runSimulation } from '../build/simulate-runner.js';
import { lineupLimitOf, userHasPermission } from '../plugins/subscriptions.js';
import { simulateMessageSchema, toSimulationJob } from '../services/simulate-request.js';

/** Close codes as the build: 1000 done, 1008 refused, 1011 failed. */
const CLOSE_DONE = 1000;
const CLOSE_REFUSED = 1008;
const CLOSE_FAILED = 1011;

/** Simulations running per user (or visitor address). */
const running = new Map<string, number>();

export interface SocketReply {
  send: (payload: unknown) => void;
  fail: (error: string, code: number) => void;
  close: (code: number) => void;
}

export async function handleSimulateMessage(
  app: FastifyInstance, request: FastifyRequest, json: unknown, reply: SocketReply, signal: AbortSignal,
): Promise<void> {
  const parsed = simulateMessageSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
    return reply.fail(`${BAD_SIMULATION_REQUEST}: ${detail}`, CLOSE_REFUSED);
  }
  const message = parsed.data;
  let user = message.token ? await app.users.userForToken(message.token) : null;
  if (user && await app.subscriptions.settle(user.id)) user = await app.users.userById(user.id);
  const special = app.config.specialBuildMode;
  if (message.token && !user && !special) return reply.fail(INVALID_TOKEN, CLOSE_REFUSED);
  if (!user && !special) return reply.fail(MUST_BE_LOGGED_IN_TO_SIMULATE, CLOSE_REFUSED);
  if (!special && !userHasPermission(user, 'opt.nfl.simulation')) return reply.fail(featureNotInPlan('opt.nfl.simulation'), CLOSE_REFUSED);

  const limit = lineupLimitOf(user, special);
  if (message.select !== undefined && message.select > limit) return reply.fail(lineupLimitWarning(limit), CLOSE_REFUSED);
  const who = user ? `user:${user.id}` : `ip:${request.ip}`;
  if ((running.get(who) ?? 0) >= app.config.maxBuildsPerUser) return reply.fail(TOO_MANY_SIMULATIONS, CLOSE_REFUSED);
  running.set(who, (running.get(who) ?? 0) + 1);
  try {
    let lastSent = 0;
    const outcome = await runSimulation(toSimulationJob(message), (progress) => {
      // At most a few progress messages a second.
      const now = Date.now();
      if (now - lastSent < 200 && progress.done < progress.total) return;
      lastSent = now;
      reply.send({ simProgress: progress });
    }, signal);
    if (outcome.status === 'cancelled') return;
    if (outcome.status === 'failed') {
      if (outcome.kind === 'internal') request.log.error({ err: outcome.message }, 'simulation failed');
      return reply.fail(outcome.kind === 'input' ? outcome.message : 'The simulation failed', outcome.kind === 'input' ? CLOSE_REFUSED : CLOSE_FAILED);
    }
    reply.send({ simResult: outcome.answer });
    reply.close(CLOSE_DONE);
  } finally {
    const left = (running.get(who) ?? 1) - 1;
    if (left > 0) running.set(who, left);
    else running.delete(who);
  }
}
