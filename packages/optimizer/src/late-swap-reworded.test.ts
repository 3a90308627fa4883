// Late swap reads what happened to each entry from message codes, never from their text: with
// every message reworded, the entries keep the same reasons and the file's warnings the same codes.
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { getRoster, type CodedMessage } from '@stacksmith/domain';
import { NO_RANDOM } from '../test-support/lineup-checks.js';
import { NO_STACKS } from '../test-support/stack-checks.js';
import { readSlateFile } from './io/slate-file.js';
import { lateSwapEntries } from './late-swap-entries.js';

const reworded = vi.hoisted(() => ({ on: false }));
vi.mock('@stacksmith/domain', async (importOriginal) => {
  const domain = await importOriginal<typeof import('@stacksmith/domain')>();
  const render = (m: CodedMessage) => (reworded.on ? `reworded ${m.code}` : domain.renderMessage(m));
  return { ...domain, renderMessage: render, withText: <M extends CodedMessage>(m: M) => ({ ...m, message: render(m) }) };
});

const sample = (name: string) => readFileSync(new URL(`./io/fixtures/slates/${name}`, import.meta.url), 'utf8');
const roster = getRoster('nfl', 'dk', 'classic');

async function swap() {
  const file = readSlateFile(sample('DKEntries-nfl-classic.csv'), 'DKEntries.csv', roster);
  // Entry 1 filled with the first nine players by slot; its first player started and priced over the cap.
  const players = file.players;
  const pick = (position: string, skip: number) => players.filter((p) => p.Position === position)[skip]!.Id;
  const lineup = [pick('QB', 0), pick('RB', 0), pick('RB', 1), pick('WR', 0), pick('WR', 1), pick('WR', 2), pick('TE', 0), pick('RB', 2), pick('DST', 0)];
  const entries = [{ ...file.entries[0]!, players: lineup, locked: lineup.map(() => false) }, { ...file.entries[1]!, players: lineup.map(() => ''), locked: lineup.map(() => false) }];
  const pool = players.map((p) => (p.Id === lineup[0] ? { ...p, GameState: 'in-progress' as const, Salary: roster.salaryCap + 1 } : { ...p, GameState: undefined }));
  return lateSwapEntries({ sport: 'nfl', site: 'dk', contestType: 'classic', players: pool, settings: { ...NO_STACKS, ...NO_RANDOM } }, entries);
}

describe('late swap and reworded messages', () => {
  it('gives the same reasons and warnings, by code, whatever the texts say', async () => {
    const plain = await swap();
    reworded.on = true;
    try {
      const again = await swap();
      expect(again.results.map((r) => [r.status, r.reason])).toEqual(plain.results.map((r) => [r.status, r.reason]));
      expect(again.warnings).toEqual(plain.warnings);
      expect(again.results[0]!.lineup?.notes?.[0]?.message).toBe('reworded kept-as-it-was');
    } finally {
      reworded.on = false;
    }
    expect(plain.results.map((r) => r.reason?.code)).toEqual(['kept-as-it-was', 'entry-empty']);
    expect(plain.results[0]!.lineup?.notes?.[0]?.message).toBe('no other lineup fits the rules; it was kept as it was');
  });
});
