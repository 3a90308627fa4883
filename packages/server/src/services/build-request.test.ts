import { buildMessageSchema, coded } from '@stacksmith/domain';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../config.js';
import { toBuildRequest, toWireLineup } from './build-request.js';

const player = (id: string, extra: Record<string, unknown> = {}) => ({
  Id: id, Name: `P${id}`, Position: 'QB', TeamAbbrev: 'KC', Opp: 'DET', Salary: '5000', ProjPts: 10, DKPts: 12, ...extra,
});

describe('toBuildRequest', () => {
  it('maps the message to the optimizer request and passes stacks, groups and late swap through', () => {
    const message = buildMessageSchema.parse({
      token: 't', sport: 'nfl', site: 'dk', counter: 22, players: [player('1|CPT', { RosterPosition: 'CPT', UserProj: '' }), player('1|FLEX')],
      teamStacks: [{ TeamAbbrev: 'KC' }], groups: [{ ID: 1 }], afterStartActivated: false, afterStartLineups: [[1, 2, 'Main']],
      numLUs: '5', minSal: 48000, includeSaved: 1, ceilingPct: 0.2, projPtsRandInput: 'low',
      savedLineups: [{ rawTable: [{ Id: 7 }, { Id: '8' }], lineupHash: '7-8' }],
    });
    const { request, warnings } = toBuildRequest(message, 150, 1234);
    expect(request.contestType).toBe('showdown');
    expect(request.players[0]).toMatchObject({ Id: '1|CPT', Salary: 5000, ProjPts: 12, RosterPosition: 'CPT', UserProj: null });
    expect(request.settings).toMatchObject({ numLUs: 5, minSal: 48000, includeSaved: true, ceilingPct: 0.2, projPtsRandInput: 'low' });
    expect(request.settings).not.toHaveProperty('token');
    expect(request.savedLineups).toEqual([['7', '8']]);
    expect(request).toMatchObject({
      teamStacks: [{ TeamAbbrev: 'KC' }], groups: [{ ID: 1 }], afterStartLineups: [[1, 2, 'Main']], afterStartActivated: false,
      now: new Date(1234).toISOString(),
    });
    expect(warnings).toEqual([]);
  });

  it('reads settings as clients send them: numbers as text, yes/no as 0/1 or text, stack rules as JSON text, unknown keys passed on', () => {
    const message = buildMessageSchema.parse({
      sport: 'mlb', site: 'dk', players: [player('1')], numLUs: '4', minSal: ' 49000', maxSal: null, allowDefenseVsQB: 'false', includeSaved: 0,
      stackSettingMode: 'advanced', specificStacks: '[{"PrimaryStack": 5, "SecondaryStack": "3", "freq": 1}]', allowDefenseVsTeam: 1, fooBar: 'x',
    });
    const { request } = toBuildRequest(message, 150, 1234);
    expect(request.settings).toEqual({
      numLUs: 4, minSal: 49000, allowDefenseVsQB: false, includeSaved: false, stackSettingMode: 'advanced',
      specificStacks: [{ PrimaryStack: 5, SecondaryStack: 3, freq: 1 }], allowDefenseVsTeam: true, fooBar: 'x',
    });
  });

  it('passes a live file\'s game state and status through (started players lock for late swap), refusing unknown ones', () => {
    const message = buildMessageSchema.parse({ sport: 'nfl', site: 'dk', players: [player('1', { GameState: 'in-progress', Status: 'questionable' }), player('2', { GameState: null })] });
    const { request } = toBuildRequest(message, 150, 1234);
    expect(request.players[0]).toMatchObject({ GameState: 'in-progress', Status: 'questionable' });
    expect(request.players[1]).not.toHaveProperty('GameState');
    expect(() => buildMessageSchema.parse({ sport: 'nfl', site: 'dk', players: [player('1', { GameState: 'maybe' })] })).toThrow();
  });

  it('caps numLUs at the plan limit and uses the after-start count when activated', () => {
    const capped = toBuildRequest(buildMessageSchema.parse({ sport: 'nfl', site: 'dk', players: [player('1')], numLUs: 40 }), 20);
    expect(capped.request.settings!.numLUs).toBe(20);
    expect(capped.warnings).toEqual([coded('lineup-limit', { limit: 20 })]);
    const lateSwap = toBuildRequest(buildMessageSchema.parse({
      sport: 'nfl', site: 'dk', players: [player('1')], numLUs: 3, afterStartActivated: true, afterStartLineups: [[], [], [], []],
    }), 150);
    expect(lateSwap.request.settings!.numLUs).toBe(4);
    expect(lateSwap.request).toMatchObject({ afterStartLineups: [[], [], [], []], afterStartActivated: true });
    const grouped = toBuildRequest(buildMessageSchema.parse({
      sport: 'nfl', site: 'dk', players: [player('1')], numLUs: 10, afterStartActivated: true,
      afterStartLineups: { Main: { active: true, lineups: [[], []] }, Early: { active: false, lineups: [[]] }, Late: { lineups: [[]] } },
    }), 150);
    expect(grouped.request.settings!.numLUs).toBe(3);
  });

  it('takes the late-swap clock apart from the seed', () => {
    const message = buildMessageSchema.parse({ sport: 'nfl', site: 'dk', players: [player('1')] });
    const { request } = toBuildRequest(message, 150, 5678, Date.parse('2023-09-10T14:00:00-04:00'));
    expect(request.seed).toBe(5678);
    expect((request as { now?: string }).now).toBe('2023-09-10T18:00:00.000Z');
  });

  it('reads LATE_SWAP_NOW as an instant and refuses a time without its offset', () => {
    expect(configFromEnv({ LATE_SWAP_NOW: '2023-09-10T14:00:00-04:00' }).lateSwapNow).toBe(Date.parse('2023-09-10T18:00:00Z'));
    expect(configFromEnv({}).lateSwapNow).toBeUndefined();
    expect(() => configFromEnv({ LATE_SWAP_NOW: '2023-09-10 14:00' })).toThrow(/LATE_SWAP_NOW: expected an ISO time/);
  });

  it('rejects messages without a player pool or with unknown sports', () => {
    expect(buildMessageSchema.safeParse({ sport: 'nfl', site: 'dk', players: [] }).success).toBe(false);
    expect(buildMessageSchema.safeParse({ sport: 'xfl', site: 'dk', players: [player('1')] }).success).toBe(false);
    expect(buildMessageSchema.safeParse({ sport: 'nfl', site: 'dk', players: [{ Id: '1' }] }).success).toBe(false);
  });

  it('answers lineups in the client rows with Run, Slot and the sorted-Id hash', () => {
    const rows = new Map([['9', buildMessageSchema.shape.players.element.parse(player('9'))], ['10', buildMessageSchema.shape.players.element.parse(player('10'))]]);
    const wire = toWireLineup({
      slots: [
        { slot: 'QB', player: { Id: '9', Name: 'P9', Position: 'QB', TeamAbbrev: 'KC', Salary: 5000, ProjPts: 12 }, points: 12, salary: 5000 },
        { slot: 'FLEX', player: { Id: '10', Name: 'P10', Position: 'QB', TeamAbbrev: 'KC', Salary: 5000, ProjPts: 12 }, points: 12, salary: 5000 },
      ],
      points: 24, solvedPoints: 24, salary: 10000, ownership: 0, saved: false,
    }, 7, rows);
    expect(wire.lineupHash).toBe('10-9');
    expect(wire.rawTable.map((r) => [r.Id, r.Run, r.Slot, r.Opp])).toEqual([['9', 7, 'QB', 'DET'], ['10', 7, 'FLEX', 'DET']]);
    expect(wire.saved).toBe(false);
  });
});
