// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { lineupHash, type BuiltLineup, type LineupRow } from '@stacksmith/domain';
import type { SlateRef } from '../api/client';
import { openSlate, settingsIn, testQueryClient } from '../test/openSlate';
import { useBuilder } from './builderStore';
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

  it('settings: the stored ones merge over the defaults, override sets keys, reset restores defaults', () => {
    openSlate(client, ref, { settings: { numLUs: 40 } });
    overrideSettings(client, { minUnique: 3 });
    expect(settingsIn(client)).toMatchObject({ numLUs: 40, minUnique: 3, teamStackPct: 0.9 });
    resetSettings(client);
    expect(settingsIn(client)).toMatchObject({ numLUs: 3, minUnique: 1 });
  });
});
