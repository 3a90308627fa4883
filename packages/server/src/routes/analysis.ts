// Analysis calls (docs/api.md "Every call").
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gameLogReplySchema, offListReplySchema, onOffGameStatsReplySchema, onOffValuesReplySchema, playerCountReplySchema, positionRanksReplySchema,
  propsReplySchema, topStacksReplySchema,
} from '@stacksmith/domain';
import { z } from 'zod';
import { gameLog, playerCountRanges, positionRanks, topStacks } from '../services/analysis.js';
import { gameLogRates } from '../services/analysis/game-log-rates.js';
import { offList, onOffValues } from '../services/analysis/on-off.js';
import { propsWithSlate } from '../services/analysis/props.js';
import { gatePropRows } from '../services/gating.js';
import { stackShares } from '../services/analysis/stacks.js';
import { season, site, sport } from './params.js';

const week = z.coerce.number().int().min(1).max(22);
const playerTable = z.array(z.looseObject({ Id: z.union([z.string(), z.number()]).optional(), Name: z.string().optional(), TeamAbbrev: z.string().optional() })).max(5000);

const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/nfl/analysis/:season/:week/props', {
    schema: { tags: ['analysis'], params: z.object({ season, week }), response: { 200: propsReplySchema } },
  }, async (request) => ({ props: gatePropRows(await propsWithSlate(app.db, 'nfl', request.params.season, request.params.week), request.user) }));

  app.get('/:sport/analysis/player/:name/:position/stats', {
    schema: {
      tags: ['analysis'],
      description: 'The player game log (shown when a player name is clicked), by week. With `before` (a week or a date, and the season for a week), only the games played before that slate.',
      params: z.object({ sport, name: z.string().min(1).max(100), position: z.string().min(1).max(10) }),
      querystring: z.object({ season: season.optional(), before: z.union([z.string().regex(/^\d{1,2}$/), z.iso.date()]).optional() }),
      response: { 200: gameLogReplySchema },
    },
  }, async (request) => {
    const { season: year, before } = request.query;
    const p = request.params;
    return { stats: await gameLog(app.db, p.sport, p.name, p.position, before ? { season: year, counter: before } : undefined) };
  });

  app.get('/nfl/analysis/top-stacks/:season/:week/:site', {
    schema: { tags: ['analysis'], params: z.object({ season, week, site }), response: { 200: topStacksReplySchema } },
  }, async (request) => {
    const { season: year, week: w, site: s } = request.params;
    const shares = await stackShares(app.db, year, w, s);
    return { stacks: await topStacks(app.db, year, w, s), entries: shares.entries, stackShares: shares.rows };
  });

  app.get('/nfl/analysis/build-analysis/player-count/:numTeams/:numLUs', {
    onRequest: app.requirePermission('analytics.nfl.pre_build'),
    schema: { tags: ['analysis'], description: 'Position count ranges: per position Min, Max, Pct_25, Pct_75.', params: z.object({ numTeams: z.coerce.number().int().min(2).max(40), numLUs: z.coerce.number().int().min(1).max(150) }), response: { 200: playerCountReplySchema } },
  }, async (request) => playerCountRanges(app.db, request.params.numTeams, request.params.numLUs));

  app.get('/nfl/analysis/build-analysis/position-ranks/:slateSize/:numLUs', {
    onRequest: app.requirePermission('analytics.nfl.pre_build'),
    schema: { tags: ['analysis'], params: z.object({ slateSize: z.coerce.number().int().min(2).max(40), numLUs: z.coerce.number().int().min(1).max(150) }), response: { 200: positionRanksReplySchema } },
  }, async (request) => positionRanks(app.db, request.params.slateSize, request.params.numLUs));

  app.post('/analysis/nba/on-off/off-list', {
    schema: { tags: ['analysis'], body: z.object({ playerTable }), response: { 200: offListReplySchema } },
  }, async (request) => ({ off_list: offList(request.body.playerTable) }));

  app.post('/analysis/nba/on-off/values', {
    schema: {
      tags: ['analysis'],
      body: z.object({ playerTable, updatedAt: z.string().nullish(), offList: z.array(z.union([z.string(), z.number()]).transform(String)).default([]), site: site.optional(), minMinutes: z.coerce.number().min(0).max(48).default(0) }),
      response: { 200: onOffValuesReplySchema },
    },
  }, async (request) => {
    const { playerTable: table, offList: off, minMinutes, site: onSite = 'dk' } = request.body;
    const rates = await gameLogRates(app.db, 'nba', table.map((r) => String(r.Name ?? '')).filter(Boolean), onSite);
    return onOffValues(table, off, minMinutes, { site: onSite, rates });
  });

  app.post('/analysis/nba/on-off/game-stats/:team', {
    schema: { tags: ['analysis'], params: z.object({ team: z.string().min(2).max(5) }), body: z.object({ playerTable, offPlayers: z.array(z.union([z.string(), z.number()]).transform(String)).default([]) }), response: { 200: onOffGameStatsReplySchema } },
  }, async (request) => {
    const team = request.params.team.toUpperCase();
    const table = request.body.playerTable.filter((r) => String(r.TeamAbbrev).toUpperCase() === team);
    const rates = await gameLogRates(app.db, 'nba', table.map((r) => String(r.Name ?? '')).filter(Boolean), 'dk');
    return { team, players: onOffValues(table, request.body.offPlayers, 0, { rates }).players };
  });
};

export default analysisRoutes;
