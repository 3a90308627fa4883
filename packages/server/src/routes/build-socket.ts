// The build stream (docs/api.md): one JSON message in, batches of lineups out as they are
// solved, then a close. A bad message gets {error} and a close; the client closing cancels.
import {
  BAD_BUILD_REQUEST, featureNotInPlan, MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, PLAN_ALLOWS_NO_LINEUPS, TOO_MANY_BUILDS, INVALID_TOKEN,
} from '@stacksmith/domain';
import type {} from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { BuildPool } from '../build/pool.js';
import { lineupLimitOf, userHasPermission } from '../plugins/subscriptions.js';
import { buildMessageSchema, toBuildRequest, toWireLineup } from '../services/build-request.js';
import { isSimulateMessage } from '../services/simulate-request.js';
import { handleSimulateMessage } from './simulate-socket.js';

/** Close codes: 1000 done, 1008 refused (policy), 1011 failed. */
const CLOSE_DONE = 1000;
const CLOSE_REFUSED = 1008;
const CLOSE_FAILED = 1011;

const buildSocket: FastifyPluginAsync = fp(async (app) => {
  const pool = new BuildPool(app.config.buildWorkers);
  app.decorate('buildPool', pool);
  const running = new Map<string, number>();
  app.addHook('onClose', async () => pool.close());

  app.get(app.config.buildPath, { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const controller = new AbortController();
    let started = false;
    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const fail = (error: string, code: number) => {
      send({ error });
      if (socket.readyState === socket.OPEN) socket.close(code, error.slice(0, 120));
    };
    socket.on('close', () => controller.abort());
    socket.on('error', () => controller.abort());

    socket.on('message', (raw) => {
      if (started) return; // one build per connection; later messages are ignored
      started = true;
      void (async () => {
        let json: unknown;
        try {
          json = JSON.parse(raw.toString());
        } catch {
          return fail(`${BAD_BUILD_REQUEST}: the message is not JSON`, CLOSE_REFUSED);
        }
        if (isSimulateMessage(json)) {
          const close = (code: number) => { if (socket.readyState === socket.OPEN) socket.close(code); };
          return handleSimulateMessage(app, request, json, { send, fail, close }, controller.signal);
        }
        const parsed = buildMessageSchema.safeParse(json);
        if (!parsed.success) {
          const detail = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; ');
          return fail(`${BAD_BUILD_REQUEST}: ${detail}`, CLOSE_REFUSED);
        }
        const message = parsed.data;
        let user = message.token ? await app.users.userForToken(message.token) : null;
        if (user && await app.subscriptions.settle(user.id)) user = await app.users.userById(user.id);
        if (message.token && !user && !app.config.specialBuildMode) return fail(INVALID_TOKEN, CLOSE_REFUSED);
        if (!user && !app.config.specialBuildMode) return fail(MUST_BE_LOGGED_IN_TO_CREATE_LINEUPS, CLOSE_REFUSED);
        const limit = lineupLimitOf(user, app.config.specialBuildMode);
        if (limit < 1) return fail(PLAN_ALLOWS_NO_LINEUPS, CLOSE_REFUSED);
        if (message.afterStartActivated && !app.config.specialBuildMode && !userHasPermission(user, 'opt.nfl.after_start')) {
          return fail(featureNotInPlan('opt.nfl.after_start'), CLOSE_REFUSED);
        }

        // One user (or visitor address) may run a few builds at once, so nobody holds every worker.
        const who = user ? `user:${user.id}` : `ip:${request.ip}`;
        if ((running.get(who) ?? 0) >= app.config.maxBuildsPerUser) return fail(TOO_MANY_BUILDS, CLOSE_REFUSED);
        const now = Date.now();
        const plan = toBuildRequest(message, limit, now, app.config.lateSwapNow ?? now);
        running.set(who, (running.get(who) ?? 0) + 1);
        let run = 0;
        const outcome = await pool.run(plan.request, (batch) => {
          const lu = batch.lineups.map((lineup) => toWireLineup(lineup, ++run, plan.rowsById));
          send({ lu, luNum: batch.count, total: batch.total, warnings: [...plan.warnings, ...batch.warnings] });
        }, controller.signal).finally(() => {
          const left = (running.get(who) ?? 1) - 1;
          if (left > 0) running.set(who, left);
          else running.delete(who);
        });
        if (outcome.status === 'failed') {
          if (outcome.kind === 'internal') request.log.error({ err: outcome.message }, 'build failed');
          return fail(outcome.message, CLOSE_FAILED);
        }
        if (socket.readyState === socket.OPEN) socket.close(CLOSE_DONE);
      })().catch((error: unknown) => {
        request.log.error(error, 'build socket failed');
        fail(error instanceof Error ? error.message : String(error), CLOSE_FAILED);
      });
    });
  });
}, { name: 'build-socket', dependencies: ['auth', 'subscriptions'] });

export default buildSocket;
