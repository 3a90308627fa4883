// Late swap of a filled entries file, entry by entry (docs/api.md "Late swap of an
// entries file"): the builder sends its players and settings as on the build socket,
// with the entries file; the optimizer re-optimises each entry's players whose games have
// not started, keeps an entry it cannot improve with the reason, and refuses a file of another
// slate. The answer lists every entry's result and the file to upload, whose Entry ID,
// Contest Name, Contest ID and Entry Fee are exactly the file's.
import { buildMessageSchema, coded, featureNotInPlanError, lateSwapEntriesReplySchema, MAX_LINEUP_LIMIT, renderMessage, warningsOnWire } from '@stacksmith/domain';
import { writeEntriesBack, type SlateFile } from '@stacksmith/optimizer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BUILDER_FILE_CHARS, uploadedFile } from './file-upload.js';
import { buildPriority } from '../build/runner.js';
import { badRequest, forbidden, HttpError } from '../http-errors.js';
import { lineupLimitOf, userHasPermission } from '../plugins/subscriptions.js';
import { toBuildRequest } from '../services/build-request.js';
import { fillWithheldForBuild } from '../services/gating.js';
import { runFileJob } from '../services/uploaded-files.js';
import { bearer } from './params.js';

const body = buildMessageSchema.extend(uploadedFile(MAX_BUILDER_FILE_CHARS));

const lateSwapEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/late-swap-entries', {
    onRequest: [app.requireUser, ...app.uploadLimits],
    schema: {
      tags: ['build'], security: bearer,
      description: 'Late swap of a filled entries file, entry by entry. Body: the build socket message (players, settings, stacks, groups) plus fileName and csv. Answers {results: [{entryId, contestName, contestId, entryFee, status: swapped|unchanged|kept, reason?, reasonCode?, before, after}], warnings, warningCodes, csv}: reason and warnings are texts, reasonCode and warningCodes the same messages as {code, params}. 400 for a file of another slate; 429 while the user already runs MAX_BUILDS_PER_USER builds.',
      body,
      // 499: the client went away before the answer; nobody reads it.
      response: { 200: lateSwapEntriesReplySchema, 499: z.null() },
    },
  }, async (request, reply) => {
    const user = request.user!;
    if (!app.config.specialBuildMode && !userHasPermission(user, 'opt.nfl.after_start')) throw forbidden(featureNotInPlanError('opt.nfl.after_start'));
    const limit = lineupLimitOf(user, app.config.specialBuildMode);
    if (limit < 1) throw forbidden(coded('plan-allows-no-lineups', {}));
    const message = request.body;
    // As for a build: values the plan withholds from the page come back from the slate.
    await fillWithheldForBuild(app.db, message);
    const now = Date.now();
    const plan = toBuildRequest({ ...message, afterStartActivated: false, afterStartLineups: [] }, limit, now, app.config.lateSwapNow ?? now);
    const { afterStartLineups: _lineups, afterStartActivated: _activated, ...build } = plan.request;
    const file = await runFileJob<Pick<SlateFile, 'entries' | 'entryColumns' | 'lineupColumns'>>(app, {
      kind: 'late-swap-file', request: { sport: build.sport, site: build.site, contestType: build.contestType, fileName: message.fileName, csv: message.csv },
    });
    if (file.entries.length > limit) throw forbidden(coded('over-lineup-limit', { requested: file.entries.length, limit }));
    // A late swap is a build of each open entry: it counts against the user's builds at once and
    // runs off this thread (plugins/jobs.ts); the client going away stops it.
    const lease = await app.buildLimiter.acquire(`user:${user.id}`, app.config.maxBuildsPerUser);
    if (!lease) throw new HttpError(429, coded('too-many-builds', {}));
    const controller = new AbortController();
    const clientGone = () => { if (!reply.raw.writableFinished) controller.abort(); };
    reply.raw.on('close', clientGone);
    try {
      const outcome = await app.lateSwaps.run({ request: build, entries: file.entries, fileName: message.fileName }, controller.signal, {
        priority: buildPriority(user, limit, MAX_LINEUP_LIMIT, lease.othersHeld),
      });
      // Nobody is left to answer (nginx's "client closed request").
      if (outcome.status === 'cancelled') return reply.code(499).send(null);
      if (outcome.status === 'failed') {
        if (outcome.kind === 'input') throw badRequest(outcome.coded);
        if (outcome.kind === 'busy' || outcome.kind === 'lost') throw new HttpError(503, outcome.coded);
        throw new Error(`late swap failed: ${outcome.message}`);
      }
      const { results, warnings } = outcome.answer;
      return {
        results: results.map((r) => ({
          entryId: r.entry.entryId, contestName: r.entry.contestName, contestId: r.entry.contestId, entryFee: r.entry.entryFee,
          status: r.status, ...(r.reason ? { reason: renderMessage(r.reason), reasonCode: r.reason } : {}), before: r.entry.players, after: r.players,
        })),
        ...warningsOnWire(warnings),
        csv: writeEntriesBack(message.csv, file, results.map((r) => ({ entry: r.entry, players: r.players }))),
      };
    } finally {
      reply.raw.off('close', clientGone);
      lease.release();
    }
  });
};

export default lateSwapEntriesRoutes;
