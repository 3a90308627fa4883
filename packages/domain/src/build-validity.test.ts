import { describe, expect, it } from 'vitest';
import { buildBlockers, classicBuildErrors, exposureSums } from './build-validity.js';

type Row = { Name: string; Position: string; MinExp: number; MaxExp: number };
const row = (Name: string, Position: string, MinExp = 0, MaxExp = 100): Row => ({ Name, Position, MinExp, MaxExp });

/** A valid pool: 1 QB, 2 RB, 3 WR, 2 TE, 1 DST at max 100. */
const validPool = (): Row[] => [
  row('Q1', 'QB'), row('R1', 'RB'), row('R2', 'RB'), row('W1', 'WR'), row('W2', 'WR'), row('W3', 'WR'),
  row('T1', 'TE'), row('T2', 'TE'), row('D1', 'DST'),
];

describe('classicBuildErrors', () => {
  it('accepts a pool that can fill every slot', () => {
    expect(classicBuildErrors(validPool())).toEqual([]);
  });

  it('reports a player with Min Exp above Max Exp', () => {
    const pool = [...validPool(), row('Travis Kelce', 'TE', 60, 50)];
    expect(classicBuildErrors(pool)).toEqual(['Travis Kelce has a greater Min Exp than Max Exp']);
  });

  it('reports positions whose Max Exp cannot fill the lineup', () => {
    const pool = validPool().map((p) => (p.Name === 'W3' ? { ...p, MaxExp: 50 } : p));
    // WR sums to 250 < 300; FLEX sums to 650 < 700.
    expect(classicBuildErrors(pool)).toEqual([
      'WR exposure does not meet lineup minimums (300)',
      'FLEX exposure does not meet lineup minimums (700)',
    ]);
  });

  it('reports positions whose Min Exp overfills the lineup', () => {
    const pool = [
      ...validPool().map((p) => (p.Position === 'QB' ? { ...p, MinExp: 60 } : p)),
      row('Q2', 'QB', 50, 100), row('R3', 'RB', 100, 100), row('R4', 'RB', 100, 100), row('R5', 'RB', 100, 100), row('R6', 'RB', 10, 100),
    ];
    expect(classicBuildErrors(pool)).toEqual([
      'QB exposure exceeds lineup maximums (100)',
      'RB exposure exceeds lineup maximums (300)',
    ]);
  });

  it('counts FLEX as RB + WR + TE and reads defence spellings as DST', () => {
    const sums = exposureSums([row('a', 'RB', 10, 50), row('b', 'WR', 20, 60), row('c', 'TE', 5, 70), row('d', 'D', 1, 80), row('e', 'QB', 0, 90)]);
    expect(sums.FLEX).toEqual({ minExp: 35, maxExp: 180 });
    expect(sums.DST).toEqual({ minExp: 1, maxExp: 80 });
    expect(sums.QB).toEqual({ minExp: 0, maxExp: 90 });
  });

  it('lets one player reach the FLEX maximum exactly but not beyond', () => {
    const locked = ['R1', 'R2', 'W1', 'W2', 'W3', 'T1', 'T2'];
    const pool = validPool().map((p) => (locked.includes(p.Name) ? { ...p, MinExp: 100 } : p));
    expect(classicBuildErrors(pool)).toEqual([]);
    expect(classicBuildErrors([...pool, row('R3', 'RB', 1, 100)])).toEqual(['FLEX exposure exceeds lineup maximums (700)']);
  });
});

describe('buildBlockers', () => {
  it('requires login unless the special mode is on', () => {
    expect(buildBlockers({ contestType: 'classic', players: validPool(), loggedIn: false })).toEqual([
      'You must be logged in to create lineups.',
    ]);
    expect(buildBlockers({ contestType: 'classic', players: validPool(), loggedIn: false, specialMode: true })).toEqual([]);
  });

  it('checks the position sums for nfl classic only, and Min Exp above Max Exp in every sport and contest type', () => {
    const players = [row('Q1', 'QB', 80, 20)];
    expect(buildBlockers({ contestType: 'showdown', players, loggedIn: true })).toEqual(['Q1 has a greater Min Exp than Max Exp']);
    expect(buildBlockers({ contestType: 'classic', sport: 'nba', players, loggedIn: true })).toEqual(['Q1 has a greater Min Exp than Max Exp']);
    expect(buildBlockers({ contestType: 'classic', players, loggedIn: true })).toContain('Q1 has a greater Min Exp than Max Exp');
    expect(buildBlockers({ contestType: 'showdown', players: [row('Q1', 'QB', 20, 80)], loggedIn: true })).toEqual([]);
  });
});
