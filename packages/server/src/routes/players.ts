// Players and slates: the player rows of a slate (house or the user's own) and the slate lists of a day or week.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { coded, playersReplySchema, privateSlateId, slateListsReplySchema } from '@stacksmith/domain';
import { gatePlayerRows } from '../services/gating.js';
import { playersFor, slateLists } from '../services/slates.js';
import { UserSlateService } from '../services/user-slates.js';
import { assertBrand, brand, contestType, counter, season, site, slate, sport } from './params.js';

const playersRoutes: FastifyPluginAsyncZod = async (app) => {
  const userSlates = new UserSlateService(app.db);

  app.get('/:sport/players/:site/:contestType/:brand/:slate/:season/:counter', {
    schema: {
      tags: ['players'],
      description: 'House players of a slate, or of the user\'s own slate my-<id> (to its owner alone; 404 for anyone else). On house slates, points, ceiling and ownership the plan does not include are left out, but on the top rows by points (docs/api.md). Showdown rows come once per roster position (RosterPosition CPT/MVP/SUPERSTAR or FLEX); the client makes Id|RosterPosition and applies the captain ×1.5.',
      params: z.object({ sport, site, contestType, brand, slate, season, counter }),
      response: { 200: playersReplySchema },
    },
  }, async (request) => {
    const p = request.params;
    assertBrand(app, p.brand);
    // A user's own slate (my-<id>) answers its owner alone; season and counter do not name it.
    const own = privateSlateId(p.slate);
    if (own !== null) return userSlates.players(request.user?.id ?? null, own, p, coded('unable-to-fetch-players', {}));
    const answer = await playersFor(app.db, { sport: p.sport, site: p.site, contestType: p.contestType, season: p.season, counter: p.counter, name: p.slate });
    return { ...answer, players: gatePlayerRows(answer.players, request.user) };
  });

  app.get('/:sport/:brand/slates/:site/:season/:counter', {
    schema: {
      tags: ['players'],
      params: z.object({ sport, brand, site, season, counter }),
      response: { 200: slateListsReplySchema },
    },
  }, async (request) => {
    const p = request.params;
    assertBrand(app, p.brand);
    return slateLists(app.db, { sport: p.sport, site: p.site, season: p.season, counter: p.counter });
  });
};

export default playersRoutes;
