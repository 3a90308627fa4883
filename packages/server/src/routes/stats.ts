// Statistics, presets and site settings: exposure stats, lineup comparison, winners' presets and default settings.
import { contestTypesFor, exposureStatsReplySchema, lineupComparisonReplySchema, sitePresetsReplySchema, DEFAULT_LINEUP_SIZE, resolveSettings, type ContestType } from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userHasPermission } from '../plugins/subscriptions.js';
import { exposureStats, lineupComparison, siteSettingOverrides, winnerPresets } from '../services/stats.js';
import { contestType, counter, season, site, sport } from './params.js';

/** A player row of a lineup; a lineup is a Lineup object ({rawTable}), an array of rows, or (flat lists) one row. */
const lineupRow = z.looseObject({ rawTable: z.never().optional() });
const lineupRows = z.array(lineupRow).max(50);
const lineups = z.array(z.union([z.object({ rawTable: lineupRows }).loose(), lineupRows, lineupRow])).max(20_000);

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/:sport/exposure-stats/:lineupSize', {
    schema: {
      tags: ['statistics'],
      description: 'Each player with Count, Exp (percent of lineups) and userRankPos. Lineups are Lineup objects or flat rows chunked by lineupSize.',
      params: z.object({ sport, lineupSize: z.coerce.number().int().min(1).max(20).default(DEFAULT_LINEUP_SIZE) }),
      body: z.object({ players: z.array(z.looseObject({ Id: z.union([z.string(), z.number()]) })).max(10_000), lineups }),
      response: { 200: exposureStatsReplySchema },
    },
  }, async (request) => ({ players: exposureStats(request.body.players, request.body.lineups, request.params.lineupSize) }));

  app.post('/:sport/summary-data/:season/:counter', {
    schema: {
      tags: ['statistics'],
      description: 'lineup_comparison: per metric, the share of my lineups (MyPcts) and of past entries by finish (top 5 %, 6–50 %, other cashed, lost). The finish columns need analytics.nfl.historical (null without it).',
      params: z.object({ sport, season, counter }),
      body: z.object({ lineups, slateSize: z.coerce.number().int().min(0).max(100).optional(), site: site.default('dk'), lineupSize: z.coerce.number().int().min(1).max(20).optional() }),
      response: { 200: lineupComparisonReplySchema },
    },
  }, async (request) => {
    const { sport: s, season: year, counter: c } = request.params;
    const body = request.body;
    const rows = await lineupComparison(app.db, s, body.site, year, c, body.lineups, body.lineupSize ?? DEFAULT_LINEUP_SIZE);
    // MyPcts is the user's own data; the columns from past contests are the analytics.nfl.historical feature (a plan permission).
    if (userHasPermission(request.user, 'analytics.nfl.historical')) return { lineup_comparison: rows };
    return { lineup_comparison: rows.map((r) => ({ Metric: r.Metric, MyPcts: r.MyPcts, Finish1to5: null, Finish6to50: null, Cashed: null, Lost: null })) };
  });

  app.get('/:sport/:contestType/:site/presets/:numTeams', {
    onRequest: app.requirePermission('opt.nfl.historical_data'),
    schema: {
      tags: ['statistics'],
      description: 'Presets from past winners of slates of about numTeams teams, plus stored site presets.',
      params: z.object({ sport, contestType, site, numTeams: z.coerce.number().int().min(2).max(40) }),
      response: { 200: sitePresetsReplySchema },
    },
  }, async (request) => {
    const p = request.params;
    return { presets: await winnerPresets(app.db, p.sport, p.contestType, p.site, p.numTeams) };
  });

  app.get('/:sport/site-settings/:site', {
    schema: { tags: ['statistics'], description: 'Default settings keyed classic and showdown (null where the site has no such contest).', params: z.object({ sport, site }) },
  }, async (request) => {
    const { sport: s, site: st } = request.params;
    const overrides = await siteSettingOverrides(app.db, s, st);
    const types = contestTypesFor(s, st);
    const settingsFor = (type: ContestType) => {
      if (!types.includes(type)) return null;
      return resolveSettings(s, st, type, overrides.get(type) ?? {});
    };
    return { classic: settingsFor('classic'), showdown: settingsFor('showdown') };
  });
};

export default statsRoutes;
