// The Admin tab's imports (admins only): a salary file or a projection file
// for the slate being built, through the same importers as the operator commands. With
// `write: false` every row is checked and a preview answered, nothing written; a bad row is
// a 400 naming its line and column, so the tab shows it before anything changes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CONTEST_TYPES, importReplySchema, privateSlateId, reasonOnWire } from '@stacksmith/domain';
import { z } from 'zod';
import { uploadedFile } from './file-upload.js';
import { badRequest } from '../http-errors.js';
import { ImportError } from '../importers/csv.js';
import { importProjections, importSalaries } from '../importers/importers.js';
import { bearer, counter, season, site, slate, sport } from './params.js';

const MAX_FILE_CHARS = 5_000_000;

const body = z.object({
  sport, site, season, counter,
  // my-<id> names a user's own slate (docs/api.md): a site slate of that name could never be opened.
  slate: slate.refine((name) => privateSlateId(name) === null, 'my-<number> is kept for users\' own slates'),
  contestType: z.enum(CONTEST_TYPES),
  ...uploadedFile(MAX_FILE_CHARS),
  write: z.boolean().default(false),
});
// A contest the sport and site do not have is the importer's 400 (noRosterMessage), said in one place.

const adminImportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/admin/import/:kind', {
    onRequest: app.requireAdmin,
    schema: {
      tags: ['admin'], security: bearer,
      description: 'Imports a salary or projection file onto a slate; write: false only checks it and answers a preview.',
      params: z.object({ kind: z.enum(['salaries', 'projections']) }),
      body,
      response: { 200: importReplySchema },
    },
  }, async (request) => {
    const b = request.body;
    const target = { sport: b.sport, site: b.site, contestType: b.contestType, season: b.season, counter: String(b.counter), slate: b.slate };
    const run = request.params.kind === 'salaries' ? importSalaries : importProjections;
    try {
      const report = await run(app.db, target, b.csv, b.fileName, { dryRun: !b.write });
      // Unmatched rows' reasons go out as text and code, as the builder's match report sends them.
      const { match, ...rest } = report;
      return { ...rest, ...(match ? { match: { ...match, unmatched: match.unmatched.map((u) => ({ ...u, ...reasonOnWire(u.reason) })) } } : {}), written: b.write };
    } catch (error) {
      if (error instanceof ImportError) throw badRequest(error.coded);
      throw error;
    }
  });
};

export default adminImportRoutes;
