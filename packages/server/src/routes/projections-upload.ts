// Projections by name (issue 20 item 4; docs/api.md "Projections by name"): a projection CSV
// from another source is matched to the slate's players and the match report answered; the
// builder applies the matched values as the user's projections (like Custom Input).
import { privateSlateId, UNABLE_TO_FETCH_PLAYERS } from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFile } from './file-upload.js';
import { projectionMatchReport } from '../services/projection-match.js';
import { playersFor } from '../services/slates.js';
import { UserSlateService } from '../services/user-slates.js';
import { assertBrand, brand, contestType, counter, season, site, slate, sport } from './params.js';

const MAX_FILE_CHARS = 2_000_000;

const projectionsUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const userSlates = new UserSlateService(app.db);
  app.post('/:sport/projections-upload/:brand/:site/:contestType/:slate/:season/:counter', {
    bodyLimit: MAX_FILE_CHARS * 2,
    schema: {
      tags: ['players'],
      description: 'Matches a projection CSV of any source (Id, or Name with Team and Position; ProjPts/Proj/FPTS, ProjOwn/Own, Ceiling, MinExp, MaxExp) to the slate\'s players. Answers the match report: matched (with playerId), ambiguous (with candidates) and unmatched rows. Nothing is stored: the builder applies the matched values as the user\'s projections.',
      params: z.object({ sport, brand, site, contestType, slate, season, counter }),
      body: z.object(uploadedFile(MAX_FILE_CHARS)),
    },
  }, async (request) => {
    const p = request.params;
    assertBrand(app, p.brand);
    const own = privateSlateId(p.slate);
    const { players } = own !== null
      ? await userSlates.players(request.user?.id ?? null, own, p, UNABLE_TO_FETCH_PLAYERS)
      : await playersFor(app.db, { sport: p.sport, site: p.site, contestType: p.contestType, season: p.season, counter: p.counter, name: p.slate });
    return projectionMatchReport(request.body.csv, request.body.fileName, players);
  });
};

export default projectionsUploadRoutes;
