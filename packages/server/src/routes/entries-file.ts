// The entries file of the builder's Entries tab (docs/api.md "Entries
// files"): a DraftKings DKEntries.csv or a FanDuel entries file / upload template, read by the
// optimizer's reader (every layout, the site checked), its empty entries dealt the lineups
// (domain fillEntryLineups: in order, or from the lineup the user picks per contest), and
// written back with the file's own entry columns exactly as read (services/entries-files.ts,
// in a file thread).
import { CONTEST_TYPES, entriesFileReplySchema, type EntriesFileReply } from '@stacksmith/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_BUILDER_FILE_CHARS, uploadedFile } from './file-upload.js';
import { runFileJob } from '../services/uploaded-files.js';
import { bearer, site, sport } from './params.js';

const id = z.string().max(40);

const entriesFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/entries-file', {
    onRequest: [app.requireUser, ...app.uploadLimits],
    schema: {
      tags: ['build'], security: bearer,
      description: "Reads an entries file and fills its empty entries with `lineups` (site Ids by slot): contest i's empty entries take lineups starts[i], starts[i]+1, … (default: in order). Answers the entries, the counts and the file to upload.",
      body: z.object({
        sport, site, contestType: z.enum(CONTEST_TYPES),
        ...uploadedFile(MAX_BUILDER_FILE_CHARS),
        lineups: z.array(z.array(id).max(12)).max(1000).default([]),
        starts: z.array(z.number().int().min(0).max(1000)).max(1000).optional(),
      }),
      response: { 200: entriesFileReplySchema },
    },
  }, async (request) => runFileJob<EntriesFileReply>(app, { kind: 'entries-file', request: request.body }));
};

export default entriesFileRoutes;
