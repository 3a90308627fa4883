// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { lineupHash, type BuiltLineup, type LineupRow } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { openSlate, settingsIn, testQueryClient } from '../test/openSlate';
import { keptBySiteRules, useBuilder } from './builderStore';
import { overrideSettings, resetSettings } from './slateData';

const ref: SlateRef = { sport: 'nfl', site: 'dk', contestType: 'classic', slate: 'Main', season: 2023, counter: '1' };

function lineup(run: number, ids: string[], saved = false): BuiltLineup {
  const rawTable = ids.map((Id) => ({ Id, Name: Id, Position: 'WR', TeamAbbrev: 'KC', Salary: 1, ProjPts: 1, ProjOwn: 1, Run: run, Slot: 'WR' }) as LineupRow);
  return { rawTable, lineupHash: lineupHash(rawTable), saved };
}

describe('optimizer result states', () => {
  let client = testQueryClient();
  beforeEach(() => {
    client = testQueryClient();
    openSlate(client, ref, { settings: {} });
  });

  it('fetch clears, batches append, cancel keeps what arrived', () => {
    const s = useBuilder.getState;
    s().appendLineups([lineup(1, ['a'])], 1, 5, []);
    s().fetchResult(5);
    expect(s().result).toMatchObject({ loading: true, data: [], total: 5 });
    expect(s().tab).toBe('lineups');
    s().appendLineups([lineup(1, ['a']), lineup(2, ['b'])], 2, 5, ['w']);
    s().appendLineups([lineup(3, ['c'])], 3, 5, ['w']);
    expect(s().result.data).toHaveLength(3);
    expect(s().result.warnings).toEqual(['w']);
    s().cancelResult();
    expect(s().result).toMatchObject({ loading: false, cancelled: true, luNum: 3 });
    expect(s().result.data).toHaveLength(3);
  });

  it('a failure keeps the error; replace overwrites one run', () => {
    const s = useBuilder.getState;
    s().fetchResult(2);
    s().appendLineups([lineup(1, ['a']), lineup(2, ['b'])], 2, 2, []);
    s().replaceRun(2, lineup(7, ['z']));
    expect(s().result.data.map((l) => l.rawTable[0]!.Id)).toEqual(['a', 'z']);
    expect(s().result.data[1]!.rawTable[0]!.Run).toBe(2);
    s().failResult('No lineup fits');
    expect(s().result).toMatchObject({ failedLoading: true, error: 'No lineup fits', loading: false });
  });

  it('adds the saved lineups it is given on finish, once each', () => {
    const s = useBuilder.getState;
    s().fetchResult(1);
    s().appendLineups([lineup(1, ['a'])], 1, 1, []);
    s().finishResult([lineup(1, ['s'], true), lineup(1, ['a'], true)]);
    expect(s().result.data.map((l) => l.rawTable[0]!.Id)).toEqual(['a', 's']);
  });

  it('never adds a saved lineup the site would refuse, and says why when the build starts', () => {
    const s = useBuilder.getState;
    // Nine players of KC@BUF and one of DAL@NYG: DraftKings needs players from 2 games.
    const player = (Id: string, TeamAbbrev: string, Opp: string) => ({ Id, Name: Id, Position: 'WR', TeamAbbrev, Opp, Salary: 5000, ProjPts: 10, ProjOwn: 5, MinExp: 0, MaxExp: 100 });
    const rows = [...Array.from({ length: 9 }, (_, i) => player(`k${i}`, i % 2 ? 'KC' : 'BUF', i % 2 ? 'BUF' : 'KC')), player('d0', 'DAL', 'NYG')];
    const oneGame = lineup(1, rows.slice(0, 9).map((r) => r.Id), true);
    const twoGames = lineup(2, [...rows.slice(0, 8).map((r) => r.Id), 'd0'], true);
    const check = keptBySiteRules(ref, [oneGame, twoGames], rows);
    expect(check.accepted).toEqual([twoGames]);
    expect(check.refused).toEqual(['Saved lineup 1 is left out: the site would refuse it. DraftKings needs players from at least 2 games in a lineup; this lineup has 1.']);

    s().fetchResult(1, check.refused);
    expect(s().result.warnings).toEqual(check.refused);
    s().appendLineups([lineup(1, ['a'])], 1, 1, []);
    s().finishResult(check.accepted);
    expect(s().result.data.map((l) => l.lineupHash)).toEqual([lineup(1, ['a']).lineupHash, twoGames.lineupHash]);
  });

  it('settings: the stored ones merge over the defaults, override sets keys, reset restores defaults', () => {
    openSlate(client, ref, { settings: { numLUs: 40 } });
    overrideSettings(client, { minUnique: 3 });
    expect(settingsIn(client)).toMatchObject({ numLUs: 40, minUnique: 3, teamStackPct: 0.9 });
    resetSettings(client);
    expect(settingsIn(client)).toMatchObject({ numLUs: 3, minUnique: 1 });
  });
});
