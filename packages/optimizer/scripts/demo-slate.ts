// Writes the demo slate: a deterministic ~400-player dk nfl classic projection CSV (the same
// slate the benchmark uses), so the demo needs no download and no real player data.
// Usage: tsx packages/optimizer/scripts/demo-slate.ts OUT.csv
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import Papa from 'papaparse';
import { benchSlate } from '../test-support/random-pool.js';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: demo-slate.ts OUT.csv\n');
  process.exit(2);
}
const columns = ['Id', 'Name', 'Position', 'TeamAbbrev', 'Opp', 'Salary', 'ProjPts', 'ProjOwn', 'Ceiling', 'GameStart'] as const;
const rows = benchSlate('nfl-dk-classic').map((p) => columns.map((c) => p[c] ?? ''));
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Papa.unparse({ fields: [...columns], data: rows }) + '\n');
process.stderr.write(`wrote ${rows.length} players to ${out}\n`);
