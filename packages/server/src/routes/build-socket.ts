// The build stream (docs/api.md): one JSON message in, batches of lineups out as they are
// solved, then a close. A bad message gets {error} and a close; the client closing cancels.
//
// Who connects is known before anything is read when the token comes with the upgrade
// (the `bearer.{token}` subprotocol, or an Authorization header), checked in a preHandler; a
// client that follows the spec puts it in the message's `token` field instead, read once the
// (size-bounded) message has arrived. A connection that may not build is told so and closed
// as soon as that is known; every frame is bounded by
// ws's maxPayload, so an oversize one is refused at its header (close 1009) without being
// buffered; the request must arrive within a timeout; pings find peers that went away.
import {
  BUILD_CLOSE, BUILD_SOCKET_PROTOCOL, coded, type CodedMessage, featureNotInPlanError, MAX_LINEUP_LIMIT, tokenFromProtocols, warningsOnWire, buildMessageSchema, type BuildBatchMessage, type BuildErrorMessage,
} from '@stacksmith/domain';
import type { WebsocketPluginOptions } from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { buildPriority } from '../build/runner.js';
import type { ServerConfig } from '../config.js';
import { isDatabaseUnavailable } from '../db/errors.js';
import { errorBody, HttpError, schemaIssues } from '../http-errors.js';
import { parseJsonText } from '../input/json-text.js';
import { lineupLimitOf, userHasPermission } from '../plugins/subscriptions.js';
import { isDemoSlate, toBuildRequest, toWireLineup } from '../services/build-request.js';
import { fillWithheldForBuild } from '../services/gating.js';
import { isSimulateMessage } from '../services/simulate-request.js';
import { handleSimulateMessage } from './simulate-socket.js';

/** Deeper JSON is refused before parsing; the deepest real message (late swap lineups' rows) nests about 8. */
export const BUILD_MESSAGE_MAX_DEPTH = 32;

/** Counters of the socket, for operators and tests. */
export interface BuildSocketStats {
  connections: number;
  /** Requests that reached JSON.parse. */
  parsed: number;
  refused: number;
  timedOut: number;
  /** Peers dropped for missing a pong. */
  dropped: number;
}

/** @fastify/websocket's options: the frame bound and the protocol answer. */
export function buildSocketServerOptions(config: Pick<ServerConfig, 'buildMessageMaxBytes'>): WebsocketPluginOptions {
  return {
    // A socket error is the client's doing (an oversize frame, a bad frame, a reset): noted, not an error of ours.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error.message }, 'build socket closed on a socket error');
      // ws has already sent its close frame with the error's code (1009 for an oversize
      // message): terminating now could drop that frame unsent and the client would see 1006.
      // The peer gets a second to answer the close; then the socket is cut.
      if (socket.readyState === socket.CLOSING) {
        const cut = setTimeout(() => socket.terminate(), 1000);
        socket.once('close', () => clearTimeout(cut));
        return;
      }
      socket.terminate();
    },
    options: {
      maxPayload: config.buildMessageMaxBytes,
      // Answer our protocol, never echo the token subprotocol.
      handleProtocols: (protocols) => (protocols.has(BUILD_SOCKET_PROTOCOL) ? BUILD_SOCKET_PROTOCOL : false),
    },
  };
}

