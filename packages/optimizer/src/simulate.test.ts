import { describe, expect, it } from 'vitest';
import { getRoster, SIMULATION_NEEDS_POINTS } from '@stacksmith/domain';
import { randomPool } from '../test-support/random-pool.js';
import { exposureLimits, lineupOptions, simulationSlate } from './simulate.js';
import { InputError } from './types.js';
import type { PoolPlayer } from './types.js';

describe('simulation slate from player rows', () => {
  it('classic: one option per row, its slots from the roster, mean from the projection and boost, ownership from ProjOwn/UserOwn', () => {
    const players: PoolPlayer[] = randomPool(getRoster('nfl', 'dk', 'classic'), 40, 3).map((p, i) => ({ ...p, ProjOwn: 10 + i }));
    players[0] = { ...players[0]!, UserProj: 30, Boost: 2, UserOwn: 55 };
    const sim = simulationSlate({ sport: 'nfl', site: 'dk', contestType: 'classic', players });
    expect(sim.slate.options).toHaveLength(40);
    expect(sim.slate.slotCount).toBe(9);
    expect(sim.slate.players[0]!.mean).toBeCloseTo(33, 10); // 30 × (1 + 0.05·2)
    expect(sim.slate.options[0]!.ownership).toBe(55);
    const wr = sim.slate.options.find((o) => o.positions[0] === 'WR')!;
    expect(wr.slots).toEqual([3, 4, 5, 7]);
    expect(sim.slate.options.every((o) => o.multiplier === 1 && !o.captain)).toBe(true);
  });

  it('showdown: a row without RosterPosition is a captain and a flex option of one real player', () => {
    const players = randomPool(getRoster('nfl', 'dk', 'showdown'), 20, 4);
    const sim = simulationSlate({ sport: 'nfl', site: 'dk', contestType: 'showdown', players });
    expect(sim.slate.players).toHaveLength(20);
    expect(sim.slate.options).toHaveLength(40);
    const [captain, flex] = [sim.unitGroupOption[0]![sim.slotGroup[0]!]!, sim.unitGroupOption[0]![sim.slotGroup[1]!]!];
    expect(sim.slate.options[captain]).toMatchObject({ captain: true, multiplier: 1.5, player: 0, salary: players[0]!.Salary * 1.5, slots: [0] });
    expect(sim.slate.options[flex]).toMatchObject({ captain: false, multiplier: 1, player: 0, salary: players[0]!.Salary, slots: [1, 2, 3, 4, 5] });
  });

  it('showdown: CPT and FLEX rows of one player share his outcome; the mean comes from the FLEX row', () => {
    const flexRows = randomPool(getRoster('nfl', 'dk', 'showdown'), 12, 5).map((p) => ({ ...p, RosterPosition: 'FLEX' }));
    const rows = [...flexRows.map((p) => ({ ...p, Id: `${p.Id}c`, RosterPosition: 'CPT', ProjPts: p.ProjPts * 1.5, Salary: p.Salary * 1.5 })), ...flexRows];
    const sim = simulationSlate({ sport: 'nfl', site: 'dk', contestType: 'showdown', players: rows });
    expect(sim.slate.players).toHaveLength(12);
    const cpt = sim.slate.options[0]!;
    const flex = sim.slate.options.find((o) => o.id === flexRows[0]!.Id)!;
    expect(cpt.player).toBe(flex.player);
    expect(cpt).toMatchObject({ captain: true, multiplier: 1.5 });
    expect(sim.slate.players[cpt.player]!.mean).toBeCloseTo(flexRows[0]!.ProjPts, 10);
    // A lineup given by Ids in slot order takes the captain option in the first slot.
    const ids = [rows[0]!.Id, ...flexRows.slice(1, 6).map((p) => p.Id)];
    expect(lineupOptions(sim, ids)[0]).toBe(0);
    expect(() => lineupOptions(sim, [flexRows[0]!.Id, ...ids.slice(1)])).toThrow(/cannot fill slot 1/);
    expect(() => lineupOptions(sim, ['nope', ...ids.slice(1)])).toThrow('lineup: player nope is not in the player pool');
    expect(() => lineupOptions(sim, ids.slice(1))).toThrow('lineup: 5 players for a roster of 6');
  });

  it('refuses players without points as bad input', () => {
    const players: PoolPlayer[] = randomPool(getRoster('nfl', 'dk', 'classic'), 30, 6).map((p) => ({ ...p, ProjPts: 0, UserProj: null }));
    const request = { sport: 'nfl', site: 'dk', contestType: 'classic', players } as const;
    expect(() => simulationSlate(request)).toThrow(InputError);
    expect(() => simulationSlate(request)).toThrow(SIMULATION_NEEDS_POINTS);
    players[3] = { ...players[3]!, UserProj: 12 };
    expect(simulationSlate(request).slate.players[3]!.mean).toBe(12);
  });

  it('turns MinExp/MaxExp into lineup counts for the portfolio size', () => {
    const players = randomPool(getRoster('nfl', 'dk', 'classic'), 30, 6);
    players[1] = { ...players[1]!, MaxExp: 30 };
    players[2] = { ...players[2]!, MinExp: 25 };
    const sim = simulationSlate({ sport: 'nfl', site: 'dk', contestType: 'classic', players });
    const limits = exposureLimits(sim, 10);
    expect(limits).toEqual([
      { options: [1], min: 0, max: 3, label: `${players[1]!.Name} exposure` },
      { options: [2], min: 3, max: 10, label: `${players[2]!.Name} exposure` },
    ]);
  });
});
