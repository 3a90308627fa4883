import { describe, expect, expectTypeOf, it } from 'vitest';
import { lineupComparisonReplySchema, propsReplySchema } from './analysis-replies.js';
import { groupsReplySchema, teamStacksReplySchema, type PlayerGroupReply } from './api-replies.js';
import type { PlayerGroup, TeamStackRow } from './stacks.js';

describe('the extras replies', () => {
  it('are the domain\'s group and team row types, so the web client can use them as such', () => {
    expectTypeOf<PlayerGroupReply>().toExtend<PlayerGroup>();
    expectTypeOf<Extract<(typeof teamStacksReplySchema)['_output'][number], { TeamAbbrev: string }>>().toExtend<TeamStackRow>();
  });

  it('take team rows and stack groups side by side, and refuse a row of neither kind', () => {
    const stacks = [
      { TeamAbbrev: 'KC', Opp: 'DET', AllowQBStack: false, TotalMaxPlayers: 4 },
      { ID: 9, name: 'KC pair', players: ['1', { Id: 2 }], anchorPlayerID: ['1'], minGroup: 1, maxGroup: 2, pctGroup: 0.5, active: true },
    ];
    expect(teamStacksReplySchema.parse(stacks)).toEqual(stacks);
    expect(teamStacksReplySchema.safeParse([{ TeamAbbrev: 'KC', AllowQBStack: 'yes' }]).success).toBe(false);
    expect(teamStacksReplySchema.safeParse([{ name: 'no players' }]).success).toBe(false);
    expect(groupsReplySchema.safeParse([{ players: 'x' }]).success).toBe(false);
  });
});

describe('the analysis replies', () => {
  it('take the shapes the gating leaves: props without projected ownership, comparison rows without finish shares', () => {
    const prop = { market: 'Anytime TD', Name: 'A', Team: 'BUF', Position: 'WR', oddsAmerican: 120, salary: null };
    expect(propsReplySchema.parse({ props: [prop] })).toEqual({ props: [prop] });
    const blanked = { Metric: 'QB stacked with 1+ teammate', MyPcts: 0.5, Finish1to5: null, Finish6to50: null, Cashed: null, Lost: null };
    expect(lineupComparisonReplySchema.parse({ lineup_comparison: [blanked] })).toEqual({ lineup_comparison: [blanked] });
    // A row missing a finish column entirely is not a blanked row but a broken one.
    const { Lost: _lost, ...broken } = blanked;
    expect(lineupComparisonReplySchema.safeParse({ lineup_comparison: [broken] }).success).toBe(false);
  });
});
