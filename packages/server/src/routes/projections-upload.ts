// Projections by name (docs/api.md "Projections by name"): a projection CSV
// from another source is matched to the slate's players and the match report answered; the
// builder applies the matched values as the user's projections (like Custom Input).
import { coded, privateSlateId, projectionsMatchReplySchema, type ProjectionsMatchReply } from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BUILDER_FILE_CHARS, uploadedFile } from './file-upload.js';
import { runFileJob } from '../services/uploaded-files.js';
import { playersFor } from '../services/slates.js';
import { UserSlateService } from '../services/user-slates.js';
import { assertBrand, brand, contestType, counter, season, site, slate, sport } from './params.js';

const projectionsUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const userSlates = new UserSlateService(app.db);
  app.post('/:sport/projections-upload/:brand/:site/:contestType/:slate/:season/:counter', {
    bodyLimit: MAX_BUILDER_FILE_CHARS * 2,
    // Visitors may match projections onto the public slates: counted per address like every upload.
    onRequest: app.uploadLimits,
    schema: {
      tags: ['players'],
      description: 'Matches a projection CSV of any source (Id, or Name with Team and Position; ProjPts/Proj/FPTS, ProjOwn/Own, Ceiling, MinExp, MaxExp) to the slate\'s players. Answers the match report: matched (with playerId), ambiguous (with candidates) and unmatched rows. Nothing is stored: the builder applies the matched values as the user\'s projections.',
      params: z.object({ sport, brand, site, contestType, slate, season, counter }),
      body: z.object(uploadedFile(MAX_BUILDER_FILE_CHARS)),
      // Documents the reply: the report comes already serialised from the file thread and is sent as it is.
      response: { 200: projectionsMatchReplySchema },
    },
  }, async (request, reply) => {
    const p = request.params;
    assertBrand(app, p.brand);
    const own = privateSlateId(p.slate);
    // An own slate's players go to the file thread as stored (text), to be parsed there too.
    const players = own !== null
      ? (await userSlates.storedPlayers(request.user?.id ?? null, own, p, coded('unable-to-fetch-players', {})))
      : (await playersFor(app.db, { sport: p.sport, site: p.site, contestType: p.contestType, season: p.season, counter: p.counter, name: p.slate })).players;
    const report = await runFileJob<string>(app, { kind: 'projection-match', csv: request.body.csv, fileName: request.body.fileName, players });
    // A JSON string with its type set goes out as it is (Fastify does not serialise it again).
    return reply.type('application/json; charset=utf-8').send(report as unknown as ProjectionsMatchReply);
  });
};

export default projectionsUploadRoutes;
