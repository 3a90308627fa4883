// Admin-made content of a slate: custom presets and cheat sheets (read by everyone, written
// by admins), and the record of builds. The queries are in services/slate-content.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cheatSheetsReplySchema, coded, customPresetsReplySchema, playerGroupSchema, presetPlayerSchema, savedSettingsSchema, successReplySchema } from '@stacksmith/domain';
import { forbidden } from '../http-errors.js';
import { limit, visitorsOnly } from '../plugins/rate-limits.js';
import { lineupLimitOf } from '../plugins/subscriptions.js';
import { SlateContentStore } from '../services/slate-content.js';
import { assertBrand, bearer, brand, counter, scopeRow, season, site, slate, sport } from './params.js';

const appPath = z.object({ sport, app: brand, site, slate, season, counter });

const displayName = z.string().trim().min(1).max(80);

const slateContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = new SlateContentStore(app.db);
  const scopeOf = (p: z.infer<typeof appPath>) => {
    assertBrand(app, p.app);
    return scopeRow({ ...p, brand: p.app });
  };

  app.get('/:sport/:app/:site/:slate/:season/:counter/custom-presets', {
    schema: { tags: ['slate content'], params: appPath, response: { 200: customPresetsReplySchema } },
  }, async (request) => {
    return store.presets(scopeOf(request.params));
  });

  app.post('/:sport/:app/:site/:slate/:season/:counter/custom-presets', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['slate content'], security: bearer, description: 'Admins: saves (by displayName) or, with delete, removes a preset.',
      params: appPath,
      body: z.object({
        displayName,
        delete: z.boolean().optional(),
        // The builder's player rows; the fields a preset keeps must have the types it is read back with.
        players: z.array(presetPlayerSchema.loose()).max(10_000).default([]),
        // Kept in the shapes the preset is read back in (customPresetDataSchema), so a save cannot store what no read accepts.
        generalSettings: savedSettingsSchema.default({}),
        stackSettings: savedSettingsSchema.nullish(),
        groups: z.array(playerGroupSchema).max(500).default([]),
      }),
      response: { 200: successReplySchema },
    },
  }, async (request) => {
    const s = scopeOf(request.params);
    const body = request.body;
    if (body.delete) await store.deleteNamed('custom_presets', s, body.displayName);
    else await store.savePreset(s, body.displayName, request.user!.id, body);
    return { success: true };
  });

  app.get('/:sport/:app/:site/:slate/:season/:counter/cheatsheets', {
    schema: { tags: ['slate content'], params: appPath, response: { 200: cheatSheetsReplySchema } },
  }, async (request) => {
    return store.cheatsheets(scopeOf(request.params));
  });

  app.post('/:sport/:app/:site/:slate/:season/:counter/cheatsheets', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['slate content'], security: bearer, description: 'Admins: saves (by displayName) or, with delete, removes a cheat sheet.',
      params: appPath,
      body: z.object({ displayName, delete: z.boolean().optional(), playerPicks: z.array(z.union([z.string(), z.number()]).transform(String)).max(1000).default([]) }),
      response: { 200: successReplySchema },
    },
  }, async (request) => {
    const s = scopeOf(request.params);
    const body = request.body;
    if (body.delete) await store.deleteNamed('cheatsheets', s, body.displayName);
    else await store.saveCheatsheet(s, body.displayName, request.user!.id, body.playerPicks);
    return { success: true };
  });

  app.post('/:sport/built-lineups/:app/:site/:slate/:counter/:season/:numLUs', {
    config: { rateLimit: limit(app.config.visitorWriteRateLimit, '1 hour', coded('too-many-requests', {}), visitorsOnly) },
    schema: {
      tags: ['slate content'], description: 'Records that a build starts (fired before the build socket opens; the answer is ignored).',
      params: z.object({ sport, app: brand, site, slate, counter, season, numLUs: z.coerce.number().int().min(0).max(10_000) }),
    },
  }, async (request) => {
    const p = request.params;
    const s = scopeOf({ ...p });
    // A user's build over the plan's lineup limit is refused here; the build socket cuts to the same limit.
    const limit = lineupLimitOf(request.user, app.config.specialBuildMode);
    if ((request.user || app.config.specialBuildMode) && p.numLUs > limit) {
      throw forbidden(limit < 1 ? coded('plan-allows-no-lineups', {}) : coded('over-lineup-limit', { requested: p.numLUs, limit }));
    }
    await store.recordBuild(s, request.user?.id ?? null, p.numLUs);
    return { success: true };
  });
};

export default slateContentRoutes;
