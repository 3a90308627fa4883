// The entries file of the builder's Entries tab (issue 20 item 6; docs/api.md "Entries
// files"): a DraftKings DKEntries.csv or a FanDuel entries file / upload template, read by the
// optimizer's reader (every layout, the site checked), its empty entries dealt the lineups
// (domain fillEntryLineups: in order, or from the lineup the user picks per contest), and
// written back with the file's own entry columns exactly as read.
import { CONTEST_TYPES, defaultLineupStarts, entryContests, fillEntryLineups, findRoster } from '@stacksmith/domain';
import { InputError, readSlateFile, writeEntriesBack } from '@stacksmith/optimizer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadedFile } from './file-upload.js';
import { badRequest } from '../http-errors.js';
import { bearer, site, sport } from './params.js';

const MAX_FILE_CHARS = 2_000_000;
const id = z.string().max(40);

const entriesFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/entries-file', {
    preHandler: app.requireUser,
    schema: {
      tags: ['build'], security: bearer,
      description: "Reads an entries file and fills its empty entries with `lineups` (site Ids by slot): contest i's empty entries take lineups starts[i], starts[i]+1, … (default: in order). Answers the entries, the counts and the file to upload.",
      body: z.object({
        sport, site, contestType: z.enum(CONTEST_TYPES),
        ...uploadedFile(MAX_FILE_CHARS),
        lineups: z.array(z.array(id).max(12)).max(1000).default([]),
        starts: z.array(z.number().int().min(0).max(1000)).max(1000).optional(),
      }),
    },
  }, async (request) => {
    const b = request.body;
    const roster = findRoster(b.sport, b.site, b.contestType);
    if (!roster) throw badRequest(`no ${b.contestType} roster for ${b.sport} on ${b.site}`);
    let file;
    try {
      file = readSlateFile(b.csv, b.fileName, roster);
    } catch (error) {
      if (error instanceof InputError) throw badRequest(error.message);
      throw error;
    }
    if (file.entries.length === 0) throw badRequest(`${b.fileName}: the ${file.layoutName} has no entries (rows with an entry id): download it from My Contests once you have entered`);
    const bad = b.lineups.findIndex((l) => l.length !== roster.slots.length);
    if (bad >= 0) throw badRequest(`lineup ${bad + 1} has ${b.lineups[bad]!.length} players; this roster needs ${roster.slots.length}`);
    const starts = b.starts ?? defaultLineupStarts(entryContests(file.entries));
    const filled = fillEntryLineups(file.entries, b.lineups, starts);
    return {
      layout: file.layout, layoutName: file.layoutName,
      entries: filled.entries.map((e) => ({ entryId: e.entryId, contestName: e.contestName, contestId: e.contestId, entryFee: e.entryFee, players: e.players })),
      filled: filled.filled, leftEmpty: filled.leftEmpty,
      csv: writeEntriesBack(b.csv, file, filled.entries.map((e) => ({ entry: e, players: e.players }))),
    };
  });
};

export default entriesFileRoutes;
