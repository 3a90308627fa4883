import { describe, expect, it } from 'vitest';
import { offList, onOffValues, ratesFromGameLogs, shareMinutes } from './on-off.js';

// Hand-computed cases (docs/on-off.md walks through the first one).
const team = [
  { Id: 'a', Name: 'A', TeamAbbrev: 'BOS', ProjMins: 36, ProjPts: 36, Salary: 9000, Usage: 30 },
  { Id: 'b', Name: 'B', TeamAbbrev: 'BOS', ProjMins: 24, ProjPts: 12, Salary: 6000, Usage: 20 },
  { Id: 'c', Name: 'C', TeamAbbrev: 'BOS', ProjMins: 12, ProjPts: 10, Salary: 5000, Usage: 40 },
  { Id: 'd', Name: 'D', TeamAbbrev: 'BOS', ProjMins: 4, ProjPts: 2, Salary: 3000, Usage: 20 },
  { Id: 'x', Name: 'X', TeamAbbrev: 'NYK', ProjMins: 30, ProjPts: 30, Salary: 8000, Usage: 25 },
  { Id: 'z', Name: 'Z', TeamAbbrev: 'NYK', ProjMins: 0, ProjPts: 0, Salary: 3000 },
];

describe('nba on/off', () => {
  it('lists players with no projected minutes as off', () => {
    expect(offList(team)).toEqual(['z']);
  });

  it('shares minutes in proportion, none above 48, passing the overflow on', () => {
    expect(shareMinutes([36, 24], 12)).toEqual([7.2, 4.8]);
    // 40 would take 16 but has room for 8; the 8 left go to the other player.
    expect(shareMinutes([40, 10], 20)).toEqual([8, 12]);
    expect(shareMinutes([0, 10], 6)).toEqual([0, 6]);
  });

  it('gives the off players minutes to rotation players and their usage to those on the floor', () => {
    const { values, players, off_list } = onOffValues(team, ['c'], 10);
    expect(off_list).toEqual(['c']);
    // 12 freed minutes: A 36/60 → +7.2, B 24/60 → +4.8; D (4 < 10 minMinutes) gets none and is not listed.
    // Usage-minutes before 30·36 + 20·24 + 40·12 + 20·4 = 2120, after 30·43.2 + 20·28.8 + 20·4 = 1952.
    // Factor 2120/1952 = 1.0861: A 1 pt/min → 46.92, B 0.5 pt/min → 15.64.
    const a = players.find((p) => p.Id === 'a')!;
    expect(a).toMatchObject({ OnOffMins: 43.2, OnOffUsage: 32.58, OnOffPts: 46.92, OnOffDiff: 10.92, Value: 5.21 });
    const b = players.find((p) => p.Id === 'b')!;
    expect(b).toMatchObject({ OnOffMins: 28.8, OnOffPts: 15.64, OnOffDiff: 3.64, Value: 2.61, OnOffValueDiff: 0.61 });
    expect(players.map((p) => p.Id)).toEqual(['a', 'b', 'x']);
    expect(values.map((v) => v.Id)).toEqual(['a', 'b']);
    // Another team is untouched.
    expect(players.find((p) => p.Id === 'x')).toMatchObject({ OnOffMins: 30, OnOffPts: 30, OnOffDiff: 0 });
  });

  it('keeps usage when the off player used less than those who replace him', () => {
    const { players } = onOffValues(team, ['d'], 0);
    // D's 4 minutes: A 36/72·4 = 2, B 24/72·4 = 1.333, C 12/72·4 = 0.667; usage-minutes rise, factor 1.
    expect(players.find((p) => p.Id === 'a')).toMatchObject({ OnOffMins: 38, OnOffPts: 38, OnOffUsage: 30 });
    expect(players.find((p) => p.Id === 'c')).toMatchObject({ OnOffMins: 12.67, OnOffPts: 10.56 });
  });

  it('uses game-log rates when there are some and keeps the projection as the base', () => {
    const logs = [{ Min: 30, DKPts: 45, FDPts: 40, Usg: 30 }, { Min: 10, DKPts: 15, FDPts: 12, Usg: 10 }];
    expect(ratesFromGameLogs(logs, 'dk')).toEqual({ pointsPerMinute: 1.5, usage: 25 });
    expect(ratesFromGameLogs(logs, 'fd')).toEqual({ pointsPerMinute: 1.3, usage: 25 });
    expect(ratesFromGameLogs([{ Min: 0 }], 'dk')).toBeNull();
    const table = [
      { Id: 'p', Name: 'P', TeamAbbrev: 'LAL', ProjMins: 30, ProjPts: 40, Salary: 8000 },
      { Id: 'q', Name: 'Q', TeamAbbrev: 'LAL', ProjMins: 10, ProjPts: 5, Salary: 4000 },
    ];
    // P takes Q's 10 minutes at 1.5 pts/min from the log: 40 + 15 = 55; usage 20 both (no Usg for Q), factor 1.
    const { players } = onOffValues(table, ['Q'], 0, { rates: new Map([['P', { pointsPerMinute: 1.5, usage: 20 }]]) });
    expect(players).toHaveLength(1);
    expect(players[0]).toMatchObject({ Id: 'p', OnOffMins: 40, OnOffPts: 55, OnOffDiff: 15 });
  });

  it('values Yahoo per 10 salary', () => {
    const { players } = onOffValues([{ Id: 'y', TeamAbbrev: 'MIA', ProjMins: 30, ProjPts: 30, Salary: 30 }], [], 0, { site: 'ya' });
    expect(players[0]!.Value).toBe(10);
  });
});
