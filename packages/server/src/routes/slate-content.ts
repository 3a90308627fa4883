// Admin-made content of a slate: custom presets and cheat sheets (read by everyone, written
// by admins), and the record of builds (spec site §7).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { z } from 'zod';
import { overLineupLimit, PLAN_ALLOWS_NO_LINEUPS, TOO_MANY_REQUESTS } from '@stacksmith/domain';
import { forbidden } from '../http-errors.js';
import { limit, visitorsOnly } from '../plugins/rate-limits.js';
import { lineupLimitOf } from '../plugins/subscriptions.js';
import { fromJson, toJson } from '../services/json.js';
import { assertBrand, bearer, brand, counter, scopeRow, season, site, slate, sport } from './params.js';

const appPath = z.object({ sport, app: brand, site, slate, season, counter });

type Scope = ReturnType<typeof scopeRow>;

/** Deletes a slate's named custom preset or cheat sheet. */
function deleteNamed(db: Kysely<Database>, table: 'custom_presets' | 'cheatsheets', s: Scope, displayName: string) {
  return db.deleteFrom(table).where((eb) => eb.and(s)).where('display_name', '=', displayName).execute();
}

/**
 * A slate's custom presets and cheat sheets are unique by name: a save is an upsert on that key,
 * so two admins saving one name at once both succeed (the later wins) on either database,
 * where a delete-then-insert raced into a unique violation.
 */
const NAMED_KEY = ['sport', 'brand', 'site', 'slate', 'season', 'counter', 'display_name'] as const;
const displayName = z.string().trim().min(1).max(80);

const slateContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const scopeOf = (p: z.infer<typeof appPath>) => {
    assertBrand(app, p.app);
    return scopeRow({ ...p, brand: p.app });
  };

  app.get('/:sport/:app/:site/:slate/:season/:counter/custom-presets', {
    schema: { tags: ['slate content'], params: appPath },
  }, async (request) => {
    const s = scopeOf(request.params);
    const rows = await app.db.selectFrom('custom_presets').select(['id', 'display_name', 'data'])
      .where((eb) => eb.and(s)).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, displayName: r.display_name, presets: fromJson<Record<string, unknown>>(r.data, {}) }));
  });

  app.post('/:sport/:app/:site/:slate/:season/:counter/custom-presets', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['slate content'], security: bearer, description: 'Admins: saves (by displayName) or, with delete, removes a preset.',
      params: appPath,
      body: z.object({
        displayName,
        delete: z.boolean().optional(),
        players: z.array(z.looseObject({ Id: z.union([z.string(), z.number()]) })).default([]),
        generalSettings: z.record(z.string(), z.unknown()).default({}),
        stackSettings: z.unknown().optional(),
        groups: z.array(z.unknown()).default([]),
      }),
    },
  }, async (request) => {
    const s = scopeOf(request.params);
    const body = request.body;
    if (body.delete) {
      await deleteNamed(app.db, 'custom_presets', s, body.displayName);
      return { success: true };
    }
    // Only the fields the read form has (spec site §3) are kept for players.
    const players = body.players.map((p) => {
      const keep: Record<string, unknown> = {};
      for (const key of ['Id', 'UserProj', 'UserOwn', 'Boost', 'MinExp', 'MaxExp']) if (key in p) keep[key] = p[key];
      return keep;
    });
    const data = toJson({ players, site_settings: body.generalSettings, team_stacks: body.stackSettings ?? null, groups: body.groups });
    const createdBy = request.user!.id;
    await app.db.insertInto('custom_presets').values({ ...s, display_name: body.displayName, created_by: createdBy, data })
      .onConflict((oc) => oc.columns([...NAMED_KEY]).doUpdateSet({ created_by: createdBy, data })).execute();
    return { success: true };
  });

  app.get('/:sport/:app/:site/:slate/:season/:counter/cheatsheets', {
    schema: { tags: ['slate content'], params: appPath },
  }, async (request) => {
    const s = scopeOf(request.params);
    const rows = await app.db.selectFrom('cheatsheets').select(['id', 'display_name', 'player_picks'])
      .where((eb) => eb.and(s)).orderBy('id').execute();
    return rows.map((r) => ({ id: r.id, name: r.display_name, player_picks: fromJson<string[]>(r.player_picks, []) }));
  });

  app.post('/:sport/:app/:site/:slate/:season/:counter/cheatsheets', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['slate content'], security: bearer, description: 'Admins: saves (by displayName) or, with delete, removes a cheat sheet.',
      params: appPath,
      body: z.object({ displayName, delete: z.boolean().optional(), playerPicks: z.array(z.union([z.string(), z.number()]).transform(String)).max(1000).default([]) }),
    },
  }, async (request) => {
    const s = scopeOf(request.params);
    const body = request.body;
    if (body.delete) await deleteNamed(app.db, 'cheatsheets', s, body.displayName);
    else {
      const createdBy = request.user!.id;
      const picks = toJson(body.playerPicks);
      await app.db.insertInto('cheatsheets').values({ ...s, display_name: body.displayName, created_by: createdBy, player_picks: picks })
        .onConflict((oc) => oc.columns([...NAMED_KEY]).doUpdateSet({ created_by: createdBy, player_picks: picks })).execute();
    }
    return { success: true };
  });

  app.post('/:sport/built-lineups/:app/:site/:slate/:counter/:season/:numLUs', {
    config: { rateLimit: limit(app.config.visitorWriteRateLimit, '1 hour', TOO_MANY_REQUESTS, visitorsOnly) },
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
      throw forbidden(limit < 1 ? PLAN_ALLOWS_NO_LINEUPS : overLineupLimit(p.numLUs, limit));
    }
    await app.db.insertInto('built_lineups').values({ ...s, user_id: request.user?.id ?? null, num_lus: p.numLUs, created_at: new Date().toISOString() }).execute();
    return { success: true };
  });
};

export default slateContentRoutes;