const buildSocket: FastifyPluginAsync = fp(async (app) => {
  // Where builds and simulations run and the per-user limit: plugins/jobs.ts.
  const { buildPool: pool, buildLimiter: limiter, simulations } = app;
  const stats: BuildSocketStats = { connections: 0, parsed: 0, refused: 0, timedOut: 0, dropped: 0 };
  app.decorate('buildSocketStats', stats);

  /** Before the upgrade: the token of the subprotocol when no Authorization header carried one. */
  async function authenticate(request: FastifyRequest) {
    if (!request.user && !request.tokenInvalid) {
      const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
      if (token) {
        request.user = await app.users.userForToken(token);
        request.tokenInvalid = !request.user;
      }
    }
    if (request.user && await app.subscriptions.settle(request.user.id)) request.user = await app.users.userById(request.user.id);
  }

  /** Why this connection may not build, decided before it has sent anything. */
  function refusal(request: FastifyRequest): CodedMessage | null {
    const special = app.config.specialBuildMode;
    if (!request.user && !special) return coded(request.tokenInvalid ? 'invalid-token' : 'must-be-logged-in-to-create-lineups', {});
    if (lineupLimitOf(request.user, special) < 1) return coded('plan-allows-no-lineups', {});
    return null;
  }

  app.get(app.config.buildPath, { websocket: true, schema: { hide: true }, preHandler: authenticate }, (socket: WebSocket, request) => {
    stats.connections++;
    let user = request.user;
    const controller = new AbortController();
    const send = (payload: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    };
    const fail = (error: CodedMessage, code: number) => {
      const body: BuildErrorMessage = errorBody(error);
      send(body);
      if (socket.readyState === socket.OPEN) socket.close(code, body.error.slice(0, 120));
    };

    const refused = refusal(request);
    // No token with the upgrade: the message's own `token` field may carry it (the spec's way).
    const tokenInMessage = refused?.code === 'must-be-logged-in-to-create-lineups' && !request.tokenInvalid;
    if (refused && !tokenInMessage) {
      stats.refused++;
      return fail(refused, BUILD_CLOSE.refused);
    }
    let admission: Promise<Awaited<ReturnType<typeof limiter.acquire>>> | null = null;
    let admitted = false;
    /** The user's other builds when this one was admitted: the queue priority drops with them. */
    let othersHeld = 0;
    let pendingText: string | null = null;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      void admission?.then((lease) => lease?.release());
    };
    /**
     * One user (or visitor address) may hold a few connections at once, so nobody holds every
     * worker. The slot is held from accept (or from the message, when it carries the token)
     * until the build has ended; a request that arrives while the slot is being asked for
     * (Redis) waits for the answer.
     */
    const admit = () => {
      const who = user ? `user:${user.id}` : `ip:${request.ip}`;
      admission = limiter.acquire(who, app.config.maxBuildsPerUser).catch((error: unknown) => {
        request.log.error(error, 'build limiter failed');
        return null;
      });
      void admission.then((lease) => {
        if (!lease) {
          stats.refused++;
          release();
          return fail(coded('too-many-builds', {}), BUILD_CLOSE.refused);
        }
        if (released) return;
        admitted = true;
        othersHeld = lease.othersHeld;
        if (pendingText !== null) begin(pendingText);
      });
    };
    if (!tokenInMessage) admit();

    /** The message's `token` (the frame is already bounded by maxPayload): who builds, then admission. */
    async function authenticateByMessage(text: string) {
      let token: unknown;
      try {
        const json = parseJsonText(text, BUILD_MESSAGE_MAX_DEPTH);
        token = json && typeof json === 'object' ? (json as { token?: unknown }).token : undefined;
      } catch (error) {
        return fail(coded('bad-build-request', { problem: error instanceof HttpError ? error.coded : coded('message-not-json', {}) }), BUILD_CLOSE.refused);
      }
      if (typeof token === 'string' && token !== '') {
        request.user = await app.users.userForToken(token);
        request.tokenInvalid = !request.user;
        if (request.user && await app.subscriptions.settle(request.user.id)) request.user = await app.users.userById(request.user.id);
      }
      const stillRefused = refusal(request);
      if (stillRefused) {
        stats.refused++;
        return fail(stillRefused, BUILD_CLOSE.refused);
      }
      user = request.user;
      pendingText = text;
      admit();
    }

    let phase: 'waiting' | 'checking' | 'building' = 'waiting';
    const requestTimer = setTimeout(() => {
      stats.timedOut++;
      fail(coded('build-request-timeout', {}), BUILD_CLOSE.refused);
    }, app.config.buildRequestTimeoutSeconds * 1000);
    // Keepalive: a peer that has not answered the last ping by the next one has gone.
    let answered = true;
    socket.on('pong', () => (answered = true));
    const pinger = setInterval(() => {
      if (!answered) {
        stats.dropped++;
        return socket.terminate();
      }
      answered = false;
      socket.ping();
    }, app.config.buildPingIntervalSeconds * 1000);

    socket.on('close', () => {
      clearTimeout(requestTimer);
      clearInterval(pinger);
      controller.abort();
      // A running build releases its slot when the pool lets go of it.
      if (phase !== 'building') release();
    });
    socket.on('error', () => controller.abort());

    socket.on('message', (raw: Buffer) => {
      if (phase !== 'waiting') return; // one build per connection; later messages are ignored
      phase = 'checking';
      clearTimeout(requestTimer);
      if (tokenInMessage) {
        authenticateByMessage(raw.toString()).catch((error: unknown) => {
          request.log.error(error, 'build socket failed');
          fail(coded(isDatabaseUnavailable(error) ? 'database-unavailable' : 'internal-error', {}), BUILD_CLOSE.failed);
        });
      } else if (admitted) begin(raw.toString());
      else pendingText = raw.toString();
    });

    function begin(text: string) {
      try {
        start(text);
      } catch (error) {
        // Internal texts (a stack overflow, a driver message) stay in the log.
        request.log.error(error, 'build socket failed');
        fail(coded(isDatabaseUnavailable(error) ? 'database-unavailable' : 'internal-error', {}), BUILD_CLOSE.failed);
      }
    }

    function start(text: string) {
      let json: unknown;
      stats.parsed++;
      try {
        // Depth, NUL and reserved keys are checked on the text first: said plainly, never an internal text.
        json = parseJsonText(text, BUILD_MESSAGE_MAX_DEPTH);
      } catch (error) {
        return fail(coded('bad-build-request', { problem: error instanceof HttpError ? error.coded : coded('message-not-json', {}) }), BUILD_CLOSE.refused);
      }
      if (isSimulateMessage(json)) {
        phase = 'building';
        const close = (code: number) => { if (socket.readyState === socket.OPEN) socket.close(code); };
        void handleSimulateMessage(app, request, user, json, { send, fail, close }, controller.signal, simulations, othersHeld).catch((error: unknown) => {
          request.log.error(error, 'simulation failed');
          fail(coded(isDatabaseUnavailable(error) ? 'database-unavailable' : 'internal-error', {}), BUILD_CLOSE.failed);
        }).finally(release);
        return;
      }
      const parsed = buildMessageSchema.safeParse(json);
      if (!parsed.success) {
        return fail(coded('bad-build-request', { problem: schemaIssues(parsed.error) }), BUILD_CLOSE.refused);
      }
      const message = parsed.data;
      if (message.afterStartActivated && !app.config.specialBuildMode && !userHasPermission(user, 'opt.nfl.after_start')) {
        return fail(featureNotInPlanError('opt.nfl.after_start'), BUILD_CLOSE.refused);
      }

      phase = 'building';
      // Values the plan withholds from the page come back from the slate for the solve.
      void fillWithheldForBuild(app.db, message).then(() => {
        const now = Date.now();
        const lineupLimit = lineupLimitOf(user, app.config.specialBuildMode);
        const plan = toBuildRequest(message, lineupLimit, now, app.config.lateSwapNow ?? now);
        plan.request.practice = isDemoSlate(app.config.seedDemo, message.slate);
        let run = 0;
        return pool.run(plan.request, (batch) => {
          const lu = batch.lineups.map((lineup) => toWireLineup(lineup, ++run, plan.rowsById));
          send({ lu, luNum: batch.count, total: batch.total, ...warningsOnWire([...plan.warnings, ...batch.warnings]) } satisfies BuildBatchMessage);
        }, controller.signal, { priority: buildPriority(user, lineupLimit, MAX_LINEUP_LIMIT, othersHeld) });
      }).then((outcome) => {
        if (outcome.status === 'failed') {
          if (outcome.kind === 'internal') request.log.error({ err: outcome.message }, 'build failed');
          return fail(outcome.kind === 'internal' ? coded('internal-error', {}) : outcome.coded, BUILD_CLOSE.failed);
        }
        if (socket.readyState === socket.OPEN) socket.close(BUILD_CLOSE.done);
      }).catch((error: unknown) => {
        request.log.error(error, 'build socket failed');
        // Internal texts (a stack overflow, a driver error) stay in the log.
        fail(coded(isDatabaseUnavailable(error) ? 'database-unavailable' : 'internal-error', {}), BUILD_CLOSE.failed);
      }).finally(release);
    }
  });
}, { name: 'build-socket', dependencies: ['auth', 'subscriptions'] });

export default buildSocket;
