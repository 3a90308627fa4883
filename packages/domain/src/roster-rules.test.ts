import { describe, expect, it } from 'vitest';
import { buildBlockers } from './build-validity.js';
import { getRoster } from './roster.js';
import { renderMessage } from './messages.js';
import { gameKey, lineupIdsRuleViolations, lineupRuleViolations, teamRulesShortfall } from './roster-rules.js';

const p = (TeamAbbrev: string, Opp: string, Position = 'WR') => ({ TeamAbbrev, Opp, Position });

describe('site roster rules as checks', () => {
  it('a game is its two teams, either way round', () => {
    expect(gameKey('NYG', 'DAL')).toBe(gameKey('DAL', 'NYG'));
    expect(gameKey('NYG', '')).toBe('NYG');
  });

  it('FanDuel nfl: 5 of one team and 2 teams are refused', () => {
    const lineup = [...Array(5).fill(p('KC', 'BUF')), ...Array(4).fill(p('BUF', 'KC'))];
    expect(lineupRuleViolations(getRoster('nfl', 'fd', 'classic'), lineup)).toEqual([
      'FanDuel allows at most 4 players of one team; this lineup has 5 of KC.',
      'FanDuel needs players of at least 3 teams in a lineup; this lineup has 2.',
    ]);
  });

  it('FanDuel mlb counts hitters only: a pitcher with 4 hitters of his team is fine', () => {
    const lineup = [p('NYY', 'BOS', 'P'), ...Array(4).fill(p('NYY', 'BOS', 'OF')), ...Array(2).fill(p('BOS', 'NYY', '2B')), ...Array(2).fill(p('LAD', 'SF', 'SS'))];
    expect(lineupRuleViolations(getRoster('mlb', 'fd', 'classic'), lineup)).toEqual([]);
  });

  it('DraftKings classic: one game is refused; showdown: one team is refused', () => {
    expect(lineupRuleViolations(getRoster('nba', 'dk', 'classic'), [...Array(4).fill(p('BOS', 'MIA')), ...Array(4).fill(p('MIA', 'BOS'))]))
      .toEqual(['DraftKings needs players from at least 2 games in a lineup; this lineup has 1.']);
    expect(lineupRuleViolations(getRoster('mlb', 'dk', 'showdown'), Array(6).fill(p('NYY', 'BOS', 'OF'))))
      .toEqual(['DraftKings needs players of at least 2 teams in a lineup; this lineup has 1.']);
  });

  it('Yahoo single game: the team DEF does not count for the second team', () => {
    const lineup = [...Array(4).fill(p('KC', 'BUF', 'WR')), p('BUF', 'KC', 'DEF')];
    expect(lineupRuleViolations(getRoster('nfl', 'ya', 'showdown'), lineup)).toHaveLength(1);
  });

  it('a whole game faded on a 2-game DraftKings slate is a pre-build error', () => {
    const roster = getRoster('nfl', 'dk', 'classic');
    expect(renderMessage(teamRulesShortfall(roster, [p('KC', 'BUF'), p('BUF', 'KC')])!)).toMatch(/at least 2 games in every lineup, and the settings leave only BUF@KC/);
    const players = [
      { Name: 'A', Position: 'QB', TeamAbbrev: 'KC', Opp: 'BUF', MinExp: 0, MaxExp: 100 },
      { Name: 'B', Position: 'QB', TeamAbbrev: 'DAL', Opp: 'NYG', MinExp: 0, MaxExp: 0 },
    ];
    const blockers = buildBlockers({ contestType: 'classic', sport: 'nfl', site: 'dk', players, loggedIn: true });
    expect(blockers.some((b) => /DraftKings needs players from at least 2 games/.test(b))).toBe(true);
    const both = buildBlockers({ contestType: 'classic', sport: 'nfl', site: 'dk', players: players.map((x) => ({ ...x, MaxExp: 100 })), loggedIn: true });
    expect(both.some((b) => /at least 2 games/.test(b))).toBe(false);
  });

  it('a lineup of Ids is checked on the slate\'s rows, showdown Ids by row or by site Id', () => {
    const rows = [
      { Id: '1|CPT', TeamAbbrev: 'KC', Opp: 'BUF', Position: 'QB' }, { Id: '1|FLEX', TeamAbbrev: 'KC', Opp: 'BUF', Position: 'QB' },
      ...['2', '3', '4', '5', '6'].map((Id) => ({ Id: `${Id}|FLEX`, TeamAbbrev: 'KC', Opp: 'BUF', Position: 'WR' })),
      { Id: '7|FLEX', TeamAbbrev: 'BUF', Opp: 'KC', Position: 'WR' },
    ];
    const roster = getRoster('nfl', 'dk', 'showdown');
    expect(lineupIdsRuleViolations(roster, ['1|CPT', '2|FLEX', '3|FLEX', '4|FLEX', '5|FLEX', '6|FLEX'], rows))
      .toEqual(['DraftKings needs players of at least 2 teams in a lineup; this lineup has 1.']);
    expect(lineupIdsRuleViolations(roster, ['1', '2', '3', '4', '5', '7'], rows)).toEqual([]);
    // A player not on the slate: the teams cannot be counted, so nothing is claimed.
    expect(lineupIdsRuleViolations(roster, ['1|CPT', '2|FLEX', '3|FLEX', '4|FLEX', '5|FLEX', 'nobody'], rows)).toEqual([]);
  });
});
