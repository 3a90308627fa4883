// Per-user slate data: projections, team stacks, settings, groups and saved lineups.
// Logged-in only, except the house team stacks.
import {
  coded, groupsReplySchema, normalizeGroup, playerGroupSchema, playerOverrideSchema, userProjectionsReplySchema, savedLineupsReplySchema, savedSettingsSchema, successReplySchema, teamStackRowSchema, teamStacksReplySchema, userSettingsReplySchema,
} from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, schemaIssues } from '../http-errors.js';
import { lineupHash, playerIdText } from '../input/schemas.js';
import { defaultTeamStacks } from '../services/team-stacks.js';
import { UserDataService } from '../services/user-data.js';
import { assertBrand, bearer, brand, counter, scopeRow, season, site, slate, sport } from './params.js';

/** The spec's two path orders for one slate's data. */
const dataPath = z.object({ sport, brand, site, slate, season, counter });
const appPath = z.object({ sport, app: brand, site, slate, season, counter });

// Saved as the user-projections reply reads it back (the Id as text).
const playerOverride = playerOverrideSchema.extend({ Id: playerIdText });
const group = z.looseObject({
  ID: z.union([z.string(), z.number()]).optional(),
  name: z.string().optional(),
  players: playerGroupSchema.shape.players.default([]),
  minGroup: z.coerce.number().optional(),
  maxGroup: z.coerce.number().optional(),
  pctGroup: z.coerce.number().optional(),
  active: z.boolean().optional(),
  anchorPlayerID: z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()])), z.null()]).optional(),
});
const savedLineup = z.looseObject({ rawTable: z.array(z.looseObject({ Id: z.union([z.string(), z.number()]) })).min(1).max(50), lineupHash });

const userDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const data = new UserDataService(app.db);
  const scopeOf = (p: z.infer<typeof dataPath>) => {
    assertBrand(app, p.brand);
    return scopeRow(p);
  };
  const appScopeOf = (p: z.infer<typeof appPath>) => scopeOf({ ...p, brand: p.app });

  // ---- user projections ----
  app.get('/:sport/user-projections/:brand/:site/:slate/:season/:counter', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, description: "The user's overrides keyed by player Id.", params: dataPath, response: { 200: userProjectionsReplySchema } },
  }, async (request) => data.projections(request.user!.id, scopeOf(request.params)));

  app.post('/:sport/user-projections/:brand/:site/:slate/:season/:counter/:timestamp', {
    onRequest: app.requireUser,
    schema: {
      tags: ['user data'], security: bearer,
      description: 'One player row or a list; each replaces the stored row of its Id unless that row was saved with a later timestamp (ms).',
      params: dataPath.extend({ timestamp: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }),
      body: z.union([playerOverride, z.array(playerOverride).max(5000)]),
    },
  }, async (request) => {
    const rows = Array.isArray(request.body) ? request.body : [request.body];
    await data.saveProjections(request.user!.id, scopeOf(request.params), rows, request.params.timestamp);
    return { success: true, count: rows.length };
  });

  app.delete('/:sport/user-projections/:brand/:site/:slate/:season/:counter', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, params: dataPath },
  }, async (request) => ({ success: true, removed: await data.deleteDoc('user_projections', request.user!.id, scopeOf(request.params)) }));

  // ---- team stacks ----
  app.post('/:sport/team-stacks/:brand/:site/:slate/:season/:counter', {
    schema: {
      tags: ['user data'], description: "The team stacks of the slate: the user's saved ones, else the house's, else defaults from the players.",
      params: dataPath, body: z.object({ players: z.array(z.looseObject({ TeamAbbrev: z.string().optional(), Opp: z.string().nullish() })) }),
      response: { 200: teamStacksReplySchema },
    },
  }, async (request) => {
    const scope = scopeOf(request.params);
    if (request.user) {
      const mine = await data.readDoc('user_team_stacks', request.user.id, scope, teamStacksReplySchema, null, 'team stacks');
      if (mine) return mine;
    }
    const house = await data.houseTeamStacks(scope);
    if (house) return house;
    if (request.body.players.length === 0) return [];
    const rows = defaultTeamStacks(request.body.players);
    if (rows.length === 0) throw badRequest(coded('players-have-no-teams', {}));
    return rows;
  });

  app.post('/:sport/user-team-stacks/:brand/:site/:slate/:season/:counter', {
    onRequest: app.requireUser,
    schema: {
      tags: ['user data'], security: bearer, params: dataPath,
      // Stored as the team stacks reply reads them back: team rows, and stack groups with their numbers read.
      body: z.object({ teamStacks: z.array(z.union([teamStackRowSchema, group.extend({ players: playerGroupSchema.shape.players })])).max(200) }),
      response: { 200: successReplySchema },
    },
  }, async (request) => {
    await data.putDoc('user_team_stacks', request.user!.id, scopeOf(request.params), request.body.teamStacks);
    return { success: true };
  });

  app.delete('/:sport/user-team-stacks/:brand/:site/:slate/:season/:counter', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, params: dataPath },
  }, async (request) => ({ success: true, removed: await data.deleteDoc('user_team_stacks', request.user!.id, scopeOf(request.params)) }));

  // ---- user settings ----
  app.get('/:sport/:brand/:site/:slate/:season/:counter/user-settings', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, description: "The user's stored settings of the slate ({} when none).", params: dataPath, response: { 200: userSettingsReplySchema } },
  }, async (request) => data.readDoc('user_settings', request.user!.id, scopeOf(request.params), savedSettingsSchema, {}, 'settings'));

  app.post('/:sport/:brand/:site/:slate/:season/:counter/user-settings', {
    onRequest: app.requireUser,
    schema: {
      tags: ['user data'], security: bearer, description: 'Body: {settings} or the settings object itself; replaces the stored settings.',
      params: dataPath, body: z.record(z.string(), z.unknown()),
    },
  }, async (request) => {
    const body = request.body;
    const settings = body.settings && typeof body.settings === 'object' && !Array.isArray(body.settings) ? body.settings : body;
    // Stored only if it reads back (savedSettingsSchema), so a save cannot store what no read accepts.
    const checked = savedSettingsSchema.safeParse(settings);
    if (!checked.success) throw badRequest(schemaIssues(checked.error));
    await data.putDoc('user_settings', request.user!.id, scopeOf(request.params), settings);
    return { success: true };
  });

  // ---- player groups ----
  app.get('/:sport/:app/:site/:slate/:season/:counter/user-groups', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, params: appPath, response: { 200: groupsReplySchema } },
  }, async (request) => data.readDoc('user_groups', request.user!.id, appScopeOf(request.params), groupsReplySchema, [], 'player groups'));

  app.post('/:sport/:app/:site/:slate/:season/:counter/user-groups', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, description: 'Replaces the whole list.', params: appPath, body: z.object({ groups: z.array(group).max(500) }) },
  }, async (request) => {
    const groups = request.body.groups.map((g) => normalizeGroup({ ...g, anchorPlayerID: g.anchorPlayerID ?? undefined }));
    await data.putDoc('user_groups', request.user!.id, appScopeOf(request.params), groups);
    return { success: true, groups };
  });

  // ---- saved lineups ----
  app.get('/:sport/save-lineups/:brand/:site/:slate/:season/:counter', {
    onRequest: app.requireUser,
    schema: { tags: ['user data'], security: bearer, params: dataPath, response: { 200: savedLineupsReplySchema } },
  }, async (request) => ({ lineups: await data.savedLineups(request.user!.id, scopeOf(request.params)) }));

  app.post('/:sport/save-lineups/:brand/:site/:slate/:season/:counter', {
    onRequest: app.requireUser,
    schema: {
      tags: ['user data'], security: bearer,
      description: 'Adds the lineups (a lineup with a known lineupHash replaces it); `remove` lists hashes to delete.',
      params: dataPath, body: z.object({ lineups: z.array(savedLineup).max(1000).default([]), remove: z.array(lineupHash).max(1000).default([]) }),
    },
  }, async (request) => {
    await data.saveLineups(request.user!.id, scopeOf(request.params), request.body.lineups, request.body.remove);
    return { success: true };
  });
};

export default userDataRoutes;
