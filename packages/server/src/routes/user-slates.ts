// A user's own slates (docs/api.md "Your own slates"): upload a site salary file,
// list and delete them. Their players come from the usual players call under the slate
// segment my-<id>, answered to the owner alone.
import { CONTEST_TYPES, MAX_ROW_ID, MAX_USER_SLATE_FILE_CHARS, userSlateSummarySchema as summary } from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFile } from './file-upload.js';
import { runFileJob } from '../services/uploaded-files.js';
import { UserSlateService, type StorableSalaryFile } from '../services/user-slates.js';
import { bearer, counter, season, site, sport } from './params.js';

const uploadBody = z.object({
  sport, site, season, counter,
  contestType: z.enum(CONTEST_TYPES).optional(),
  name: z.string().trim().max(80).optional(),
  ...uploadedFile(MAX_USER_SLATE_FILE_CHARS),
});

const userSlateRoutes: FastifyPluginAsyncZod = async (app) => {
  const slates = new UserSlateService(app.db);

  app.get('/user-slates', {
    onRequest: app.requireUser,
    schema: {
      tags: ['user slates'], security: bearer, description: "The user's own slates, newest first (optionally of one sport and site).",
      querystring: z.object({ sport: sport.optional(), site: site.optional() }),
      response: { 200: z.object({ slates: z.array(summary) }) },
    },
  }, async (request) => ({ slates: await slates.list(request.user!.id, request.query) }));

  app.post('/user-slates', {
    onRequest: [app.requireUser, ...app.uploadLimits],
    // The file travels as JSON text: a little over the file's own bound.
    bodyLimit: MAX_USER_SLATE_FILE_CHARS * 2,
    schema: {
      tags: ['user slates'], security: bearer,
      description: 'Uploads a DraftKings, FanDuel or Yahoo salary file as a private slate, filed under the week or date of the file\'s first game (season and counter when it lists none). The site must be the file\'s; without contestType a CPT/MVP row means showdown. The same file under the same name again answers 200 with the slate already made from it; another file under a name in use gets " (2)", " (3)"…. 400 {error} names the line and column of a bad row.',
      body: uploadBody,
      response: { 200: z.object({ slate: summary }), 201: z.object({ slate: summary }) },
    },
  }, async (request, reply) => {
    const { csv: _csv, ...upload } = request.body;
    const read = await runFileJob<StorableSalaryFile>(app, { kind: 'salary-file', upload: request.body });
    const { slate, created } = await slates.create(request.user!.id, upload, read);
    return reply.code(created ? 201 : 200).send({ slate });
  });

  app.delete('/user-slates/:id', {
    onRequest: app.requireUser,
    schema: {
      tags: ['user slates'], security: bearer, description: 'Deletes the slate and the user\'s data on it (projections, settings, stacks, groups, saved lineups).',
      params: z.object({ id: z.coerce.number().int().min(1).max(MAX_ROW_ID) }),
    },
  }, async (request) => {
    await slates.remove(request.user!.id, request.params.id);
    return { success: true };
  });
};

export default userSlateRoutes;
