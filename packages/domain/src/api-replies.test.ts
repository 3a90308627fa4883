import { describe, expect, expectTypeOf, it } from 'vitest';
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
