// Late swap of a filled entries file, entry by entry (issue 20 item 6; docs/api.md "Late swap
// of an entries file"): the builder sends its players and settings as on the build socket,
// with the entries file; the optimizer re-optimises each entry's players whose games have
// not started, keeps an entry it cannot improve with the reason, and refuses a file of another
// slate. The answer lists every entry's result and the file to upload, whose Entry ID,
// Contest Name, Contest ID and Entry Fee are exactly the file's.
import { featureNotInPlan, findRoster, overLineupLimit, PLAN_ALLOWS_NO_LINEUPS, TOO_MANY_BUILDS } from '@stacksmith/domain';
import { BuildError, InputError, lateSwapEntries, readSlateFile, writeEntriesCsv } from '@stacksmith/optimizer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadedFile } from './file-upload.js';
import { badRequest, forbidden, HttpError } from '../http-errors.js';
import { lineupLimitOf, userHasPermission } from '../plugins/subscriptions.js';
import { buildMessageSchema, toBuildRequest } from '../services/build-request.js';
import { bearer } from './params.js';

const MAX_FILE_CHARS = 2_000_000;

const body = buildMessageSchema.extend(uploadedFile(MAX_FILE_CHARS));

const lateSwapEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Users with a late swap running: one at a time each (it runs on the server's own thread). */
  const running = new Set<number>();

  app.post('/late-swap-entries', {
    preHandler: app.requireUser,
    schema: {
      tags: ['build'], security: bearer,
      description: 'Late swap of a filled entries file, entry by entry. Body: the build socket message (players, settings, stacks, groups) plus fileName and csv. Answers {results: [{entryId, contestName, contestId, entryFee, status: swapped|unchanged|kept, reason?, before, after}], warnings, csv}. 400 for a file of another slate.',
      body,
    },
  }, async (request) => {
    const user = request.user!;
    if (!app.config.specialBuildMode && !userHasPermission(user, 'opt.nfl.after_start')) throw forbidden(featureNotInPlan('opt.nfl.after_start'));
    const limit = lineupLimitOf(user, app.config.specialBuildMode);
    if (limit < 1) throw forbidden(PLAN_ALLOWS_NO_LINEUPS);
    const message = request.body;
    const now = Date.now();
    const plan = toBuildRequest({ ...message, afterStartActivated: false, afterStartLineups: [] }, limit, now, app.config.lateSwapNow ?? now);
    const { request: build } = plan;
    const roster = findRoster(build.sport, build.site, build.contestType);
    if (!roster) throw badRequest(`no ${build.contestType} roster for ${build.sport} on ${build.site}`);
    if (running.has(user.id)) throw new HttpError(429, TOO_MANY_BUILDS);
    running.add(user.id);
    try {
      const file = readSlateFile(message.csv, message.fileName, roster);
      if (file.entries.length > limit) throw forbidden(overLineupLimit(file.entries.length, limit));
      const { afterStartLineups: _lineups, afterStartActivated: _activated, ...rest } = build;
      const swapped = await lateSwapEntries(rest, file.entries, { fileName: message.fileName });
      return {
        results: swapped.results.map((r) => ({
          entryId: r.entry.entryId, contestName: r.entry.contestName, contestId: r.entry.contestId, entryFee: r.entry.entryFee,
          status: r.status, ...(r.reason ? { reason: r.reason } : {}), before: r.entry.players, after: r.players,
        })),
        warnings: swapped.warnings,
        csv: writeEntriesCsv(file, swapped.results.map((r) => ({ entry: r.entry, players: r.players }))),
      };
    } catch (error) {
      if (error instanceof InputError || error instanceof BuildError) throw badRequest(error.message);
      throw error;
    } finally {
      running.delete(user.id);
    }
  });
};

export default lateSwapEntriesRoutes;
